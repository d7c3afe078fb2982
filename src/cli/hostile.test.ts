/**
 * Hostile input to the CLI's validate: every kind of malformed JSON, odd top levels, huge and deep
 * values, dangerous keys and characters, path traversal in every spelling. Each ends in a clear
 * error naming the parameter (or the position) and the rule, exit code 1, and never a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { bundle, collection } from '../core/toolset/bundle';
import { runCli } from './run';
import { runBatchCli } from './run-batch';
import { splitLines } from '../core/calls/lines';
import { deepText } from '../core/json/text-limits.test-support';

const validate = (tool: string, stdin: string, ...flags: string[]) =>
  runCli(['validate', tool, ...flags], { bundle, toolsets: collection.toolsets, stdin });

function expectClearFailure(
  result: { exitCode: number; stdout: string; stderr: string },
  ...phrases: (string | RegExp)[]
) {
  expect(result.exitCode).toBe(1);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(output).not.toMatch(/TypeError|RangeError|undefined is not/);
  for (const phrase of phrases) expect(output).toMatch(phrase);
}

describe('CLI validate: malformed JSON of every kind', () => {
  it.each([
    ['truncated', '{"path": "src/a', /line 1, column \d+/],
    ['trailing comma', '{"path": "a.txt",}', /line 1, column 18: trailing comma/],
    ['line comment', '{"path": "a.txt" // the file\n}', /line 1, column 18/],
    ['block comment', '{/* c */"path": "a.txt"}', /line 1, column 2/],
    ['NaN', '{"path": "a.txt", "start_line": NaN}', /line 1, column 33/],
    ['Infinity', '{"path": "a.txt", "start_line": Infinity}', /line 1, column 33/],
    ['unterminated object', '{"path": "a.txt"', /line 1, column 17/],
    ['single quotes', "{'path': 'a.txt'}", /line 1, column 2/],
    ['unquoted key', '{path: "a.txt"}', /line 1, column 2/],
    ['raw control character', '{"path": "a\tb"}', /line 1, column 12/],
    ['two values', '{"path": "a"} {"path": "b"}', /line 1, column 15/],
  ])('%s → the position of the error', async (_name, text, position) => {
    expectClearFailure(await validate('read_file', text), /malformed JSON/, position);
  });

  it('a byte order mark is ignored, not an error', async () => {
    expect((await validate('read_file', '\ufeff{"path": "a.txt"}')).exitCode).toBe(0);
  });

  it('a duplicate key is reported with both places', async () => {
    expectClearFailure(
      await validate('read_file', '{"path": "a.txt", "path": "b.txt"}'),
      /'path' appears twice \(line 1, column 19\)/,
    );
  });

  it.each([['[]'], ['"a.txt"'], ['42'], ['null'], ['true'], ['[{"path": "a.txt"}]']])(
    'top level %s → must be an object',
    async (text) => {
      expectClearFailure(await validate('read_file', text), /Arguments must be a JSON object/);
    },
  );

  it('empty input says what to give (a usage error, exit 2)', async () => {
    const result = await validate('read_file', '   ');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("No arguments: pipe JSON on standard input or pass --args '<json>'");
  });
});

describe('CLI validate: huge, deep and strange values', () => {
  it('a 5 MB path is string_too_long, named, with the limit', async () => {
    expectClearFailure(
      await validate('read_file', JSON.stringify({ path: 'a'.repeat(5 * 1024 * 1024) })),
      /path/,
      /maxLength 4096/,
      /string_too_long/,
    );
  });

  it('a 50 MB content is refused by the content limit, and the echo stays short', async () => {
    const result = await validate(
      'write_file',
      JSON.stringify({ path: 'big.txt', content: 'x'.repeat(50 * 1024 * 1024) }),
    );
    expectClearFailure(result, /content/, /string_too_long/);
    expect(result.stdout.length + result.stderr.length).toBeLessThan(5_000);
  });

  it('10,000 levels of nesting are refused by the nesting rule, without a stack overflow', async () => {
    const deep = `{"command": "ls", "env": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expectClearFailure(await validate('execute_command', deep), /env/);
  });

  it('__proto__, constructor and prototype keys are unknown parameters, and pollute nothing', async () => {
    const result = await validate(
      'read_file',
      '{"path": "a.txt", "__proto__": {"polluted": true}, "constructor": 1, "prototype": 2}',
    );
    expectClearFailure(
      result,
      /Unknown parameter '__proto__'/,
      /Unknown parameter 'constructor'/,
      /Unknown parameter 'prototype'/,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a lone surrogate, NUL and bidi override in a path are refused by the path rule, shown escaped', async () => {
    expectClearFailure(
      await validate('read_file', '{"path": "a\\u0000b"}'),
      /path_outside_workspace/,
      /NUL/,
      /a\\x00b/,
    );
    const bidi = await validate('read_file', '{"path": "src/\\u202etxt.exe"}');
    expect(bidi.exitCode).toBe(0);
    const surrogate = await validate('read_file', '{"path": "src/\\ud800.txt"}');
    expect(surrogate.exitCode).toBe(0);
  });

  it('huge numbers and negative zero are judged as numbers', async () => {
    // 1e400 is Infinity once parsed: not an integer.
    expectClearFailure(
      await validate('read_file', '{"path": "a", "start_line": 1e400}'),
      /'start_line' must be integer/,
      /type_mismatch/,
    );
    expectClearFailure(
      await validate('read_file', '{"path": "a", "start_line": -0}'),
      /'start_line' is below minimum 1/,
      /out_of_range/,
    );
    expectClearFailure(
      await validate('read_file', '{"path": "a", "start_line": 1, "end_line": -1e308}'),
      /'end_line' is below minimum 1/,
    );
    // Past 2^53 an integer loses precision but is still an integer the schema allows.
    expect((await validate('read_file', '{"path": "a", "start_line": 12345678901234567890}')).exitCode).toBe(0);
  });
});

describe('CLI validate: path traversal in every spelling, both toolsets', () => {
  const spellings = [
    '../../../etc/passwd',
    '/etc/passwd',
    '..\\..\\windows',
    '%2e%2e/%2e%2e/etc/passwd',
    '..%2fetc',
    '\u2025/etc/passwd',
    '\uff0e\uff0e\uff0fetc',
    'C:\\Windows\\win.ini',
    '~/.ssh/id_rsa',
  ];
  for (const spelling of spellings) {
    it(`read_file ${JSON.stringify(spelling)} → path_outside_workspace naming path`, async () => {
      expectClearFailure(
        await validate('read_file', JSON.stringify({ path: spelling })),
        /path_outside_workspace/,
        /'path'/,
      );
    });
    it(`ReadFile ${JSON.stringify(spelling)} → path_outside_workspace naming filePath`, async () => {
      expectClearFailure(
        await validate('ReadFile', JSON.stringify({ filePath: spelling }), '--toolset', 'prfactory-agent-tools'),
        /path_outside_workspace/,
        /'filePath'/,
      );
    });
  }

  it('--json carries the code and parameter for a program to act on', async () => {
    const result = await validate('read_file', '{"path": "../../../etc/passwd"}', '--json');
    const parsed = JSON.parse(result.stdout) as { valid: boolean; errors: { code: string; parameter: string }[] };
    expect(parsed.valid).toBe(false);
    expect(parsed.errors[0]).toMatchObject({ code: 'path_outside_workspace', parameter: 'path' });
  });
});

describe('CLI: text nested 100,000 deep, in every command that reads JSON', () => {
  const deepTool = `{"name":"deep","description":"A tool whose schema never ends.","inputSchema":{"type":"object","properties":{"a":${deepText(100_000)}}}}`;
  const file = `{"tools":[{"name":"fine","description":"A tool with a plain schema.","inputSchema":{"type":"object","properties":{}}},${deepTool}]}`;
  const readFile = (path: string) => {
    if (path === 'deep.json') return file;
    throw new Error(`ENOENT: no such file, open '${path}'`);
  };
  const run = (...argv: string[]) => runCli(argv, { bundle, toolsets: collection.toolsets, readFile });

  it('lint audits the other tools and names the deep one, its pointer and the limit', async () => {
    const result = await run('lint', '--toolset', 'deep.json');
    // Exit 1: the fine tool has an error-level finding (no additionalProperties), as lint exits on errors.
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('fine');
    expect(result.stdout).toMatch(/Summary: 1 tool audited/);
    expect(result.stderr).toMatch(
      /refused deep at \/tools\/1\/inputSchema\/properties\/a\/0\/a\/.* \(too_deep\): Tool 'deep' is nested more than 128 levels deep \(at line 1, column \d+\)/,
    );
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/RangeError|Maximum call stack|heap/);
  });

  it('import converts the other tools and refuses the deep one', async () => {
    const result = await run('import', 'deep.json', '--to', 'openai-chat');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('"fine"');
    expect(result.stderr).toMatch(/1 of 2 tools converted[\s\S]*Tool 'deep' is nested more than 128 levels deep/);
  });

  it('validate and validate --batch refuse arguments nested 100,000 deep by the nesting rule', async () => {
    expectClearFailure(
      await validate('execute_command', `{"command": "ls", "env": ${deepText(100_000)}}`),
      /Parameter 'env' is nested more than 64 levels deep/,
    );
    const line = `{"tool": "execute_command", "arguments": {"command": "ls", "env": ${deepText(100_000)}}}`;
    const batch = await runBatchCli(['validate', '--batch', 'calls.jsonl'], {
      bundle,
      openLines: () => splitLines([`${line}\n`]),
    });
    expect(batch.stdout).toContain('1 call: 0 valid, 1 invalid');
    expect(batch.stdout).toMatch(/execute_command\.env +1 +invalid_value 1/);
  });
});
