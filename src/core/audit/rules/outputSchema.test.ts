import { createCompilingValidator } from '../../validation/compile';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../toolset/types';
import { lintTool } from '../index';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tool = (outputSchema?: ToolDefinition['outputSchema']): ToolDefinition => ({
  name: 'lookup',
  title: 'Lookup',
  description: 'Looks a thing up by its id and returns what it found.',
  version: '1.0.0',
  category: 'x',
  riskLevel: 'safe',
  tags: [],
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  examples: [],
  invalidExamples: [],
  ...(outputSchema ? { outputSchema } : {}),
});

const findings = (definition: ToolDefinition) =>
  lintTool(definition, { validator, rules: ['output-schema'] }).map((finding) => [finding.severity, finding.parameter]);

describe('output-schema audit rule', () => {
  it('says nothing of a tool without an output schema, or of a well-formed one', () => {
    expect(findings(tool())).toEqual([]);
    expect(
      findings(
        tool({ type: 'object', properties: { name: { type: 'string', maxLength: 100, description: 'The name' } } }),
      ),
    ).toEqual([]);
  });

  it('refuses a root that is not an object, and flags undescribed and unbounded fields', () => {
    expect(findings(tool({ type: 'array' }))).toEqual([['error', 'output']]);
    expect(
      findings(
        tool({
          type: 'object',
          properties: {
            body: { type: 'string' },
            items: { type: 'array', description: 'Items', items: { type: 'integer' } },
          },
        }),
      ),
    ).toEqual([
      ['warning', 'output.body'],
      ['info', 'output.body'],
      ['info', 'output.items'],
    ]);
  });
});
