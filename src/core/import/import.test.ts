import { createCompilingValidator } from '../validation/compile';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import { importToolset } from './import';
import { deepText } from '../json/text-limits.test-support';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const toolNames = (text: string) => importToolset(text, { validator }).toolset.tools.map((tool) => tool.name);
const tool = (name: string, schema: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} tool`,
  inputSchema: schema,
  ...extra,
});
const errors = (text: string) =>
  importToolset(text, { validator }).problems.filter((problem) => problem.severity === 'error');

describe('import: every provider format', () => {
  it('reads an OpenAI Chat Completions request body', () => {
    const result = importToolset(fixture('openai-chat.json'), { validator });
    expect(result.format).toBe('openai-chat');
    // A parameter without a description is a finding in every format, not a refusal.
    expect(result.problems).toEqual([
      expect.objectContaining({
        rule: 'meta_schema',
        severity: 'warning',
        pointer: '/tools/0/function/parameters/properties/unit/description',
      }),
    ]);
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(['get_current_weather', 'get_time']);
    const weather = result.toolset.tools[0]!;
    expect(weather.title).toBe('Get current weather');
    expect(validator.validate(weather, { location: 'Boston, MA', unit: 'kelvin' }).errors[0]).toMatchObject({
      parameter: 'unit',
    });
  });

  it('reads OpenAI Responses tools and Anthropic tools', () => {
    expect(importToolset(fixture('openai-responses.json'), { validator }).format).toBe('openai-responses');
    expect(toolNames(fixture('openai-responses.json'))).toEqual(['get_weather']);
    const anthropic = importToolset(fixture('anthropic.json'), { validator });
    expect(anthropic.format).toBe('anthropic');
    expect(anthropic.toolset.tools.map((entry) => entry.name)).toEqual(['get_weather', 'get_time']);
  });

  it('converts Gemini OpenAPI-subset schemas (upper-case types, nullable) and says what changed', () => {
    const result = importToolset(fixture('gemini.json'), { validator });
    expect(result.format).toBe('gemini');
    const meeting = result.toolset.tools.find((entry) => entry.name === 'schedule_meeting')!;
    expect(meeting.inputSchema).toMatchObject({
      type: 'object',
      properties: { attendees: { type: 'array', items: { type: 'string' } }, topic: { type: ['string', 'null'] } },
    });
    expect(meeting.inputSchema).not.toHaveProperty('propertyOrdering');
    expect(
      validator.validate(meeting, { attendees: ['Bob'], date: '2024-07-29', time: '15:00', topic: null }).valid,
    ).toBe(true);
    const notes = result.problems.filter((problem) => problem.rule === 'converted').map((problem) => problem.message);
    expect(notes.some((note) => note.includes('upper-case types'))).toBe(true);
    expect(notes.some((note) => note.includes('nullable'))).toBe(true);
    expect(result.problems.every((problem) => problem.severity === 'warning')).toBe(true);
    // parametersJsonSchema is JSON Schema already.
    expect(result.toolset.tools.find((entry) => entry.name === 'set_light_values')?.inputSchema).toMatchObject({
      properties: { brightness: { maximum: 100 } },
    });
  });

  it('reads an MCP tools/list result in its JSON-RPC envelope, taking title and risk from annotations', () => {
    const result = importToolset(fixture('mcp-tools-list.json'), { validator });
    expect(result.format).toBe('mcp');
    const [weather, remove] = result.toolset.tools;
    expect(weather).toMatchObject({
      name: 'get_weather_data',
      title: 'Weather Data Retriever',
      riskLevel: 'safe',
      tags: ['readOnly', 'openWorld'],
    });
    expect(remove).toMatchObject({ name: 'delete_forecast', riskLevel: 'high' });
    expect(importToolset(JSON.stringify({ tools: [tool('x', { type: 'object' })] }), { validator }).format).toBe('mcp');
  });

  it('reads a CodeGenesis definition and checks it against the seed meta-schema', () => {
    const result = importToolset(fixture('codegenesis.json'), { validator });
    expect(result.format).toBe('codegenesis');
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(['read_file']);
    expect(result.problems).toEqual([]);
    const gaps = importToolset(JSON.stringify([tool('a', { type: 'object', properties: { p: { type: 'string' } } })]), {
      validator,
    }).problems;
    expect(gaps).toEqual([
      expect.objectContaining({
        rule: 'meta_schema',
        severity: 'warning',
        message: expect.stringContaining('parameter \'p\' has no "description"'),
      }),
    ]);
  });

  it('names the CodeGenesis meta-schema in a finding only when that format was chosen', () => {
    const text = JSON.stringify({ tools: [tool('a', { type: 'object', properties: { p: { type: 'string' } } })] });
    const found = importToolset(text, { validator }).problems;
    expect(found).toEqual([
      expect.objectContaining({
        rule: 'meta_schema',
        severity: 'warning',
        message: "Tool 'a': parameter 'p' has no \"description\" (a model reads it to know what to send)",
      }),
    ]);
    const chosen = importToolset(text, { validator, format: 'codegenesis' }).problems;
    expect(chosen).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringContaining('the CodeGenesis meta-schema requires one'),
      }),
    ]);
  });

  it('asks for a name for a bare JSON Schema, then imports it', () => {
    const schema = JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { q: { type: 'string' } },
    });
    const unnamed = importToolset(schema, { validator });
    expect(unnamed).toMatchObject({ format: 'json-schema', needsToolName: true, found: 1 });
    expect(unnamed.toolset.tools).toEqual([]);
    expect(
      importToolset(schema, { validator, schemaToolName: 'search' }).toolset.tools.map((entry) => entry.name),
    ).toEqual(['search']);
  });

  it("round-trips this project's own toolset file, examples and risk included", () => {
    const result = importToolset(JSON.stringify(bundle), { validator });
    expect(result.format).toBe('toolset');
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(bundle.tools.map((entry) => entry.name));
    expect(result.toolset.tools.find((entry) => entry.name === 'delete_file')).toEqual(
      bundle.tools.find((entry) => entry.name === 'delete_file'),
    );
    expect(result.toolset.manifest.categories.map((category) => category.id)).toEqual(
      bundle.manifest.categories.map((category) => category.id),
    );
  });

  it('takes a single tool of any format', () => {
    expect(
      importToolset(JSON.stringify({ type: 'function', function: { name: 'one', parameters: { type: 'object' } } }), {
        validator,
      }).format,
    ).toBe('openai-chat');
    const single = importToolset(
      JSON.stringify({
        name: 'one',
        description: 'd',
        input_schema: { type: 'object', properties: { x: { type: 'number' } } },
      }),
      { validator },
    );
    expect(single.format).toBe('anthropic');
    expect(single.toolset.tools).toHaveLength(1);
  });
});

describe('import: what is refused, precisely, while the rest is imported', () => {
  it('reports duplicate, empty and missing names by tool and pointer', () => {
    const text = JSON.stringify({
      tools: [
        tool('ok', { type: 'object' }),
        tool('ok', { type: 'object' }),
        tool('  ', { type: 'object' }),
        { description: 'nameless', inputSchema: { type: 'object' } },
      ],
    });
    const result = importToolset(text, { validator });
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(['ok']);
    expect(result.found).toBe(4);
    expect(result.problems.map((problem) => [problem.toolIndex, problem.pointer, problem.rule])).toEqual([
      [1, '/tools/1/name', 'duplicate_name'],
      [2, '/tools/2/name', 'empty_name'],
      [3, '/tools/3/name', 'missing_field'],
    ]);
  });

  it('refuses a name holding bidirectional, zero-width or tag characters, naming the character, never showing it raw', () => {
    const text = JSON.stringify({
      tools: [
        tool('read\u202Efdp.exe', { type: 'object' }),
        tool('write\u200Dfile', { type: 'object' }),
        tool('ok', { type: 'object' }),
      ],
    });
    const result = importToolset(text, { validator });
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(['ok']);
    expect(result.problems).toEqual([
      expect.objectContaining({
        toolName: 'read<U+202E>fdp.exe',
        pointer: '/tools/0/name',
        rule: 'spoofing_name',
        severity: 'error',
        message:
          "Tool 'read<U+202E>fdp.exe' is refused as a name: it holds U+202E RIGHT-TO-LEFT OVERRIDE (a bidirectional control, at character 5), which makes a name display as something other than what a model reads",
      }),
      expect.objectContaining({
        toolName: 'write<U+200D>file',
        pointer: '/tools/1/name',
        rule: 'spoofing_name',
        message: expect.stringContaining('U+200D ZERO WIDTH JOINER'),
      }),
    ]);
    // The same door for every format: a CodeGenesis definition and a toolset file are refused alike.
    expect(
      importToolset(JSON.stringify(tool('a\u{E0041}b', { type: 'object', properties: {} })), {
        validator,
        format: 'codegenesis',
      }).problems,
    ).toEqual([
      expect.objectContaining({
        rule: 'spoofing_name',
        pointer: '/name',
        message: expect.stringContaining('U+E0041 TAG LATIN CAPITAL LETTER A'),
      }),
    ]);
    const toolsetFile = { ...bundle, tools: [{ ...bundle.tools[0]!, name: 'read\u2066file' }] };
    expect(errors(JSON.stringify(toolsetFile)).map((problem) => problem.rule)).toContain('spoofing_name');
  });

  it('imports a name providers would refuse, with a warning that says which rule', () => {
    const result = importToolset(JSON.stringify({ tools: [tool('files.read', { type: 'object' })] }), { validator });
    expect(result.toolset.tools).toHaveLength(1);
    expect(result.problems).toEqual([
      expect.objectContaining({
        rule: 'provider_name',
        severity: 'warning',
        pointer: '/tools/0/name',
        message: expect.stringContaining("1-64 letters, digits, '_' and '-'"),
      }),
    ]);
  });

  it('refuses schemas that do not compile and remote $refs with the pointer of the keyword; imports recursive ones with a warning', () => {
    const text = JSON.stringify({
      tools: [
        tool('bad_type', { type: 'object', properties: { a: { type: 'strng' } } }),
        tool('remote', { type: 'object', properties: { a: { $ref: 'https://example.com/schema.json' } } }),
        tool('loop', {
          type: 'object',
          properties: { node: { $ref: '#/$defs/node' } },
          $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
        }),
        tool('self', { type: 'object', properties: { again: { $ref: '#' } } }),
        tool('nowhere', { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }),
        tool('fine', {
          type: 'object',
          properties: { a: { $ref: '#/$defs/text' } },
          $defs: { text: { type: 'string' } },
        }),
      ],
    });
    const result = importToolset(text, { validator });
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(['loop', 'self', 'fine']);
    const byTool = Object.fromEntries(
      errors(text).map((problem) => [problem.toolName, [problem.rule, problem.pointer]]),
    );
    expect(byTool).toEqual({
      bad_type: ['unknown_type', '/tools/0/inputSchema/properties/a/type'],
      remote: ['remote_ref', '/tools/1/inputSchema/properties/a/$ref'],
      nowhere: ['unresolved_ref', '/tools/4/inputSchema/properties/a/$ref'],
    });
    const recursive = result.problems
      .filter((problem) => problem.rule === 'recursive_ref')
      .map((problem) => [problem.toolName, problem.severity, problem.pointer]);
    expect(recursive).toEqual([
      ['loop', 'warning', '/tools/2/inputSchema/$defs/node/properties/child/$ref'],
      ['self', 'warning', '/tools/3/inputSchema/properties/again/$ref'],
    ]);
    // They validate as written, at any depth.
    const loop = result.toolset.tools[0]!;
    expect(validator.validate(loop, { node: { child: { child: { child: {} } } } }).valid).toBe(true);
    expect(
      validator.validate(loop, { node: { child: { child: { child: 3 } } } }).errors.map((problem) => problem.parameter),
    ).toEqual(['node.child.child.child']);
    expect(errors(text).find((problem) => problem.toolName === 'remote')?.message).toMatch(/never fetched/);
  });

  it('refuses a required list that holds anything but property names, in CodeGenesis and every other format', () => {
    const definition = tool('read', {
      type: 'object',
      properties: { path: { type: 'string', description: 'Path' } },
      required: [1],
    });
    const declared = importToolset(JSON.stringify(definition), { validator, format: 'codegenesis' });
    expect(declared.toolset.tools).toEqual([]);
    expect(declared.problems).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'meta_schema',
        pointer: '/inputSchema/required/0',
        message: expect.stringContaining(
          '"required" lists 1, which is not a property name; JSON Schema requires "required" to be an array of unique property names (strings)',
        ),
      }),
    ]);
    const nested = tool('nested', {
      type: 'object',
      properties: {
        options: {
          type: 'object',
          description: 'Options',
          properties: { a: { type: 'string', description: 'A' } },
          required: ['a', 'a'],
        },
      },
    });
    const problems = errors(JSON.stringify({ tools: [nested, tool('flag', { type: 'object', required: 'path' })] }));
    expect(problems.map((problem) => [problem.toolName, problem.pointer, problem.rule])).toEqual([
      ['nested', '/tools/0/inputSchema/properties/options/required/1', 'meta_schema'],
      ['flag', '/tools/1/inputSchema/required', 'meta_schema'],
    ]);
  });

  it('refuses a catastrophic pattern and a schema of the wrong type', () => {
    const text = JSON.stringify({
      tools: [
        tool('redos', { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+(?!b)$' } } }),
        tool('arr', { type: 'array' }),
      ],
    });
    expect(errors(text).map((problem) => [problem.toolName, problem.rule, problem.pointer])).toEqual([
      ['redos', 'unsafe_pattern', '/tools/0/inputSchema/properties/a/pattern'],
      ['arr', 'schema_not_object', '/tools/1/inputSchema/type'],
    ]);
  });

  it('refuses deeply nested schemas and survives 10,000 levels of nesting without overflowing', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 40; level += 1) deep = { type: 'object', properties: { next: deep } };
    expect(errors(JSON.stringify({ tools: [tool('deep', deep)] }))[0]).toMatchObject({ rule: 'too_deep' });
    const extreme = `{"tools":[{"name":"x","description":"d","inputSchema":{"type":"object","properties":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}]}`;
    const result = importToolset(extreme, { validator });
    expect(result.toolset.tools).toEqual([]);
    expect(result.problems.length).toBeGreaterThan(0);
  });

  it('refuses a tool nested 100,000 deep by name before parsing it, and imports the others', () => {
    const text = `{"tools":[${JSON.stringify(tool('fine', { type: 'object', properties: {} }))},{"name":"deep","description":"d","inputSchema":{"type":"object","properties":{"a":${deepText(100_000)}}}}]}`;
    const result = importToolset(text, { validator });
    expect(result.toolset.tools.map((entry) => entry.name)).toEqual(['fine']);
    expect(result.problems).toEqual([
      expect.objectContaining({
        toolIndex: 1,
        toolName: 'deep',
        rule: 'too_deep',
        severity: 'error',
        pointer: expect.stringMatching(/^\/tools\/1\/inputSchema\/properties\/a\/0\/a\//),
        message: expect.stringMatching(/^Tool 'deep' is nested more than 128 levels deep \(at line 1, column \d+\)/),
      }),
    ]);
    // Outside every tool, the text is refused whole.
    const outside = `{"tools":[${JSON.stringify(tool('fine', { type: 'object', properties: {} }))}], "x": ${deepText(100_000)}}`;
    expect(importToolset(outside, { validator }).problems).toEqual([
      expect.objectContaining({
        rule: 'too_deep',
        pointer: expect.stringMatching(/^\/x\/0\/a\//),
        message: expect.stringMatching(/^The text is nested more than 128 levels deep/),
      }),
    ]);
    // And so is a text that holds no tools once the deep part is left out.
    expect(importToolset(`{"x": ${deepText(100_000)}}`, { validator }).problems).toEqual([
      expect.objectContaining({ rule: 'too_deep' }),
    ]);
  });

  it('says what is wrong with text that is not JSON, not tools, or too large', () => {
    expect(importToolset('{"tools": [', { validator }).problems[0]).toMatchObject({
      rule: 'not_json',
      message: expect.stringMatching(/line 1, column \d+/),
    });
    expect(importToolset('{"hello": "world"}', { validator }).problems[0]).toMatchObject({ rule: 'unknown_format' });
    expect(importToolset('x'.repeat(100), { validator, maxCharacters: 50 }).problems[0]).toMatchObject({
      rule: 'too_large',
      message: expect.stringContaining('limited to 50'),
    });
  });

  it('imports a 10 MB paste of 2,000 tools', () => {
    const description = 'd'.repeat(4_500);
    const tools = Array.from({ length: 2_000 }, (_, index) =>
      tool(`tool_${index}`, { type: 'object', properties: { q: { type: 'string', description } } }),
    );
    const text = JSON.stringify({ tools });
    expect(text.length).toBeGreaterThan(9_000_000);
    const result = importToolset(text, { validator });
    expect(result.toolset.tools).toHaveLength(2_000);
  });
});

describe('import: export round trip', () => {
  it('reads back every export format with the same names, descriptions and schemas', async () => {
    const { exportToolset, TOOLSET_EXPORT_FORMATS } = await import('../export/toolset');
    const source = importToolset(fixture('anthropic.json'), { validator }).toolset;
    for (const format of TOOLSET_EXPORT_FORMATS) {
      const back = importToolset(JSON.stringify(exportToolset(source, format)), { validator });
      expect(
        back.toolset.tools.map((entry) => entry.name),
        format,
      ).toEqual(['get_weather', 'get_time']);
      expect(
        back.toolset.tools.map((entry) => entry.description),
        format,
      ).toEqual(source.tools.map((entry) => entry.description));
      if (format !== 'gemini')
        expect(back.toolset.tools[0]?.inputSchema.properties, format).toEqual(source.tools[0]?.inputSchema.properties);
      expect(
        back.problems.filter((problem) => problem.severity === 'error'),
        format,
      ).toEqual([]);
    }
  });
});

describe('progress of an import', () => {
  it('is told from parsing to the last definition, rising from 0 towards 1', () => {
    const tools = Array.from({ length: 5 }, (_, index) => ({
      name: `tool_${index}`,
      description: 'A tool.',
      inputSchema: { type: 'object', properties: {} },
    }));
    const told: number[] = [];
    const result = importToolset(JSON.stringify({ tools }), {
      validator,
      onProgress: (fraction) => told.push(fraction),
    });
    expect(result.toolset.tools).toHaveLength(5);
    // Before parsing, once parsed, then once before each of the five definitions.
    expect(told).toHaveLength(7);
    expect(
      told.every((fraction, index) => fraction >= 0 && fraction < 1 && (index === 0 || fraction > told[index - 1]!)),
    ).toBe(true);
  });
});
