import { createCompilingValidator } from '../validation/compile';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { bundle } from '../toolset/bundle';
import { argumentsTextOf } from './arguments-text';
import { splitLines } from './lines';
import { checkCallStream, checkCallsText } from './stream';
import type { CallResult, CallSummary } from './types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');
const check = (name: string) => checkCallsText(fixture(name), bundle.tools, { validator });
const counts = (summary: CallSummary) => ({
  calls: summary.calls,
  valid: summary.valid,
  invalid: summary.invalid,
  unknownTool: summary.unknownTool,
  unparseable: summary.unparseable,
  skipped: summary.skipped,
});
const brief = (results: CallResult[]) => results.map((result) => [result.line, result.status, result.tool]);

describe('checking transcripts in every format', () => {
  it('JSON Lines of {tool, arguments} and {name, arguments}, with a broken line and arguments that do not parse', async () => {
    const { results, summary } = await check('plain.jsonl');
    expect(summary.layout).toBe('json-lines');
    expect(summary.formats).toEqual([{ format: 'plain', count: 7 }]);
    expect(counts(summary)).toEqual({ calls: 8, valid: 3, invalid: 2, unknownTool: 1, unparseable: 2, skipped: 0 });
    expect(brief(results)).toEqual([
      [1, 'valid', 'read_file'],
      [2, 'invalid', 'read_file'],
      [3, 'valid', 'execute_command'],
      [5, 'unknown_tool', 'git_comit'],
      [6, 'unparseable', 'write_file'],
      [7, 'invalid', 'read_file'],
      [8, 'unparseable', ''],
      [9, 'valid', 'search_files'],
    ]);
    expect(results[3]!.suggestions).toEqual(['git_commit']);
    expect(results[3]!.llmText).toMatch(/^Unknown tool 'git_comit'\. Did you mean: git_commit\?/);
    expect(results[4]!.llmText).toMatch(
      /^Parameter validation failed:\n- \(arguments\): Arguments are not valid JSON: Invalid JSON at line 1/,
    );
    expect(results[6]!.errors[0]!.message).toMatch(/^Line 8 is not valid JSON \(column \d+: /);
    expect(summary.fixes).toEqual([
      { tool: 'read_file', from: "encoding = 'UTF-8'", to: "encoding = 'utf-8'", count: 1 },
      { tool: 'read_file', from: 'file', to: 'path', count: 1 },
    ]);
    expect(summary.byCode).toEqual([
      { code: 'invalid_value', count: 2 },
      { code: 'invalid_enum', count: 1 },
      { code: 'malformed_line', count: 1 },
      { code: 'required', count: 1 },
      { code: 'unknown_tool', count: 1 },
      { code: 'unparseable_arguments', count: 1 },
    ]);
  });

  it('OpenAI Chat Completions messages: tool_calls with string arguments; user, system and tool turns skipped', async () => {
    const { results, summary } = await check('openai-chat.jsonl');
    expect(summary.formats).toEqual([{ format: 'openai-chat', count: 6 }]);
    expect(counts(summary)).toEqual({ calls: 7, valid: 3, invalid: 1, unknownTool: 1, unparseable: 2, skipped: 4 });
    expect(results.map((result) => result.id)).toEqual([
      'call_8xQm2Lw1',
      'call_8xQm2Lw2',
      'call_9Rt4',
      'call_A1',
      'call_B2',
      'call_C3',
      undefined,
    ]);
    // The model's JSON text is what the playground's editor gets, verbatim.
    expect(argumentsTextOf(results[0]!.arguments)).toBe('{"path": "src/main.ts", "start_line": 1, "end_line": 40}');
    expect(results[1]!.llmText).toBe(
      "Parameter validation failed:\n- path: Missing required property 'path'\n  Expected: A string value\n- file: Unknown parameter 'file'. Did you mean 'path'?\n  Expected: Only the known parameters: path, start_line, end_line, encoding\n- lines: Unknown parameter 'lines'\n  Expected: Only the known parameters: path, start_line, end_line, encoding\n",
    );
    expect(results[6]).toMatchObject({ line: 10, status: 'unparseable', tool: '' });
  });

  it('an OpenAI chat completion response as one document: calls located on their lines; empty arguments are {}', async () => {
    const { results, summary } = await check('openai-chat-completion.json');
    expect(summary.layout).toBe('json-document');
    expect(brief(results)).toEqual([
      [14, 'invalid', 'list_directory'],
      [22, 'valid', 'git_status'],
    ]);
    expect(results[0]!.errors).toMatchObject([{ parameter: 'max_depth', code: 'type_mismatch' }]);
  });

  it('OpenAI Responses output items as JSON Lines and a whole response object', async () => {
    const lines = await check('openai-responses.jsonl');
    expect(lines.summary.formats).toEqual([{ format: 'openai-responses', count: 4 }]);
    expect(counts(lines.summary)).toEqual({
      calls: 4,
      valid: 1,
      invalid: 1,
      unknownTool: 1,
      unparseable: 1,
      skipped: 3,
    });
    expect(lines.results[0]!.id).toBe('call_12345xyz');
    const whole = await check('openai-response.json');
    expect(brief(whole.results)).toEqual([
      [11, 'valid', 'execute_command'],
      [19, 'valid', 'move_file'],
    ]);
  });

  it('Anthropic tool_use blocks in an exported conversation, tool_result blocks ignored', async () => {
    const { results, summary } = await check('anthropic-conversation.json');
    expect(summary.formats).toEqual([{ format: 'anthropic', count: 5 }]);
    expect(counts(summary)).toEqual({ calls: 5, valid: 2, invalid: 2, unknownTool: 1, unparseable: 0, skipped: 0 });
    expect(results.map((result) => result.id)).toEqual([
      'toolu_01A09q90qw90lq917835lq9',
      'toolu_01A09q90qw90lq917835lq8',
      'toolu_01B',
      'toolu_01C',
      'toolu_01D',
    ]);
    expect(results.map((result) => result.line)).toEqual([11, 12, 25, 26, 32]);
  });

  it('Anthropic responses as JSON Lines with a truncated last line', async () => {
    const { results, summary } = await check('anthropic.jsonl');
    expect(counts(summary)).toEqual({ calls: 3, valid: 1, invalid: 1, unknownTool: 0, unparseable: 1, skipped: 0 });
    expect(summary.fixes).toEqual([{ tool: 'execute_command', from: 'cmd', to: 'command', count: 1 }]);
    expect(results[2]).toMatchObject({ line: 3, status: 'unparseable' });
  });

  it('Gemini functionCall parts in a conversation and in generateContent responses', async () => {
    const conversation = await check('gemini-conversation.json');
    expect(conversation.summary.formats).toEqual([{ format: 'gemini', count: 4 }]);
    expect(brief(conversation.results)).toEqual([
      [7, 'valid', 'search_files'],
      [8, 'invalid', 'read_file'],
      [21, 'invalid', 'semantic_search'],
      [22, 'unknown_tool', 'open_file'],
    ]);
    const responses = await check('gemini.jsonl');
    expect(counts(responses.summary)).toEqual({
      calls: 2,
      valid: 1,
      invalid: 1,
      unknownTool: 0,
      unparseable: 0,
      skipped: 1,
    });
  });

  it('MCP tools/call requests among other JSON-RPC traffic; a call with no name is listed, not fatal', async () => {
    const { results, summary } = await check('mcp.jsonl');
    expect(summary.formats).toEqual([{ format: 'mcp', count: 5 }]);
    expect(counts(summary)).toEqual({ calls: 5, valid: 2, invalid: 1, unknownTool: 1, unparseable: 1, skipped: 4 });
    expect(results[3]).toMatchObject({ line: 8, status: 'unparseable', format: 'mcp' });
    expect(results[3]!.errors[0]!.message).toContain('the call has no tool name');
    const session = await check('mcp-session.json');
    expect(brief(session.results)).toEqual([
      [6, 'valid', 'ask_user'],
      [12, 'invalid', 'confirm_action'],
    ]);
    expect(session.results[1]!.id).toBe('3');
  });

  it('per tool: calls, invalid rate and unknown tools with their closest names', async () => {
    const { summary } = await check('plain.jsonl');
    expect(summary.byTool.find((tool) => tool.tool === 'read_file')).toEqual({
      tool: 'read_file',
      known: true,
      calls: 3,
      valid: 1,
      invalid: 2,
      unparseable: 0,
      invalidRate: 2 / 3,
    });
    expect(summary.unknownTools).toEqual([{ tool: 'git_comit', count: 1, suggestions: ['git_commit'] }]);
    expect(summary.parameters[0]).toEqual({
      tool: 'read_file',
      parameter: 'encoding',
      count: 1,
      codes: { invalid_enum: 1 },
    });
    expect(summary.invalidRate).toBeCloseTo(5 / 8);
  });
});

describe('the stream', () => {
  it('accepts parsed messages as well as lines', async () => {
    const messages = [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } }],
      },
      { tool: 'read_file', arguments: { path: 7 } },
    ];
    const stream = checkCallStream(messages, bundle.tools, { validator });
    const statuses: string[] = [];
    for await (const result of stream.results) statuses.push(`${result.line}:${result.status}`);
    expect(statuses).toEqual(['2:valid', '3:invalid']);
    expect(stream.summary().skipped).toBe(1);
  });

  it('a JSON Lines stream whose first line is broken is still read line by line', async () => {
    const text = [
      '{"tool": "read_file", "argu',
      '{"tool": "read_file", "arguments": {"path": "a"}}',
      '{"tool": "read_file", "arguments": {}}',
    ].join('\n');
    const { results } = await checkCallsText(text, bundle.tools, { validator });
    expect(brief(results)).toEqual([
      [1, 'unparseable', ''],
      [2, 'valid', 'read_file'],
      [3, 'invalid', 'read_file'],
    ]);
  });

  it('a pretty-printed document that does not parse falls back to its lines, each listed', async () => {
    const text = '{\n  "tool": "read_file",\n  "arguments": {"path": "a"\n';
    const { results, summary } = await checkCallsText(text, bundle.tools, { validator });
    expect(summary.unparseable).toBe(3);
    expect(results.map((result) => result.line)).toEqual([1, 2, 3]);
  });

  it('text that holds no JSON at all is counted, not thrown', async () => {
    const { summary } = await checkCallsText('hello\nworld\n', bundle.tools, { validator });
    expect(counts(summary)).toEqual({ calls: 2, valid: 0, invalid: 0, unknownTool: 0, unparseable: 2, skipped: 0 });
  });

  it('a 1,000,000-line stream is checked with nothing kept but counts', { timeout: 120_000 }, async () => {
    const total = 1_000_000;
    function* lines(): Generator<string> {
      for (let index = 0; index < total; index++) {
        if (index % 100 === 99) yield '{"tool": "read_file", "arguments": {"file": "a.txt"}}';
        else if (index % 1000 === 500) yield '{"tool": "read_file", "arguments": ';
        else yield `{"tool": "read_file", "arguments": {"path": "src/file${index % 50}.ts", "start_line": 1}}`;
      }
    }
    const stream = checkCallStream(lines(), bundle.tools, { validator });
    let seen = 0;
    let lastLine = 0;
    for await (const result of stream.results) {
      seen += 1;
      lastLine = result.line;
    }
    const summary = stream.summary();
    expect(seen).toBe(total);
    expect(lastLine).toBe(total);
    expect(counts(summary)).toEqual({
      calls: total,
      valid: 989_000,
      invalid: 10_000,
      unknownTool: 0,
      unparseable: 1_000,
      skipped: 0,
    });
    expect(summary.fixes).toEqual([{ tool: 'read_file', from: 'file', to: 'path', count: 10_000 }]);
  });
});

describe('unknown tool names in bulk', () => {
  it('an unknown tool’s suggestions and LLM text are there when read, spread or cloned, and can be replaced', async () => {
    const { results } = await checkCallsText('{"tool": "read_fiel", "arguments": {"path": "a"}}', bundle.tools, {
      validator,
    });
    const [result] = results;
    expect(result!.status).toBe('unknown_tool');
    expect(result!.suggestions).toEqual(['read_file']);
    expect(result!.llmText).toMatch(
      /^Unknown tool 'read_fiel'\. Did you mean: read_file\? Available tools: read_file, write_file/,
    );
    expect({ ...result! }.suggestions).toEqual(['read_file']);
    expect(structuredClone(result!)).toMatchObject({ suggestions: ['read_file'], llmText: result!.llmText });
    // A plain result's keys, in its order: the lazy ones are own enumerable accessors.
    expect(Object.keys(result!)).toEqual([
      'index',
      'line',
      'status',
      'format',
      'tool',
      'arguments',
      'errors',
      'suggestions',
      'llmText',
    ]);
    expect(JSON.parse(JSON.stringify(result!))).toMatchObject({
      tool: 'read_fiel',
      suggestions: ['read_file'],
      llmText: result!.llmText,
    });
    result!.suggestions = [];
    expect(result!.suggestions).toEqual([]);
  });

  it('the summary lists each distinct unknown name once with its closest names, however many lines name it', async () => {
    const lines = Array.from({ length: 50 }, (_, index) =>
      JSON.stringify({ tool: index % 2 === 0 ? 'git_comit' : `made_up_${index}`, arguments: {} }),
    );
    const check = checkCallStream(lines, bundle.tools, { validator });
    for await (const result of check.results) void result;
    const summary = check.summary();
    expect(summary.unknownTool).toBe(50);
    expect(summary.unknownTools[0]).toEqual({ tool: 'git_comit', count: 25, suggestions: ['git_commit'] });
    expect(summary.unknownTools).toHaveLength(26);
  });
});

describe('complete(): the summary without handing out results', () => {
  it('reports what reading every result reports, from lines, from line batches and from a whole document', async () => {
    for (const name of ['plain.jsonl', 'anthropic-conversation.json', 'mcp.jsonl']) {
      const text = fixture(name);
      const { summary } = await checkCallsText(text, bundle.tools, { validator });
      expect(await checkCallStream(text.split(/\r?\n/), bundle.tools, { validator }).complete()).toEqual(summary);
      // Chunks cut anywhere, read a chunk's lines at a time.
      const chunks = text.match(/[\s\S]{1,37}/g) ?? [];
      expect(await checkCallStream(splitLines(chunks), bundle.tools, { validator }).complete()).toEqual(summary);
    }
  });
});

describe('a pretty-printed document past the cap for one document', () => {
  it('is reported as the line that passes the cap arrives, before the rest is read, and never parsed', async () => {
    let pulled = 0;
    function* lines() {
      for (const line of ['[', '  {', '    "tool": "read_file",']) {
        pulled += 1;
        yield line;
      }
      for (let index = 0; index < 10_000; index++) {
        pulled += 1;
        yield `    "filler${index}": "${'x'.repeat(50)}",`;
      }
      pulled += 1;
      yield '    "arguments": { "path": "a.txt" } } ]';
    }
    const check = checkCallStream(lines(), bundle.tools, { validator, maxDocumentCharacters: 1_000 });
    const first = await check.results.next();
    expect(pulled).toBeLessThan(30);
    expect(first.value).toMatchObject({ line: 1, status: 'unparseable', tool: '' });
    expect((first.value as CallResult).errors[0]!.message).toMatch(
      /^The JSON document from line 1 has more than 1,0\d\d characters, over the limit of 1,000 for one document, so it was not read\./,
    );
    const rest: CallResult[] = [];
    for await (const result of check.results) rest.push(result);
    expect(rest).toEqual([]);
    expect(check.summary()).toMatchObject({ calls: 1, unparseable: 1, layout: 'json-document' });
    expect(check.summary().byCode).toEqual([{ code: 'document_too_long', count: 1 }]);
    expect(check.summary().linesNotRead).toEqual([expect.objectContaining({ line: 1, limit: 1_000 })]);
  });

  it('counts blank lines and newlines too, and takes the cap of the lines it is given by default', async () => {
    const text = `{\n${'\n'.repeat(200)}"tool": "read_file", "arguments": {"path": "a.txt"}}\n`;
    const capped = checkCallStream(splitLines([text], { maxLineCharacters: 100 }), bundle.tools, { validator });
    expect(await capped.complete()).toMatchObject({
      calls: 1,
      unparseable: 1,
      byCode: [{ code: 'document_too_long', count: 1 }],
    });
    const roomy = checkCallStream(splitLines([text], { maxLineCharacters: 1_000 }), bundle.tools, { validator });
    expect(await roomy.complete()).toMatchObject({ calls: 1, valid: 1, layout: 'json-document' });
  });
});

describe('the line that decides the layout', () => {
  const CALL = '{"tool": "read_file", "arguments": {"path": "a.txt"}}';
  const parsesOf = async (lines: string[]) => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const { results, summary } = await checkCallsText(lines.join('\n'), bundle.tools, { validator });
      return { results, summary, parses: parse.mock.calls.filter(([text]) => text === lines.at(-1)).length };
    } finally {
      parse.mockRestore();
    }
  };

  it('is parsed once, first or second: its value decides the layout and is the one checked', async () => {
    expect(await parsesOf([CALL])).toMatchObject({ parses: 1, summary: { layout: 'json-lines', valid: 1 } });
    const second = await parsesOf(['{"tool": "read_file",', CALL]);
    expect(second).toMatchObject({ parses: 1, summary: { layout: 'json-lines', valid: 1, unparseable: 1 } });
  });

  it('is checked from its text when trimming changed it, as JSON.parse reads it', async () => {
    const spaced = await parsesOf([`  ${CALL}\t`]);
    expect(spaced).toMatchObject({ summary: { layout: 'json-lines', valid: 1 } });
    const { results } = await parsesOf([`\u00a0${CALL}`]);
    expect(results.map((result) => [result.status, result.errors[0]?.message])).toEqual([
      ['unparseable', expect.stringMatching(/^Line 1 is not valid JSON/)],
    ]);
  });
});
