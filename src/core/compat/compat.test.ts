import { describe, expect, it } from 'vitest';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { bundle } from '../toolset/bundle';
import { checkCompatibility, type CompatProvider } from './index';
import { OPENAI_STRICT_LIMITS } from './rules/openaiStrict';
import { COMPAT_PROVIDERS } from './types';

const tool = (inputSchema: JsonObject, extra: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: 'sample_tool',
  title: 'Sample tool',
  description: 'Does one sample thing for the tests, described at length.',
  version: '1.0.0',
  category: 'test',
  riskLevel: 'safe',
  tags: [],
  inputSchema,
  examples: [],
  invalidExamples: [],
  ...extra,
});

const strictObject = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

const findings = (provider: CompatProvider, definition: ToolDefinition) =>
  checkCompatibility(definition, provider).findings;
const rules = (provider: CompatProvider, definition: ToolDefinition) =>
  findings(provider, definition).map((finding) => `${finding.rule} ${finding.pointer}`);

describe('OpenAI strict mode', () => {
  it('accepts a strict schema with no findings, and its converted form is strict', () => {
    const report = checkCompatibility(
      tool(
        strictObject({
          path: { type: 'string', pattern: '^[a-z]+$' },
          count: { type: 'integer', minimum: 1, maximum: 10 },
        }),
      ),
      'openai-strict',
    );
    expect(report.findings).toEqual([]);
    expect(report.compatible).toBe(true);
    expect(report.converted.value.strict).toBe(true);
  });

  it('every property required: an optional one is an error, converted to required + nullable', () => {
    const report = checkCompatibility(
      tool({
        type: 'object',
        properties: { path: { type: 'string' }, limit: { type: 'integer' } },
        required: ['path'],
        additionalProperties: false,
      }),
      'openai-strict',
    );
    expect(report.findings).toEqual([
      expect.objectContaining({
        rule: 'property-not-required',
        keyword: 'required',
        pointer: '/inputSchema/properties/limit',
        severity: 'error',
      }),
    ]);
    expect(report.compatible).toBe(false);
    const parameters = report.converted.value.parameters as JsonObject;
    expect(parameters.required).toEqual(['path', 'limit']);
    expect((parameters.properties as JsonObject).limit).toEqual({ type: ['integer', 'null'] });
    expect(report.converted.compatible).toBe(true);
    expect(report.converted.changes.join(' ')).toContain('optional parameters made required and nullable (limit)');
  });

  it('additionalProperties must be false on every object, nested ones too; a map cannot be converted', () => {
    expect(
      rules(
        'openai-strict',
        tool({
          type: 'object',
          properties: { env: { type: 'object', properties: {}, required: [] } },
          required: ['env'],
        }),
      ),
    ).toEqual([
      'additional-properties-not-false /inputSchema/additionalProperties',
      'additional-properties-not-false /inputSchema/properties/env/additionalProperties',
    ]);
    const map = checkCompatibility(
      tool(strictObject({ env: { type: 'object', additionalProperties: { type: 'string' } } })),
      'openai-strict',
    );
    expect(map.findings).toContainEqual(
      expect.objectContaining({ rule: 'map-object', pointer: '/inputSchema/properties/env/additionalProperties' }),
    );
    expect(map.converted.compatible).toBe(false);
  });

  it('unsupported keywords (maxLength, default) are named with their pointer; inexpressible ones block conversion', () => {
    expect(
      rules('openai-strict', tool(strictObject({ path: { type: 'string', maxLength: 10, default: 'a' } }))),
    ).toEqual([
      'unsupported-keyword /inputSchema/properties/path/maxLength',
      'unsupported-keyword /inputSchema/properties/path/default',
    ]);
    const blocked = checkCompatibility(tool(strictObject({ mode: { allOf: [{ type: 'string' }] } })), 'openai-strict');
    expect(blocked.findings).toContainEqual(
      expect.objectContaining({
        rule: 'inexpressible-keyword',
        keyword: 'allOf',
        pointer: '/inputSchema/properties/mode/allOf',
      }),
    );
    expect(blocked.converted.compatible).toBe(false);
  });

  it('string formats outside the supported list are refused', () => {
    expect(
      rules(
        'openai-strict',
        tool(strictObject({ url: { type: 'string', format: 'uri' }, when: { type: 'string', format: 'date-time' } })),
      ),
    ).toEqual(['unsupported-format /inputSchema/properties/url/format']);
  });

  it('the root must be an object and not anyOf; the name must fit', () => {
    expect(rules('openai-strict', tool({ anyOf: [{ type: 'object' }] }, { name: 'bad name' }))).toEqual(
      expect.arrayContaining([
        'root-not-object /inputSchema/type',
        'root-any-of /inputSchema/anyOf',
        'tool-name /name',
      ]),
    );
  });

  it('nesting deeper than 10 object levels', () => {
    let schema: JsonObject = strictObject({ leaf: { type: 'string' } });
    for (let level = 0; level < OPENAI_STRICT_LIMITS.nestingDepth; level += 1) schema = strictObject({ inner: schema });
    expect(findings('openai-strict', tool(schema))).toEqual([
      expect.objectContaining({
        rule: 'nesting-depth',
        message: 'Objects nest 11 levels deep; strict mode allows 10.',
      }),
    ]);
    expect(findings('openai-strict', tool((schema.properties as JsonObject).inner as JsonObject))).toEqual([]);
  });

  it('more than 5,000 properties, more than 1,000 enum values, more than 120,000 characters', () => {
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]));
    expect(rules('openai-strict', tool(strictObject(many)))).toEqual(['property-count /inputSchema']);
    const enums = strictObject({
      a: { type: 'string', enum: Array.from({ length: 600 }, (_, index) => `a${index}`) },
      b: { type: 'string', enum: Array.from({ length: 401 }, (_, index) => `b${index}`) },
    });
    expect(rules('openai-strict', tool(enums))).toEqual(['enum-count /inputSchema']);
    const long = strictObject(
      Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`${'x'.repeat(600)}${index}`, { type: 'string' }])),
    );
    expect(rules('openai-strict', tool(long))).toEqual(['total-string-length /inputSchema']);
  });

  it('one string enum of more than 250 values may hold 15,000 characters', () => {
    const values = Array.from({ length: 251 }, (_, index) => `${'v'.repeat(60)}${index}`);
    expect(rules('openai-strict', tool(strictObject({ pick: { type: 'string', enum: values } })))).toEqual([
      'enum-string-length /inputSchema/properties/pick/enum',
    ]);
    expect(
      rules('openai-strict', tool(strictObject({ pick: { type: 'string', enum: values.slice(0, 250) } }))),
    ).toEqual([]);
  });
});

describe('Gemini', () => {
  it('keywords outside its Schema are errors the converted form drops', () => {
    const report = checkCompatibility(
      tool({
        type: 'object',
        properties: { n: { type: 'integer', exclusiveMinimum: 0 } },
        additionalProperties: false,
      }),
      'gemini',
    );
    expect(report.findings.map((finding) => finding.pointer)).toEqual([
      '/inputSchema/additionalProperties',
      '/inputSchema/properties/n/exclusiveMinimum',
    ]);
    expect(JSON.stringify(report.converted.value)).not.toContain('exclusiveMinimum');
    expect(report.converted.compatible).toBe(true);
  });

  it('one type per schema (null becomes nullable), string enums only, its formats only, no maps, a valid name', () => {
    const definition = tool(
      {
        type: 'object',
        properties: {
          a: { type: ['string', 'integer'] },
          b: { type: ['string', 'null'] },
          c: { type: 'integer', enum: [1, 2] },
          d: { type: 'string', format: 'uri' },
          e: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
      { name: '9tool' },
    );
    expect(rules('gemini', definition)).toEqual(
      expect.arrayContaining([
        'tool-name /name',
        'type-union /inputSchema/properties/a/type',
        'nullable /inputSchema/properties/b/type',
        'non-string-enum /inputSchema/properties/c/enum',
        'unsupported-format /inputSchema/properties/d/format',
        'map-object /inputSchema/properties/e/additionalProperties',
      ]),
    );
    expect(findings('gemini', definition).find((finding) => finding.rule === 'nullable')?.severity).toBe('info');
    expect(rules('gemini', tool({ type: 'array' }))).toEqual(['root-not-object /inputSchema/type']);
  });
});

describe('Anthropic', () => {
  it('accepts any object schema; strict tool-use gaps are information', () => {
    const report = checkCompatibility(
      tool({
        type: 'object',
        properties: { s: { type: 'string', maxLength: 5 }, list: { type: 'array', minItems: 2 } },
      }),
      'anthropic',
    );
    expect(report.compatible).toBe(true);
    expect(report.findings.map((finding) => `${finding.severity} ${finding.rule} ${finding.pointer}`)).toEqual([
      'info strict-additional-properties /inputSchema/additionalProperties',
      'info strict-unsupported-keyword /inputSchema/properties/s/maxLength',
      'info strict-unsupported-keyword /inputSchema/properties/list/minItems',
    ]);
  });

  it('refuses a bad name and a non-object root; warns about a short description', () => {
    expect(rules('anthropic', tool({ type: 'string' }, { name: 'a.b', description: 'Short one.' }))).toEqual([
      'tool-name /name',
      'root-not-object /inputSchema/type',
      'short-description /description',
    ]);
  });
});

describe('names that would display as something else', () => {
  it.each(COMPAT_PROVIDERS.map((provider) => [provider] as const))(
    '%s refuses them, naming the character and never showing it raw',
    (provider) => {
      const found = findings(provider, tool({ type: 'object', properties: {} }, { name: 'read\u202Efdp' })).find(
        (finding) => finding.rule === 'tool-name',
      );
      expect(found, provider).toBeDefined();
      expect(found!.severity).toBe('error');
      expect(found!.message).toContain(
        "'read<U+202E>fdp' is refused: it holds U+202E RIGHT-TO-LEFT OVERRIDE (a bidirectional control, at character 5)",
      );
      expect(found!.message).not.toContain('\u202E');
      const tagged = findings(provider, tool({ type: 'object', properties: {} }, { name: 'read\u{E0041}' })).find(
        (finding) => finding.rule === 'tool-name',
      );
      expect(tagged?.message).toContain('U+E0041 TAG LATIN CAPITAL LETTER A');
    },
  );
});

describe('MCP', () => {
  it('checks the Tool fields: name, inputSchema type, description, title, annotations', () => {
    expect(rules('mcp', tool({ type: 'object', properties: {} }))).toEqual(['annotations /riskLevel']);
    expect(rules('mcp', tool({ type: 'array' }, { name: 'has space', description: ' ', title: '' }))).toEqual([
      'tool-name /name',
      'root-not-object /inputSchema/type',
      'missing-description /description',
      'missing-title /title',
      'annotations /riskLevel',
    ]);
    expect(rules('mcp', tool({ type: 'object' }, { name: 'files.read-v2' }))).not.toContain('tool-name /name');
  });
});

describe('the bundled tools', () => {
  it('every Acode tool converts to a compatible form for every provider, except the map execute_command takes for env', () => {
    for (const definition of bundle.tools) {
      for (const provider of ['openai-strict', 'gemini', 'anthropic', 'mcp'] as const) {
        const report = checkCompatibility(definition, provider);
        const expected = !(
          definition.name === 'execute_command' &&
          (provider === 'openai-strict' || provider === 'gemini')
        );
        expect(report.converted.compatible, `${definition.name} ${provider}`).toBe(expected);
        if (!expected)
          expect(report.findings).toContainEqual(
            expect.objectContaining({
              rule: 'map-object',
              pointer: '/inputSchema/properties/env/additionalProperties',
            }),
          );
      }
    }
  });
});
