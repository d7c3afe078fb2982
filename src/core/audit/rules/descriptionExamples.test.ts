import { describe, expect, it } from 'vitest';
import { bundle } from '../../toolset/bundle';
import { createCompilingValidator } from '../../validation/compile';
import { exampleValidatorOf } from '../exampleValidator';
import { lintTool } from '../index';
import { quotedExamples } from './descriptionExamples';
import { findingsOf } from './lintRule.test-support';

const findings = findingsOf('description-examples');
const validator = createCompilingValidator();

describe('description-examples: values a description quotes as examples, against the parameter schema', () => {
  it('reads the quoted values after e.g., Examples:, for example and such as, and no other quoted text', () => {
    expect(quotedExamples("Path to read. Examples: 'README.md', 'src/Program.cs', '/home/user/file.txt'")).toEqual([
      'README.md',
      'src/Program.cs',
      '/home/user/file.txt',
    ]);
    expect(quotedExamples("Bash command line, e.g. 'git status && npm test'; pipes allowed.")).toEqual([
      'git status && npm test',
    ]);
    expect(quotedExamples('A branch name such as "main" or `release/1.0`.')).toEqual(['main', 'release/1.0']);
    expect(quotedExamples("Use 'utf-8' for most source code (default).")).toEqual([]);
    expect(quotedExamples('Request body, such as a JSON document.')).toEqual([]);
  });

  it("finds read_file's quoted '/home/user/file.txt', which its path format refuses, naming parameter, example and rule", () => {
    const readFile = bundle.tools.find((tool) => tool.name === 'read_file')!;
    const found = lintTool(readFile, { validator, rules: ['description-examples'] });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      parameter: 'path',
      severity: 'warning',
      pointer: '/inputSchema/properties/path/description',
    });
    expect(found[0]!.message).toContain("gives '/home/user/file.txt' as an example");
    expect(found[0]!.message).toMatch(/\[path_outside_workspace\]/);
  });

  it("validates with the tool's own schema, so the validator generated for it at build time serves the page too", () => {
    const readFile = bundle.tools.find((tool) => tool.name === 'read_file')!;
    const schemas: unknown[] = [];
    const check = exampleValidatorOf(validator);
    lintTool(readFile, {
      validator,
      rules: ['description-examples'],
      validateExample: (tool, args) => (schemas.push(tool.inputSchema), check(tool, args)),
    });
    expect(schemas.length).toBe(3);
    expect(schemas.every((schema) => schema === readFile.inputSchema)).toBe(true);
  });

  it('checks nested parameters and typed values; accepts examples the schema accepts', () => {
    const found = findings({
      type: 'object',
      properties: {
        options: {
          type: 'object',
          properties: { depth: { type: 'integer', minimum: 1, description: "Levels to descend, e.g. '0' or '3'." } },
        },
        tags: {
          type: 'array',
          items: { type: 'string', maxLength: 3, description: "A tag, for example 'ui' or 'backend'." },
        },
        name: { type: 'string', pattern: '^[a-z]+$', description: "Lowercase name, e.g. 'alpha'." },
      },
    });
    expect(found.map((finding) => [finding.parameter, finding.message.match(/gives '([^']+)'/)?.[1]])).toEqual([
      ['options.depth', '0'],
      ['tags[]', 'backend'],
    ]);
    expect(found[1]!.message).toContain('[string_too_long]');
  });
});
