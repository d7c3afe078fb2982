import { createCompilingValidator } from '../validation/compile';
/**
 * Catastrophic regexes over long inputs, in every place a user's pattern runs; endless and
 * output-flooding shell commands. Each answers (or refuses with a clear error) and the workspace stays.
 */
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../runtime/types';
import type { ToolDefinition } from '../toolset/types';
import { createStack } from './harness.test-support';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const CATASTROPHIC = ['(a+)+$', '(a*)*b', '(x|x)*y', '^(\\w+\\s?)*$', '(a|aa)+!', '([a-z]+)*[0-9]'];
const LONG_LINE = `${'a'.repeat(100_000)}!`;

function hits(result: ToolResult): number {
  return result.data?.kind === 'search_hits' ? result.data.hits.length : -1;
}

describe('catastrophic regexes over long inputs', () => {
  it('search_files and Grep answer every one on a 100,000-character line (RE2), with the right hits', async () => {
    const acode = await createStack('acode-core', { 'long.txt': `${LONG_LINE}\n`, 'short.txt': 'aaa!\n' });
    const prfactory = await createStack('prfactory-agent-tools', {
      'long.txt': `${LONG_LINE}\n`,
      'short.txt': 'aaa!\n',
    });
    for (const pattern of CATASTROPHIC) {
      const fromAcode = await acode.service.execute('search_files', { query: pattern, regex: true });
      expect(fromAcode.success, `${pattern}: ${fromAcode.error ?? ''}`).toBe(true);
      const expected = ['long.txt', 'short.txt'].filter((file) =>
        new RegExp(pattern).test(file === 'long.txt' ? 'aaaa!' : 'aaa!'),
      ).length;
      if (pattern === '(a|aa)+!' || pattern === '(a+)+$') expect(hits(fromAcode), pattern).toBe(expected);
      const fromGrep = await prfactory.service.execute('Grep', { pattern, directory: '.' });
      expect(fromGrep.success, `${pattern}: ${fromGrep.error ?? ''}`).toBe(true);
    }
  }, 60_000);

  it('SearchReplace runs an exponential shape on RE2 over a 100,000-character line, and refuses one it cannot (lookaround) without rewriting anything', async () => {
    const stack = await createStack('prfactory-agent-tools', { 'long.txt': `${LONG_LINE}\n`, 'short.txt': 'aab\n' });
    const replaced = await stack.service.execute('SearchReplace', {
      search: '(a+)+b',
      replace: '[$1]',
      useRegex: true,
      directory: '.',
    });
    expect(replaced.success, replaced.error).toBe(true);
    expect(await stack.workspace.readText('short.txt')).toBe('[aa]\n');
    expect(await stack.workspace.readText('long.txt')).toBe(`${LONG_LINE}\n`);
    const before = await stack.fingerprint();
    const refused = await stack.service.execute('SearchReplace', {
      search: '(a+)+(?!c)b',
      replace: 'x',
      useRegex: true,
      directory: '.',
    });
    expect(refused.success).toBe(false);
    expect(refused.errorCode).toBe('invalid_regex');
    expect(refused.error).toMatch(/^Parameter 'search': refused, because/);
    expect(await stack.fingerprint()).toBe(before);
  });

  it('a schema pattern that would backtrack exponentially is answered at once on a 1 MB value', () => {
    const tool = {
      name: 'patterned',
      title: 'p',
      description: 'A tool with a pattern',
      version: '1.0.0',
      category: 'x',
      riskLevel: 'safe',
      tags: [],
      inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } },
      examples: [],
      invalidExamples: [],
    } as unknown as ToolDefinition;
    expect(validator.validate(tool, { name: `${'a'.repeat(1024 * 1024)}!` }).errors[0]).toMatchObject({
      code: 'pattern_mismatch',
      parameter: 'name',
    });
  });

  it('a glob with many wildcards answers on a long file name (list_directory)', async () => {
    const stack = await createStack('acode-core', { [`${'a'.repeat(200)}.txt`]: 'x' });
    const result = await stack.service.execute('list_directory', { path: '.', pattern: '*a*a*a*a*a*a*a*a*a*a*a*a*b' });
    expect(result.success).toBe(true);
  });
});

describe('endless and output-flooding shell commands', () => {
  it('an endless loop stops at its limit with exit 124, keeps what it printed, and the workspace stays', async () => {
    const stack = await createStack('acode-core', { 'kept.txt': 'kept\n' });
    const before = await stack.fingerprint();
    const result = await stack.service.execute('execute_command', {
      command: 'echo started; while true; do :; done',
      timeout_seconds: 1,
    });
    expect(result.success).toBe(false);
    expect(result.errorCode).toBe('timeout');
    expect(result.error).toMatch(/timed out after 1 s/);
    expect(result.data).toMatchObject({ exitCode: 124, stdout: 'started\n' });
    expect(await stack.fingerprint()).toBe(before);
  }, 30_000);

  it('a command flooding output is stopped, its output bounded, and the call answers', async () => {
    const stack = await createStack('acode-core');
    const result = await stack.service.execute('execute_command', {
      command: 'while true; do echo xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; done',
      timeout_seconds: 2,
    });
    expect(result.success).toBe(false);
    expect(['timeout', 'execution_failed', 'CommandFailed']).toContain(result.errorCode);
    const stdout = result.data !== undefined && 'stdout' in result.data ? String(result.data.stdout) : '';
    expect(stdout.length).toBeLessThanOrEqual(16 * 1024 * 1024);
  }, 30_000);

  it('a fork-bomb-like recursion ends with a clear error, not a crash', async () => {
    const stack = await createStack('acode-core');
    const result = await stack.service.execute('execute_command', { command: 'f() { f; }; f', timeout_seconds: 2 });
    expect(result.success).toBe(false);
    expect(`${result.error}`).toMatch(/depth|recursion|time|limit|exceeded/i);
  }, 30_000);
});
