import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { tool as glob } from './glob';
import { MAX_RESULT_LINES, tool as grep } from './grep';
import { tool as searchReplace } from './search_replace';

const files = {
  'src/UserService.cs': 'public class UserService {\n  public User GetUser(int id) { return null; }\n}\n',
  'src/Order.cs': 'public class Order { }\n',
  'web/app.ts': 'export function getUser() {}\n',
  Makefile: 'build:\n\tdotnet build\n',
};

describe('Grep', () => {
  it('is case-insensitive by default and limited by filePattern; *.* means every file', async () => {
    const bench = await createTestBench(files);
    const hits = dataOf(await bench.run(grep, { pattern: 'getuser' }), 'search_hits').hits;
    expect(hits.map((hit) => `${hit.file}:${hit.line}`)).toEqual(['src/UserService.cs:2', 'web/app.ts:1']);
    const cs = dataOf(await bench.run(grep, { pattern: 'getuser', filePattern: '*.cs' }), 'search_hits').hits;
    expect(cs.map((hit) => hit.file)).toEqual(['src/UserService.cs']);
    expect(dataOf(await bench.run(grep, { pattern: 'getuser', caseSensitive: true }), 'search_hits').hits).toEqual([]);
    expect(dataOf(await bench.run(grep, { pattern: 'dotnet' }), 'search_hits').hits.map((hit) => hit.file)).toEqual([
      'Makefile',
    ]);
  });

  it('stops at 1000 result lines and says so', async () => {
    const bench = await createTestBench({ 'big.txt': 'match\n'.repeat(1500) });
    const outcome = await bench.run(grep, { pattern: 'match' });
    expect(dataOf(outcome, 'search_hits').hits).toHaveLength(MAX_RESULT_LINES);
    expect(outcome.message).toContain(`... (truncated, max ${MAX_RESULT_LINES} results)`);
  });

  it('refuses catastrophic patterns and paths outside, naming its own parameters', async () => {
    const bench = await createTestBench(files);
    // RE2 runs what it can express in linear time; a runaway shape it cannot (lookaround) is refused.
    expect((await bench.run(grep, { pattern: '(a+)+$' })).success).toBe(true);
    const runaway = await bench.run(grep, { pattern: '(a+)+(?!b)$' });
    expect(runaway).toMatchObject({ success: false, errorCode: 'invalid_regex' });
    expect(runaway.error).toMatch(/^Parameter 'pattern'/);
    expect((await bench.run(grep, { pattern: 'x', directory: '../..' })).errorCode).toBe('path_outside_workspace');
  });
});

describe('Glob', () => {
  it('matches paths relative to the directory, as the .NET matcher does', async () => {
    const bench = await createTestBench(files);
    const all = dataOf(await bench.run(glob, { pattern: '**/*.cs' }), 'listing').entries.map((entry) => entry.path);
    expect(all).toEqual(['src/Order.cs', 'src/UserService.cs']);
    // Without **, *.cs matches only the directory's own files.
    expect(dataOf(await bench.run(glob, { pattern: '*.cs' }), 'listing').entries).toEqual([]);
    expect(
      dataOf(await bench.run(glob, { pattern: '*.cs', directory: 'src' }), 'listing').entries.map(
        (entry) => entry.path,
      ),
    ).toEqual(['src/Order.cs', 'src/UserService.cs']);
  });
});

describe('SearchReplace', () => {
  it('replaces literally across files, case-sensitively by default, and reports each file', async () => {
    const bench = await createTestBench(files);
    const outcome = await bench.run(searchReplace, { search: 'GetUser(', replace: 'FindUser($1', filePattern: '*.cs' });
    expect(outcome.success).toBe(true);
    expect(await bench.text('src/UserService.cs')).toContain('public User FindUser($1int id)');
    expect(await bench.text('web/app.ts')).toBe(files['web/app.ts']);
    expect(dataOf(outcome, 'output').text).toBe('src/UserService.cs: 1 replacement');
  });

  it('uses capture groups with useRegex, counts on dryRun without writing, and refuses runaway patterns', async () => {
    const bench = await createTestBench(files);
    const dry = await bench.run(searchReplace, {
      search: 'class (\\w+)',
      replace: 'class $1Entity',
      useRegex: true,
      dryRun: true,
    });
    expect(dataOf(dry, 'output').facts).toContainEqual({ label: 'Replacements', value: '2' });
    expect(await bench.text('src/Order.cs')).toBe(files['src/Order.cs']);
    await bench.run(searchReplace, {
      search: 'class (\\w+)',
      replace: 'class $1Entity',
      useRegex: true,
      filePattern: '*.cs',
    });
    expect(await bench.text('src/Order.cs')).toBe('public class OrderEntity { }\n');
    expect(
      (await bench.run(searchReplace, { search: '(\\w+\\s?)*(?=x)$', replace: '', useRegex: true })).errorCode,
    ).toBe('invalid_regex');
    expect(
      (await bench.run(searchReplace, { search: '(\\w+\\s?)*$', replace: '', useRegex: true, dryRun: true })).success,
    ).toBe(true);
  });

  it('never rewrites secrets such as .env files', async () => {
    const bench = await createTestBench({ '.env': 'TOKEN=old', 'config.txt': 'TOKEN=old' });
    const outcome = await bench.run(searchReplace, { search: 'old', replace: 'new' });
    expect(await bench.text('.env')).toBe('TOKEN=old');
    expect(await bench.text('config.txt')).toBe('TOKEN=new');
    expect(dataOf(outcome, 'output').facts).toContainEqual({ label: 'Protected files skipped', value: '1' });
  });
});
