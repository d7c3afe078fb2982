import { describe, expect, it } from 'vitest';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { EXPORT_FORMATS, exportTool, exportTools, isExportFormat } from './index';

const makeTool = (overrides: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name: 'run_thing',
  title: 'Run thing',
  description: 'Runs a thing in the workspace and returns what it printed.',
  version: '1.0.0',
  category: 'code_execution',
  riskLevel: 'high',
  tags: ['run'],
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:test:run_thing',
    type: 'object',
    properties: {
      command: { type: 'string', maxLength: 8192, description: 'Command line to run' },
      timeout_seconds: {
        type: 'integer',
        minimum: 1,
        maximum: 3600,
        default: 300,
        description: 'Seconds before stopping (default: 300)',
      },
      mode: { type: 'string', enum: ['fast', 'full'], description: 'How thoroughly to run' },
    },
    required: ['command'],
    additionalProperties: false,
  },
  examples: [],
  invalidExamples: [],
  ...overrides,
});

const withEnv = (): ToolDefinition => {
  const tool = makeTool();
  const properties = tool.inputSchema.properties as JsonObject;
  properties.env = {
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 100 },
    description: 'Environment variables',
  };
  return tool;
};

describe('exportTool', () => {
  it('is pure: same input, same output, tool left untouched', () => {
    const tool = makeTool();
    const before = JSON.stringify(tool);
    for (const format of EXPORT_FORMATS) {
      expect(exportTool(tool, format)).toEqual(exportTool(tool, format));
      expect(exportTool(tool, format).format).toBe(format);
      expect(exportTool(tool, format).label.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(tool)).toBe(before);
  });

  it('openai-chat: wraps the function, drops document ids, explains strict mode', () => {
    const result = exportTool(makeTool(), 'openai-chat');
    const fn = result.value.function as JsonObject;
    expect(result.value.type).toBe('function');
    expect(fn.name).toBe('run_thing');
    expect(fn.description).toBe('Runs a thing in the workspace and returns what it printed.');
    expect('strict' in fn).toBe(false);
    const parameters = fn.parameters as JsonObject;
    expect(parameters.$schema).toBeUndefined();
    expect(parameters.$id).toBeUndefined();
    expect(parameters.required).toEqual(['command']);
    expect(result.notes.join('\n')).toMatch(
      /strict mode requires every property listed in required \(optional here: timeout_seconds, mode/,
    );
    expect(result.notes.join('\n')).toMatch(
      /does not support these keywords.*default \(timeout_seconds\); maxLength \(command\)/,
    );
  });

  it('openai-chat strict: every property required, optional ones nullable, unsupported keywords removed', () => {
    const result = exportTool(makeTool(), 'openai-chat', { strict: true });
    const fn = result.value.function as JsonObject;
    expect(fn.strict).toBe(true);
    const parameters = fn.parameters as JsonObject;
    const properties = parameters.properties as Record<string, JsonObject>;
    expect(parameters.required).toEqual(['command', 'timeout_seconds', 'mode']);
    expect(parameters.additionalProperties).toBe(false);
    expect(properties.command).toEqual({ type: 'string', description: 'Command line to run' });
    expect(properties.timeout_seconds).toEqual({
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 3600,
      description: 'Seconds before stopping (default: 300)',
    });
    expect(properties.mode?.enum).toEqual(['fast', 'full', null]);
    expect(result.notes.some((note) => /made required and nullable \(timeout_seconds, mode\)/.test(note))).toBe(true);
  });

  it('openai strict is refused for a map parameter, with the reason', () => {
    const result = exportTool(withEnv(), 'openai-responses', { strict: true });
    expect(result.value.strict).toBe(false);
    expect(result.notes.join('\n')).toMatch(/Strict mode was requested but is not possible.*'env' is a map/);
  });

  it('openai-responses: flat shape with an explicit strict flag', () => {
    const result = exportTool(makeTool(), 'openai-responses');
    expect(Object.keys(result.value)).toEqual(['type', 'name', 'description', 'parameters', 'strict']);
    expect(result.value.strict).toBe(false);
    expect(exportTool(makeTool(), 'openai-responses', { strict: true }).value.strict).toBe(true);
  });

  it('anthropic: name, description, input_schema', () => {
    const result = exportTool(makeTool(), 'anthropic');
    expect(Object.keys(result.value)).toEqual(['name', 'description', 'input_schema']);
    expect('strict' in result.value).toBe(false);
    expect((result.value.input_schema as JsonObject).properties).toEqual(makeTool().inputSchema.properties);
    expect(
      exportTool(makeTool({ name: 'has space' }), 'anthropic').notes.some((note) =>
        /has space' would be rejected/.test(note),
      ),
    ).toBe(true);
  });

  it('anthropic: says what strict tool use would reject in this schema', () => {
    const notes = exportTool(withEnv(), 'anthropic').notes.join('\n');
    expect(notes).toContain('"strict": true');
    expect(notes).toContain('grammar-constrained sampling');
    expect(notes).toContain(
      'would reject this schema for: additionalProperties other than false (env); maximum (timeout_seconds); maxLength (command, env.*); minimum (timeout_seconds).',
    );
    expect(notes).toMatch(/validate the arguments before running the tool/);
  });

  it("anthropic: a schema within strict mode's subset is said to fit it", () => {
    const tool = makeTool({
      inputSchema: {
        type: 'object',
        properties: { mode: { type: 'string', enum: ['fast', 'full'], default: 'fast', description: 'How' } },
        required: ['mode'],
        additionalProperties: false,
      },
    });
    const notes = exportTool(tool, 'anthropic').notes.join('\n');
    expect(notes).toContain("This schema fits Anthropic's strict tool use");
    expect(notes).not.toContain('would reject');
  });

  it("gemini: keeps the fields of Gemini's Schema (title, default, length bounds) and lists what it dropped", () => {
    const tool = withEnv();
    const properties = tool.inputSchema.properties as Record<string, JsonObject>;
    properties.command = { ...properties.command, title: 'Command', minLength: 1, pattern: '^[^\\n]*$' };
    properties.tags = {
      type: 'array',
      items: { type: 'string', maxLength: 20 },
      uniqueItems: true,
      maxItems: 5,
      description: 'Labels',
    };
    const result = exportTool(tool, 'gemini');
    const parameters = result.value.parameters as JsonObject;
    const exported = parameters.properties as Record<string, JsonObject>;
    expect(parameters.additionalProperties).toBeUndefined();
    expect(parameters.$schema).toBeUndefined();
    expect(exported.timeout_seconds).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 3600,
      default: 300,
      description: 'Seconds before stopping (default: 300)',
    });
    expect(exported.command).toEqual({
      type: 'string',
      maxLength: 8192,
      description: 'Command line to run',
      title: 'Command',
      minLength: 1,
      pattern: '^[^\\n]*$',
    });
    expect(exported.mode?.enum).toEqual(['fast', 'full']);
    expect(exported.tags).toEqual({
      type: 'array',
      items: { type: 'string', maxLength: 20 },
      maxItems: 5,
      description: 'Labels',
    });
    const notes = result.notes.join('\n');
    expect(notes).toMatch(
      /does not define \(it refuses unknown fields in parameters\): additionalProperties \(env, \(root\)\); uniqueItems \(tags\)/,
    );
    expect(notes).not.toMatch(/default \(|maxLength \(|title \(/);
    expect(notes).toContain('parametersJsonSchema');
    expect(notes).toMatch(/'env' is a map/);
  });

  it('gemini: turns a nullable type array into nullable and removes non-string enums', () => {
    const tool = makeTool({
      inputSchema: {
        type: 'object',
        properties: { level: { type: ['integer', 'null'], enum: [1, 2, null], description: 'Level' } },
        additionalProperties: false,
      },
    });
    const level = ((exportTool(tool, 'gemini').value.parameters as JsonObject).properties as Record<string, JsonObject>)
      .level;
    expect(level).toEqual({ type: 'integer', nullable: true, description: 'Level' });
  });

  it('mcp: tools/list entry with title and risk-derived annotations', () => {
    const result = exportTool(makeTool(), 'mcp');
    expect(result.value.title).toBe('Run thing');
    expect(result.value.annotations).toEqual({ readOnlyHint: false, destructiveHint: true });
    expect((result.value.inputSchema as JsonObject).type).toBe('object');
    expect(exportTool(makeTool({ riskLevel: 'safe' }), 'mcp').value.annotations).toEqual({ readOnlyHint: true });
    expect(exportTool(makeTool({ riskLevel: 'low' }), 'mcp').value.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
    });
  });

  it('plain: the schema unchanged, and a note when a parameter lacks type or description', () => {
    const result = exportTool(makeTool(), 'plain');
    expect(result.value).toEqual({
      name: 'run_thing',
      description: makeTool().description,
      inputSchema: makeTool().inputSchema,
    });
    expect(result.notes).toEqual([]);
    const loose = makeTool({ inputSchema: { type: 'object', properties: { a: { type: 'string' } } } });
    expect(exportTool(loose, 'plain').notes[0]).toMatch(/missing on a/);
  });

  it('exportTools returns one value per tool; isExportFormat guards user input', () => {
    expect(exportTools([makeTool(), makeTool({ name: 'other' })], 'anthropic').map((value) => value.name)).toEqual([
      'run_thing',
      'other',
    ]);
    expect(isExportFormat('gemini')).toBe(true);
    expect(isExportFormat('cohere')).toBe(false);
    const unknown = exportTool(makeTool(), 'cohere' as never);
    expect(unknown.value).toEqual({});
    expect(unknown.notes[0]).toMatch(/Unknown export format 'cohere'/);
  });
});
