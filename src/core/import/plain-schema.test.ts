/**
 * The import leaves plain schemas uncompiled (the validator compiles them on first use). These tests hold the
 * promise that this changes no verdict: every schema called plain compiles with nothing from strict mode, and
 * every import gives the same toolset, problems and validation results as compiling everything at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedToolsList } from '../../../scripts/bench-mcp-import';
import { collection } from '../toolset/bundle';
import type { JsonSchema, ToolDefinition } from '../toolset/types';
import { compileWithLog, createCompilingValidator } from '../validation/compile';
import { importToolset } from './import';
import { isPlainSchema } from './plain-schema';

const here = (path: string) => join(import.meta.dirname, path);
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const corpusFiles = readdirSync(here('../audit/corpus')).filter(
  (name) => name.endsWith('-mcp.json') || name.startsWith('server-') || name.endsWith('-server.json'),
);
const texts: [string, string][] = [
  ...corpusFiles.map(
    (name) =>
      [name, JSON.stringify({ tools: (read(here(`../audit/corpus/${name}`)) as { tools: unknown[] }).tools })] as [
        string,
        string,
      ],
  ),
  ...readdirSync(here('fixtures')).map(
    (name) => [name, readFileSync(here(`fixtures/${name}`), 'utf8')] as [string, string],
  ),
  ['200 generated tools', JSON.stringify(generatedToolsList(200))],
  [
    'schemas that do not compile or have notes, beside plain ones',
    JSON.stringify({
      tools: [
        {
          name: 'bad_length',
          description: 'x',
          inputSchema: { type: 'object', properties: { a: { type: 'string', minLength: 'two' } } },
        },
        {
          name: 'unknown_keyword',
          description: 'x',
          inputSchema: { type: 'object', properties: { a: { type: 'string', minLenght: 2 } } },
        },
        { name: 'if_alone', description: 'x', inputSchema: { type: 'object', if: { required: ['a'] } } },
        {
          name: 'bad_output',
          description: 'x',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: 'ten' } } },
        },
        {
          name: 'unknown_format',
          description: 'x',
          inputSchema: { type: 'object', properties: { a: { type: 'string', format: 'semver' } } },
        },
        {
          name: 'plain',
          description: 'x',
          inputSchema: {
            type: 'object',
            properties: { a: { type: ['string', 'null'], maxLength: 3 } },
            required: ['a'],
          },
        },
      ],
    }),
  ],
];

function schemasOf(value: unknown): JsonSchema[] {
  const tools = (value as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool: Record<string, unknown>) =>
    [tool.inputSchema, tool.outputSchema].filter(
      (schema): schema is JsonSchema => typeof schema === 'object' && schema !== null,
    ),
  );
}

describe('isPlainSchema', () => {
  const schemas = [
    ...texts.flatMap(([, text]) => schemasOf(JSON.parse(text))),
    ...collection.toolsets.flatMap((toolset) =>
      toolset.tools.flatMap((tool) => [tool.inputSchema, ...(tool.outputSchema ? [tool.outputSchema] : [])]),
    ),
  ];

  it('calls plain only schemas that compile with nothing from strict mode', () => {
    const plain = schemas.filter((schema) => isPlainSchema(schema));
    // Most schemas of the corpora are plain, or the fast path would rarely be taken.
    expect(plain.length).toBeGreaterThan(schemas.length / 2);
    for (const schema of plain) {
      expect(compileWithLog(structuredClone(schema)).log, JSON.stringify(schema).slice(0, 200)).toEqual([]);
    }
  });

  it('leaves to the compiler what it cannot vouch for', () => {
    const object = (extra: Record<string, unknown>) => ({
      type: 'object',
      properties: { a: { type: 'string', ...extra } },
    });
    for (const extra of [
      { minLength: 'two' },
      { minLength: -1 },
      { minLenght: 2 },
      { pattern: '^a$' },
      { $ref: '#' },
      { enum: [] },
      { type: 'text' },
    ])
      expect(isPlainSchema(object(extra)), JSON.stringify(extra)).toBe(false);
    expect(isPlainSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' })).toBe(false);
    expect(isPlainSchema({ type: 'object', properties: JSON.parse('{"__proto__": {"type": "string"}}') })).toBe(false);
    expect(
      isPlainSchema({
        type: 'object',
        properties: { a: { type: 'object', properties: { b: { not: { $id: 'x' } } } } },
      }),
    ).toBe(false);
    expect(
      isPlainSchema({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { a: { anyOf: [{ type: 'string', format: 'semver' }, true] } },
        additionalProperties: false,
        'x-note': 1,
      }),
    ).toBe(true);
  });
});

describe('an import compiles lazily and judges as before', () => {
  it.each(texts)('%s: the same toolset and problems as compiling every schema at once', (_label, text) => {
    const eager = importToolset(text, { compileAll: true, validator: createCompilingValidator() });
    const lazy = importToolset(text, { validator: createCompilingValidator() });
    expect(lazy).toEqual(eager);
    expect(lazy.toolset.tools.length).toBeGreaterThan(0);
  });

  it('refuses the schemas that do not compile, by pointer and rule, and keeps the notes', () => {
    const result = importToolset(texts.at(-1)![1], { validator: createCompilingValidator() });
    expect(result.toolset.tools.map((tool) => tool.name)).toEqual([
      'unknown_keyword',
      'if_alone',
      'unknown_format',
      'plain',
    ]);
    expect(
      result.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => [problem.toolName, problem.rule, problem.pointer]),
    ).toEqual([
      ['bad_length', 'schema_does_not_compile', '/tools/0/inputSchema'],
      ['bad_output', 'schema_does_not_compile', '/tools/3/outputSchema'],
    ]);
    expect([
      ...new Set(
        result.problems.filter((problem) => problem.rule === 'schema_note').map((problem) => problem.toolName),
      ),
    ]).toEqual(['unknown_keyword', 'if_alone', 'unknown_format']);
  });

  it('validates arguments of a lazily imported tool as of an eagerly imported one', () => {
    const argumentsFor = (tool: ToolDefinition): unknown[] => {
      const names = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
      return [
        {},
        'text',
        { unexpected: 1 },
        Object.fromEntries(names.map((name) => [name, 'x'])),
        Object.fromEntries(names.map((name) => [name, 12])),
      ];
    };
    for (const [, text] of texts) {
      const eagerValidator = createCompilingValidator();
      const eager = importToolset(text, { compileAll: true, validator: eagerValidator }).toolset.tools;
      const eagerVerdicts = eager.map((tool) => argumentsFor(tool).map((args) => eagerValidator.validate(tool, args)));
      const lazyValidator = createCompilingValidator();
      const lazy = importToolset(text, { validator: lazyValidator }).toolset.tools;
      expect(lazy.map((tool) => argumentsFor(tool).map((args) => lazyValidator.validate(tool, args)))).toEqual(
        eagerVerdicts,
      );
    }
  });
});
