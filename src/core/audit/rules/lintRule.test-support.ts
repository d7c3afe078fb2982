// Lints a one-tool toolset with a single rule: what a rule's tests feed it, with the validator the CLI builds.
import type { JsonObject, ToolDefinition } from '../../toolset/types';
import { createCompilingValidator } from '../../validation/compile';
import { lintTool, type AuditFinding } from '../index';

const validator = createCompilingValidator();

const testTool = (inputSchema: JsonObject, name = 'tool'): ToolDefinition => ({
  name,
  title: name,
  description: 'A tool of a lint rule test.',
  version: '1.0.0',
  category: 'testing',
  riskLevel: 'safe',
  tags: [],
  inputSchema,
  examples: [],
  invalidExamples: [],
});

export const findingsOf =
  (rule: string) =>
  (inputSchema: JsonObject): AuditFinding[] =>
    lintTool(testTool(inputSchema), { rules: [rule], validator });
