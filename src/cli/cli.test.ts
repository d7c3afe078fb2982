import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../core/toolset/bundle';
import { runCli } from './run';
import { parseArguments } from './args';
import { compactJson } from './format';
import { shouldColor } from './style';

/** Runs the CLI as `tool-schemas <args>` with optional stdin, without spawning a process. */
const cli = (command: string, stdin?: string) => runCli(command.split(' ').filter(Boolean), { bundle, stdin });
const validate = (tool: string, json: string) => cli(`validate ${tool}`, json);

const CORE_TOOLS = [
  'read_file',
  'write_file',
  'list_directory',
  'search_files',
  'delete_file',
  'move_file',
  'execute_command',
  'execute_script',
  'semantic_search',
  'find_symbol',
  'get_definition',
  'git_status',
  'git_diff',
  'git_log',
  'git_commit',
  'ask_user',
  'confirm_action',
];

describe('Verification scenario 1: all core tools are registered', () => {
  it('list shows every tool grouped by category and the total', async () => {
    const result = await cli('list');
    expect(result.exitCode).toBe(0);
    const out = result.stdout;
    expect(out).toContain('ACODE CORE TOOLS');
    const sections: [string, string[]][] = [
      ['FILE OPERATIONS', ['read_file', 'write_file', 'list_directory', 'search_files', 'delete_file', 'move_file']],
      ['CODE EXECUTION', ['execute_command', 'execute_script']],
      ['CODE ANALYSIS', ['semantic_search', 'find_symbol', 'get_definition']],
      ['VERSION CONTROL', ['git_status', 'git_diff', 'git_log', 'git_commit']],
      ['USER INTERACTION', ['ask_user', 'confirm_action']],
    ];
    let position = 0;
    for (const [heading, tools] of sections) {
      const at = out.indexOf(heading, position);
      expect(at, heading).toBeGreaterThan(position - 1);
      position = at;
      for (const tool of tools) {
        const toolAt = out.indexOf(`   ${tool} `, position);
        expect(toolAt, tool).toBeGreaterThan(position);
        position = toolAt;
      }
    }
    expect(out).toContain('read_file        Read contents of a file');
    expect(out).toContain('Total: 17 core tools');
  });
  it('list --json groups the tools by category with the total', async () => {
    const listing = JSON.parse((await cli('list --json')).stdout) as {
      total: number;
      categories: { id: string; count: number; tools: { name: string; version: string }[] }[];
    };
    expect(listing.total).toBe(17);
    expect(listing.categories.map((category) => [category.id, category.count])).toEqual([
      ['file_operations', 6],
      ['code_execution', 2],
      ['code_analysis', 3],
      ['version_control', 4],
      ['user_interaction', 2],
    ]);
    expect(listing.categories.flatMap((category) => category.tools.map((tool) => tool.name))).toEqual(CORE_TOOLS);
    expect(listing.categories[0]?.tools[0]).toMatchObject({ name: 'read_file', version: '1.0.0' });
    expect((JSON.parse((await cli('list --category version_control --json')).stdout) as { total: number }).total).toBe(
      4,
    );
  });
  it('list --count prints 17', async () => {
    expect(await cli('list --count')).toEqual({ stdout: '17\n', stderr: '', exitCode: 0 });
  });
  it('list --category file_operations lists only file tools', async () => {
    const out = (await cli('list --category file_operations')).stdout;
    expect(out).toContain('FILE OPERATIONS');
    expect(out).toContain('move_file');
    expect(out).not.toContain('git_log');
    expect(out).toContain('Total: 6 of 17 core tools');
    expect((await cli('list --category file_operations --count')).stdout).toBe('6\n');
    expect((await cli('list --category nothing')).exitCode).toBe(2);
    expect((await runCli(['list', '--category', 'Version Control', '--count'], { bundle })).stdout).toBe('4\n');
    expect((await cli('list --category code-execution --count')).stdout).toBe('2\n');
  });

  it("list --category core (the seed manual's example) lists every tool of the toolset", async () => {
    const all = (await cli('list')).stdout;
    for (const name of ['core', 'acode-core', 'acode_core', 'Acode core tools', 'Acode core', 'CORE']) {
      const result = await runCli(['list', '--category', name], { bundle });
      expect(result.exitCode, name).toBe(0);
      expect(result.stdout, name).toBe(all);
    }
    expect((await cli('list --category core --count')).stdout).toBe(`${CORE_TOOLS.length}\n`);
    const listing = JSON.parse((await cli('list --category core --json')).stdout) as {
      total: number;
      categories: unknown[];
    };
    expect(listing.total).toBe(CORE_TOOLS.length);
    expect(listing.categories).toHaveLength(5);
    // Not every word of the name: "acode" alone or "tools" is no category.
    for (const name of ['acode', 'tools', 'cor']) expect((await cli(`list --category ${name}`)).exitCode, name).toBe(2);
    expect((await cli('list --category nothing')).stderr).toContain("or 'acode-core' for all 17 tools");
  });
});

describe('Verification scenario 2: read_file schema details', () => {
  let out = '';
  beforeAll(async () => {
    out = (await cli('show read_file')).stdout;
  });
  it('shows name, version, category and description', () => {
    expect(out.split('\n')[0]).toBe('read_file v1.0.0 (File Operations)');
    expect(out).toContain('Read the contents of a file');
  });
  it('shows parameters with types, required flags and constraints', () => {
    expect(out).toMatch(/^ {2}path +string +\[required\]/m);
    expect(out).toMatch(/^ {2}start_line +integer +\[optional\]/m);
    expect(out).toMatch(/^ {2}end_line +integer +\[optional\]/m);
    expect(out).toMatch(/^ {2}encoding +string +\[optional\] +default: utf-8/m);
    expect(out).toContain('  path:       maxLength 4096');
    expect(out).toContain('  start_line: minimum 1');
    expect(out).toContain('  end_line:   minimum 1');
    expect(out).toContain('  encoding:   enum [utf-8, ascii, utf-16], default utf-8');
  });
  it('shows the examples as compact JSON', () => {
    expect(out).toContain('EXAMPLES:\n  {"path": "README.md"}\n');
  });
  it('--json prints parseable JSON', async () => {
    const result = await cli('show read_file --json');
    expect(result.exitCode).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      name: string;
      inputSchema: { properties: { path: { maxLength: number } } };
    };
    expect(parsed.name).toBe('read_file');
    expect(parsed.inputSchema.properties.path.maxLength).toBe(4096);
  });
});

describe('Verification scenario 3: valid read_file arguments', () => {
  it.each([
    '{"path": "README.md"}',
    '{"path": "src/main.cs", "start_line": 1, "end_line": 100}',
    '{"path": "data.txt", "encoding": "ascii"}',
    '{"path": "file.txt", "start_line": 10, "end_line": 20, "encoding": "utf-16"}',
  ])('%s is valid', async (json) => {
    const result = await validate('read_file', json);
    expect(result.stdout).toContain('✓ Valid: Arguments conform to read_file schema');
    expect(result.exitCode).toBe(0);
  });
});

describe('Verification scenario 4: invalid read_file arguments', () => {
  it.each([
    ['{}', ['path', 'required']],
    ['{"path": "test.txt", "start_line": "ten"}', ['start_line', 'integer']],
    ['{"path": "test.txt", "encoding": "utf-32"}', ['encoding', 'enum']],
    ['{"path": "test.txt", "start_line": 0}', ['start_line', 'minimum']],
  ])('%s is rejected naming the parameter and rule', async (json, words) => {
    const result = await validate('read_file', json);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('✗ Invalid');
    for (const word of words) expect(result.stdout).toContain(word);
  });
  it('prints a single error as the verdict, as the manual shows it', async () => {
    expect((await validate('read_file', '{}')).stdout).toBe("✗ Invalid: Missing required property 'path' [required]\n");
    expect((await validate('read_file', '{"path": "test.txt", "start_line": "ten"}')).stdout).toBe(
      "✗ Invalid: Property 'start_line' must be integer, got string [type_mismatch]\n",
    );
  });
  it('prints several errors as "- parameter: message [code]", in the order of the parameters', async () => {
    const two = (await validate('read_file', '{"start_line": "ten"}')).stdout;
    expect(two).toBe(
      "✗ Invalid: 2 errors\n  - path: Missing required property 'path' [required]\n  - start_line: Property 'start_line' must be integer, got string [type_mismatch]\n",
    );
  });
});

describe('Verification scenario 5: execute_command timeout bounds', () => {
  it('show lists minimum 1, maximum 3600, default 300', async () => {
    expect((await cli('show execute_command')).stdout).toContain(
      'timeout_seconds:   minimum 1, maximum 3600, default 300',
    );
  });
  it.each(['60', '1', '3600'])('timeout %s is valid', async (timeout) => {
    expect(
      (await validate('execute_command', `{"command": "echo test", "timeout_seconds": ${timeout}}`)).stdout,
    ).toContain('✓ Valid');
  });
  it('0 fails on minimum and 5000 on maximum', async () => {
    const low = await validate('execute_command', '{"command": "echo test", "timeout_seconds": 0}');
    expect(low.stdout).toContain('✗ Invalid');
    expect(low.stdout).toContain('minimum');
    const high = await validate('execute_command', '{"command": "echo test", "timeout_seconds": 5000}');
    expect(high.stdout).toContain('✗ Invalid');
    expect(high.stdout).toContain('maximum');
  });
});

describe('Verification scenario 6: execute_script language enum', () => {
  it.each([
    '{"script": "Write-Host hello", "language": "powershell"}',
    '{"script": "echo hello", "language": "bash"}',
    '{"script": "print(hello)", "language": "python"}',
  ])('%s is valid', async (json) => {
    expect((await validate('execute_script', json)).stdout).toContain('✓ Valid');
  });
  it.each([
    '{"script": "console.log(hello)", "language": "javascript"}',
    '{"script": "puts hello", "language": "ruby"}',
  ])('%s is an enum error on language', async (json) => {
    const out = (await validate('execute_script', json)).stdout;
    expect(out).toContain('✗ Invalid');
    expect(out).toContain('language');
    expect(out).toContain('enum');
  });
});

describe('Verification scenario 7: git_log count bounds', () => {
  it('show lists integer, optional, minimum 1, maximum 100, default 10', async () => {
    const out = (await cli('show git_log')).stdout;
    expect(out).toMatch(/^ {2}count +integer +\[optional\] +default: 10/m);
    expect(out).toMatch(/^ {2}count: +minimum 1, maximum 100, default 10$/m);
  });
  it.each(['{}', '{"count": 50}', '{"count": 1}', '{"count": 100}'])('%s is valid', async (json) => {
    expect((await validate('git_log', json)).stdout).toContain('✓ Valid');
  });
  it.each(['{"count": 0}', '{"count": 500}'])('%s is invalid', async (json) => {
    const result = await validate('git_log', json);
    expect(result.stdout).toContain('✗ Invalid');
    expect(result.exitCode).toBe(1);
  });
});

describe('Verification scenario 8: git_commit message constraints', () => {
  it('show lists string, required, minLength 1, maxLength 500', async () => {
    const out = (await cli('show git_commit')).stdout;
    expect(out).toMatch(/^ {2}message +string +\[required\]/m);
    expect(out).toMatch(/^ {2}message: +minLength 1, maxLength 500$/m);
  });
  it.each(['{"message": "feat: add new feature"}', '{"message": "fix: bug fix", "files": ["src/app.cs"]}'])(
    '%s is valid',
    async (json) => {
      expect((await validate('git_commit', json)).stdout).toContain('✓ Valid');
    },
  );
  it('empty, missing and 600-character messages are rejected with the rule', async () => {
    const empty = (await validate('git_commit', '{"message": ""}')).stdout;
    expect(empty).toContain('✗ Invalid');
    expect(empty).toContain('minLength');
    const missing = (await validate('git_commit', '{}')).stdout;
    expect(missing).toContain('✗ Invalid');
    expect(missing).toContain('required');
    const long = (await validate('git_commit', JSON.stringify({ message: 'a'.repeat(600) }))).stdout;
    expect(long).toContain('✗ Invalid');
    expect(long).toContain('maxLength');
  });
});

describe('Verification scenario 9: schema versions', () => {
  it.each(CORE_TOOLS)('show %s --version prints 1.0.0', async (tool) => {
    expect(await cli(`show ${tool} --version`)).toEqual({ stdout: '1.0.0\n', stderr: '', exitCode: 0 });
  });
  it('list --show-versions shows v1.0.0 for every tool', async () => {
    const out = (await cli('list --show-versions')).stdout;
    for (const tool of CORE_TOOLS) expect(out).toMatch(new RegExp(`\\b${tool} +v1\\.0\\.0 `));
  });
});

describe('validate details', () => {
  it('accepts --args instead of stdin, and --lenient ignores unknown parameters', async () => {
    expect((await runCli(['validate', 'read_file', '--args', '{"path": "a.txt"}'], { bundle })).exitCode).toBe(0);
    expect((await validate('read_file', '{"path": "a.txt", "extra": 1}')).exitCode).toBe(1);
    expect(
      (await runCli(['validate', 'read_file', '--lenient'], { bundle, stdin: '{"path": "a.txt", "extra": 1}' }))
        .exitCode,
    ).toBe(0);
  });
  it('reports malformed JSON with line and column', async () => {
    const result = await validate('read_file', '{\n  "path": "a.txt",\n}');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^✗ Invalid: malformed JSON at line 3, column 1: /);
  });
  it('reports a parameter given twice instead of silently keeping the last value', async () => {
    const result = await validate('read_file', '{"path":"x","path":"y"}');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe(
      "✗ Invalid: Parameter 'path' appears twice (line 1, column 13); JSON keeps only the last value [invalid_value]\n",
    );
    const json = JSON.parse(
      (await runCli(['validate', 'read_file', '--json', '--args', '{"path":"x","path":"y"}'], { bundle })).stdout,
    ) as { errors: { parameter: string; code: string }[] };
    expect(json.errors).toEqual([expect.objectContaining({ parameter: 'path', code: 'invalid_value' })]);
  });
  it('prints warnings after a valid verdict', async () => {
    const result = await validate('write_file', JSON.stringify({ path: 'big.txt', content: 'x'.repeat(200_000) }));
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('✓ Valid: Arguments conform to write_file schema');
    expect(result.stdout).toContain('[large_value]');
  });
  it('--verbose prints the trace, --json the result', async () => {
    const verbose = (await cli('validate read_file --verbose', '{"path": "x", "start_line": 0}')).stdout;
    expect(verbose).toContain('Checking constraints');
    expect(verbose).toContain("✗ Invalid: Parameter 'start_line' is below minimum 1 (actual: 0) [out_of_range]");
    const json = JSON.parse((await cli('validate read_file --json', '{}')).stdout) as {
      valid: boolean;
      errors: { code: string }[];
    };
    expect(json.valid).toBe(false);
    expect(json.errors[0]?.code).toBe('required');
  });
  it('unknown tools suggest the closest name and exit 2', async () => {
    const result = await cli('validate read_fil', '{}');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe("Unknown tool 'read_fil'. Did you mean: read_file?");
  });
  it('missing or empty arguments are a usage error', async () => {
    expect((await runCli(['validate', 'read_file'], { bundle })).exitCode).toBe(2);
    const empty = await validate('read_file', ' \n');
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toMatch(/^No arguments: pipe JSON on standard input/);
    expect((await runCli(['validate', 'read_file', '--args', ''], { bundle })).exitCode).toBe(2);
  });
  it('--llm prints the text a model gets back, with the same exit codes', async () => {
    expect(await cli('validate read_file --llm', '{"path": "a"}')).toEqual({
      stdout: 'Parameters validated successfully.\n',
      stderr: '',
      exitCode: 0,
    });
    expect(await cli('validate read_file --llm', '{"path": "a", "start_line": 10, "end_line": 5}')).toEqual({
      // The label names the parameter; the message does not name it again (the LLM text's `- {ParameterName}: {Message}` line).
      stdout:
        "Parameter validation failed:\n- end_line: (5) must not be less than 'start_line' (10)\n  Expected: At least 10 (the value of 'start_line')\n",
      stderr: '',
      exitCode: 1,
    });
    const malformed = await cli('validate read_file --llm', '{"path": ');
    expect(malformed.exitCode).toBe(1);
    expect(malformed.stdout).toMatch(
      /^Parameter validation failed:\n- \(arguments\): Arguments are not valid JSON: Invalid JSON at line 1, column 10: /,
    );
    expect((await cli('validate read_file --llm --json', '{}')).exitCode).toBe(2);
  });
});

describe('lint, export, help and usage', () => {
  it('lint reports findings grouped by rule with counts and a summary; exits 1 on errors, and past --max-warnings', async () => {
    const result = await cli('lint');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^number-bounds {2}\(4 findings: 4 warnings\)$/m);
    expect(result.stdout).toMatch(/^ {2}warning +get_definition +line +Numeric parameter 'line'/m);
    expect(result.stdout.indexOf('boolean-safe-default')).toBeLessThan(result.stdout.indexOf('number-bounds'));
    expect(result.stdout).toMatch(/^✓ no findings: .*\bmove_file\b/m);
    expect(result.stdout).toMatch(/^Summary: 17 tools audited, \d+ findings: \d+ errors?, \d+ warnings?, \d+ info$/m);
    expect((await cli('lint move_file')).exitCode).toBe(0);
    expect((await cli('lint write_file --json')).exitCode).toBe(1);
    expect((await cli('lint git_commit')).exitCode).toBe(0);
    expect((await cli('lint git_commit --max-warnings 1')).exitCode).toBe(0);
    const tooMany = await cli('lint git_commit --max-warnings 0');
    expect(tooMany.exitCode).toBe(1);
    expect(tooMany.stdout).toContain('1 warning, more than --max-warnings 0 allows.');
    expect(await cli('lint --max-warnings many')).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("--max-warnings must be a whole number of 0 or more, not 'many'"),
    });
    const json = JSON.parse((await cli('lint write_file --json')).stdout) as {
      findings: { parameter?: string; rule: string }[];
    };
    expect(json.findings).toContainEqual(
      expect.objectContaining({ parameter: 'overwrite', rule: 'boolean-safe-default' }),
    );
  });
  it('export prints provider JSON and notes on stderr', async () => {
    const result = await cli('export read_file --format anthropic');
    expect(result.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(result.stdout) as object)).toEqual(['name', 'description', 'input_schema']);
    expect(result.stderr).toMatch(/^note: /);
    const all = JSON.parse((await cli('export --format mcp')).stdout) as unknown[];
    expect(all).toHaveLength(17);
    expect((await cli('export read_file')).exitCode).toBe(2);
    expect((await cli('export read_file --format cohere')).stderr).toMatch(/Unknown format 'cohere'/);
  });
  it('help prints usage; unknown commands and no command are usage errors', async () => {
    expect((await cli('help')).stdout).toMatch(/^Usage: tool-schemas <command>/);
    expect((await cli('--help')).exitCode).toBe(0);
    expect((await cli('help validate')).stdout).toMatch(/^Usage: tool-schemas validate/);
    const unknown = await cli('frobnicate');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command 'frobnicate'[\s\S]*Usage:/);
    expect((await cli('')).exitCode).toBe(2);
    expect((await cli('list --bogus')).exitCode).toBe(2);
  });
  it('a missing bundle tells the user to run npm run bundle', async () => {
    const result = await runCli(['list'], {
      bundle: { error: 'The toolset bundle is missing. Run `npm run bundle` first.' },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('npm run bundle');
  });
});

describe('helpers', () => {
  it('parses flags with inline and separate values', () => {
    const parsed = parseArguments(['read_file', '--format=gemini', '--args', '{}', '--json', '--nope'], {
      values: ['format', 'args'],
      switches: ['json'],
    });
    expect(parsed.positionals).toEqual(['read_file']);
    expect(parsed.flags.get('format')).toBe('gemini');
    expect(parsed.flags.get('args')).toBe('{}');
    expect(parsed.flags.get('json')).toBe(true);
    expect(parsed.unknown).toEqual(['--nope']);
  });
  it('formats compact JSON like the seed and colours only on a TTY without NO_COLOR', async () => {
    expect(compactJson({ path: 'src/main.cs', start_line: 1, tags: ['a', 'b'] })).toBe(
      '{"path": "src/main.cs", "start_line": 1, "tags": ["a", "b"]}',
    );
    expect(shouldColor(true, undefined)).toBe(true);
    expect(shouldColor(true, '1')).toBe(false);
    expect(shouldColor(false, undefined)).toBe(false);
    expect((await runCli(['list'], { bundle, color: true })).stdout).toContain('\u001b[1m');
    expect((await cli('list')).stdout).not.toContain('\u001b[');
  });
});

describe('bin/tool-schemas.js', () => {
  it('reads a large argument text that arrives on the pipe slowly, in pieces', async () => {
    const bin = fileURLToPath(new URL('../../bin/tool-schemas.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'validate', 'write_file'], { env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const text = JSON.stringify({ path: 'big.txt', content: 'x'.repeat(3_000_000) });
    for (let start = 0; start < text.length; start += 500_000) {
      child.stdin.write(text.slice(start, start + 500_000));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    child.stdin.end();
    expect(await exited).toBe(1);
    expect(stdout).toMatch(
      /^✗ Invalid: Parameter 'content' exceeds maxLength 1048576 \(actual: 3000000\) \[string_too_long\]\n/,
    );
  }, 20_000);

  it('refuses standard input past the input limit in one line, reading no further than the limit', async () => {
    const bin = fileURLToPath(new URL('../../bin/tool-schemas.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'validate', 'read_file'], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // The pipe closes when the CLI stops reading: writing then fails, which ends the feed.
    child.stdin.on('error', () => undefined);
    const piece = Buffer.alloc(1 << 20, ' ');
    let open = true;
    const closed = new Promise<void>((resolve) => child.stdin.once('close', resolve)).then(() => (open = false));
    for (let written = 0; open && written < 80; written++)
      if (!child.stdin.write(piece))
        await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), closed]);
    child.stdin.end();
    expect(await exited).toBe(2);
    expect(stderr).toBe(
      'Standard input could not be read: it holds more than 64.0 MB, over the 64 MB limit for an input file; reading stopped at the limit\n',
    );
  }, 30_000);
  it('runs the CLI in a real process: list --count prints 17', () => {
    const bin = fileURLToPath(new URL('../../bin/tool-schemas.js', import.meta.url));
    const child = spawnSync(process.execPath, [bin, 'list', '--count'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('17\n');
    expect(child.status).toBe(0);
  });
  it('reads the arguments from a pipe and exits 0 when valid, 1 when invalid', () => {
    const bin = fileURLToPath(new URL('../../bin/tool-schemas.js', import.meta.url));
    const run = (input: string) =>
      spawnSync(process.execPath, [bin, 'validate', 'git_log'], {
        input,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const valid = run('{"count": 100}\n');
    expect(valid.stdout).toBe('✓ Valid: Arguments conform to git_log schema\n');
    expect(valid.status).toBe(0);
    const invalid = run('{"count": 500}\n');
    expect(invalid.stdout).toBe("✗ Invalid: Parameter 'count' exceeds maximum 100 (actual: 500) [out_of_range]\n");
    expect(invalid.status).toBe(1);
  });
  it('runs from the TypeScript sources when there is no current build (a fresh clone)', () => {
    const bin = fileURLToPath(new URL('../../bin/tool-schemas.js', import.meta.url));
    const child = spawnSync(process.execPath, [bin, 'validate', 'read_file'], {
      input: '{"path": "test.txt"}',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', TOOL_SCHEMAS_FROM_SOURCE: '1' },
    });
    expect(child.stdout).toBe('✓ Valid: Arguments conform to read_file schema\n');
    expect(child.status).toBe(0);
  }, 30_000);
});
