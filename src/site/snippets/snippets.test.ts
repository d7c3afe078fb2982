/**
 * Every snippet of every bundled tool (and of a tool with awkward names and text) compiles: the TypeScript ones
 * with tsc (the SDKs as type-only stand-ins, sdk-stubs.test-support.ts; Zod the real one), the Python ones with
 * Python's own parser (ast.parse), curl with `bash -n`. None is run: the SDKs are not installed here and PyPI is
 * out of reach, so a Python snippet's imports (openai, anthropic, google-genai, mcp, pydantic) are parsed, not
 * executed. The Zod schemas are also evaluated with the real Zod against the tools' examples.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collection } from '../../core/toolset/bundle';
import type { ToolDefinition } from '../../core/toolset/types';
import { toolSnippets, type Snippet } from './index';
import { zodExpression } from './schema-code';
import { SDK_STUBS } from './sdk-stubs.test-support';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Names and text that a careless generator would break on. */
const awkward: ToolDefinition = {
  name: 'send-mail.v2',
  title: 'Send "mail" */ now',
  description: 'Sends mail.\nUses `backticks`, """triple quotes""", \\ and \'single\' quotes.',
  version: '1.0.0',
  category: 'misc',
  riskLevel: 'high',
  tags: [],
  inputSchema: {
    type: 'object',
    properties: {
      'to-address': { type: 'string', format: 'email', maxLength: 254, description: 'Who */ gets it' },
      class: { type: 'string', enum: ['a', 'b'], default: 'a' },
      priority: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
      headers: { type: 'object', additionalProperties: { type: 'string', maxLength: 100 }, maxProperties: 10 },
      attachments: {
        type: 'array',
        maxItems: 3,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', pattern: '^[\\w.-]+$' },
            size: { type: 'number', exclusiveMinimum: 0 },
          },
          required: ['name'],
          additionalProperties: false,
        },
      },
      mode: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
      flag: { const: true },
    },
    required: ['to-address', 'attachments'],
    additionalProperties: false,
  },
  examples: [{ title: 'Plain', arguments: { 'to-address': 'a@b.c', attachments: [{ name: 'x.txt', size: 1 }] } }],
  invalidExamples: [],
};

const tools = [...collection.toolsets.flatMap((toolset) => toolset.tools), awkward];

describe('the "Use this tool" snippets', () => {
  let directory: string;
  const written: { file: string; snippet: Snippet; tool: string }[] = [];

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'snippets-'));
    symlinkSync(join(projectRoot, 'node_modules'), join(directory, 'node_modules'), 'dir');
    writeFileSync(join(directory, 'sdk-stubs.d.ts'), SDK_STUBS);
    for (const [index, tool] of tools.entries()) {
      for (const snippet of toolSnippets(tool)) {
        const extension = snippet.language === 'typescript' ? 'ts' : snippet.language === 'python' ? 'py' : 'sh';
        mkdirSync(join(directory, snippet.id), { recursive: true });
        const file = join(directory, snippet.id, `tool${index}.${extension}`);
        writeFileSync(file, snippet.code);
        written.push({ file, snippet, tool: tool.name });
      }
    }
    writeFileSync(
      join(directory, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          skipLibCheck: true,
          types: ['node'],
          lib: ['es2023'],
          isolatedModules: true,
        },
        include: ['**/*.ts'],
        exclude: ['node_modules'],
      }),
    );
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('every tool has the twelve, each with code', () => {
    for (const tool of tools) {
      const snippets = toolSnippets(tool);
      expect(snippets.map((snippet) => snippet.id)).toEqual([
        'openai-typescript',
        'openai-python',
        'anthropic-typescript',
        'anthropic-python',
        'gemini',
        'ai-sdk',
        'curl',
        'mcp-typescript',
        'mcp-python',
        'typescript-type',
        'zod',
        'pydantic',
      ]);
      for (const snippet of snippets)
        expect(snippet.code.trim().length, `${tool.name} ${snippet.id}`).toBeGreaterThan(40);
    }
  });

  it('the TypeScript ones type-check', { timeout: 180_000 }, () => {
    const result = spawnSync(process.execPath, [tsc, '-p', join(directory, 'tsconfig.json')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('the Python ones parse', { timeout: 60_000 }, () => {
    const files = written.filter((entry) => entry.snippet.language === 'python').map((entry) => entry.file);
    const result = spawnSync(
      'python3',
      [
        '-c',
        'import ast, sys\nfor name in sys.argv[1:]:\n    ast.parse(open(name, encoding="utf-8").read(), name)',
        ...files,
      ],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('curl is valid shell and sends valid JSON', () => {
    for (const entry of written.filter((candidate) => candidate.snippet.id === 'curl')) {
      const check = spawnSync('bash', ['-n', entry.file], { encoding: 'utf8' });
      expect(check.stderr, entry.tool).toBe('');
      const body = /<<'JSON'\n([\s\S]*)\nJSON\n$/.exec(entry.snippet.code)?.[1];
      expect(() => JSON.parse(body ?? ''), entry.tool).not.toThrow();
      expect(entry.snippet.code).toContain('$OPENAI_API_KEY');
    }
  });

  it("the Zod schema accepts each tool's examples, and refuses what the JSON Schema refuses by its keywords", () => {
    const compile = (tool: ToolDefinition) =>
      new Function('z', `return ${zodExpression(tool.inputSchema)};`)(z) as z.ZodType;
    for (const tool of tools) {
      const schema = compile(tool);
      for (const example of tool.examples)
        expect(schema.safeParse(example.arguments).success, `${tool.name}: ${example.title}`).toBe(true);
    }
    const schema = compile(awkward);
    expect(schema.safeParse({ 'to-address': 'a@b.c', attachments: [], bcc: 'x' }).success).toBe(false);
    expect(schema.safeParse({ 'to-address': 'x'.repeat(255), attachments: [] }).success).toBe(false);
    expect(schema.safeParse({ 'to-address': 'a@b.c', attachments: [{ name: 'bad name' }] }).success).toBe(false);
    expect(schema.safeParse({ 'to-address': 'a@b.c', attachments: [], priority: 6 }).success).toBe(false);
    expect(
      schema.safeParse({ 'to-address': 'a@b.c', attachments: [], priority: null, class: 'b', mode: true }).success,
    ).toBe(true);
  });
});

describe('the pieces the snippets are made of', () => {
  it('type names, Python names and Python literals', async () => {
    const { typeName } = await import('./schema-code');
    const { pythonField, pythonLiteral, pydanticSnippet } = await import('./python');
    expect(typeName('read_file')).toBe('ReadFileArguments');
    expect(typeName('ReadFile')).toBe('ReadFileArguments');
    expect(typeName('send-mail.v2')).toBe('SendMailV2Arguments');
    expect(typeName('3d')).toBe('Tool3dArguments');
    expect(pythonField('path')).toEqual({ field: 'path' });
    expect(pythonField('class')).toEqual({ field: 'class_', alias: 'class' });
    expect(pythonField('to-address')).toEqual({ field: 'to_address', alias: 'to-address' });
    expect(pythonField('model_name')).toEqual({ field: 'model_name_', alias: 'model_name' });
    expect(pythonLiteral({ a: [true, false, null, 'true null'] }, 0)).toBe('{"a":[True,False,None,"true null"]}');
    const model = pydanticSnippet('t', {
      type: 'object',
      properties: { files: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 3 } },
      required: ['files'],
    });
    expect(model).toContain('    files: List[Annotated[str, Field(max_length=10)]] = Field(..., max_length=3)');
  });
});
