/** What the validator tests share: the validator they check with, and the tools they check against. */
import { createCompilingValidator } from './compile';
import type { JsonSchema, ToolDefinition } from '../toolset/types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
export const validator = createCompilingValidator();

export function makeTool(name: string, inputSchema: JsonSchema, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    title: name,
    description: `${name} test tool`,
    version: '1.0.0',
    category: 'file_operations',
    riskLevel: 'safe',
    tags: [],
    inputSchema,
    examples: [],
    invalidExamples: [],
    ...extra,
  };
}

export const readFile = makeTool(
  'read_file',
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:test:read_file',
    title: 'read_file arguments',
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path', maxLength: 4096, examples: ['README.md'] },
      start_line: { type: 'integer', minimum: 1, description: 'First line' },
      end_line: { type: 'integer', minimum: 1, description: 'Last line' },
      encoding: { type: 'string', enum: ['utf-8', 'ascii', 'utf-16'], default: 'utf-8' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  {
    relationships: [
      {
        kind: 'not_less_than',
        parameter: 'end_line',
        other: 'start_line',
        description: 'end_line must be >= start_line.',
      },
    ],
  },
);

export const everything = makeTool('everything', {
  $id: 'urn:test:everything',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    branch: { type: 'string', pattern: '^[a-z-]+$' },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    above: { type: 'number', exclusiveMinimum: 0 },
    count: { type: 'integer', minimum: 1, maximum: 100 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    options: {
      type: 'object',
      properties: { recursive: { type: 'boolean' }, depth: { type: 'integer', minimum: 0 } },
      required: ['recursive'],
      additionalProperties: false,
    },
    confirm: { const: true },
    url: { type: 'string', format: 'uri' },
    recurse: { type: 'boolean', deprecated: true, 'x-replacement': 'options.recursive' },
    legacy: { type: 'string', deprecated: true },
  },
  additionalProperties: false,
});

export const errorsOf = (tool: ToolDefinition, args: unknown, lenient = false) =>
  validator.validate(tool, args, { lenient }).errors.map((error) => ({ parameter: error.parameter, code: error.code }));
