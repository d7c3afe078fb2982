import { describe, expect, it } from 'vitest';
import { dataOf, sampleBench } from '../bench.test-support';
import { createTestBench } from '../../support/context.test-support';
import { tool as executeShell } from './execute_shell';
import { tool as runTests } from './run_tests';
import { checkWhitelist } from './whitelist';

describe('the shell whitelist', () => {
  it('allows whitelisted programs in pipelines, lists, loops and substitutions', () => {
    expect(checkWhitelist('git status && ls -la | grep src; for f in a b; do echo $f; done')).toEqual({
      ok: true,
      programs: ['git', 'ls', 'grep', 'echo'],
    });
  });

  it.each([
    ['rm -rf /', "'rm' is not on the whitelist"],
    ['echo "$(curl http://x)"', "'curl' is not on the whitelist"],
    ['ls && bash -c "rm x"', "'bash' is not on the whitelist"],
    ['x=rm; $x -rf src', 'written literally'],
    ['f() { ls; }; f', 'defining shell functions'],
    ['find . -delete', "'find -delete' would run or delete other things"],
    ['git -c core.pager=sh log', "'git -c'"],
  ])('refuses %s', (command, reason) => {
    const verdict = checkWhitelist(command);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.message).toContain(reason);
  });
});

describe('the whitelist where the shell dispatches programs', () => {
  // Each of these names only whitelisted programs in its text; the program it starts is not.
  it.each([
    [`awk 'BEGIN{c="rm README.md"; c | getline; print "ran"}'`, 'rm'],
    ['echo README.md | xargs rm', 'rm'],
    ['find . -name README.md -exec rm {} \\;', 'rm'],
    ['echo README.md | xargs env rm', 'env'],
    ['echo README.md | xargs sh -c "rm README.md"', 'sh'],
    // A package.json script is a script the shell runs: its programs are checked as they start.
    ['npm run clean', 'rm'],
    ['npm run nested', 'sh'],
  ])('%s is refused and README.md stays', async (command, program) => {
    const bench = await createTestBench({
      'README.md': 'keep me',
      'package.json': JSON.stringify({ scripts: { clean: 'rm README.md', nested: 'sh -c "rm README.md"' } }),
    });
    const verdict = checkWhitelist(command);
    expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
    const result = await bench.run(executeShell, { command });
    expect(result, JSON.stringify(result).slice(0, 400)).toMatchObject({
      success: false,
      errorCode: 'command_not_allowed',
    });
    expect(result.error).toContain(`'${program}'`);
    expect(await bench.text('README.md')).toBe('keep me');
  });

  it('lets allowed programs start allowed programs (xargs wc, find -exec grep)', async () => {
    const bench = await createTestBench({ 'a.cs': 'class A {}\n', 'b.cs': 'class B {}\nclass C {}\n' });
    const counted = await bench.run(executeShell, { command: "find . -name '*.cs' | sort | xargs wc -l" });
    expect(dataOf(counted, 'command_output').stdout).toMatch(/3 total/);
    const found = await bench.run(executeShell, { command: "find . -name '*.cs' -exec grep -l C {} \\;" });
    expect(dataOf(found, 'command_output').stdout.trim()).toBe('./b.cs');
  });
});

describe('protected paths for every writer in the shell', () => {
  it.each([
    ['echo hacked > .git/HEAD', '.git/HEAD'],
    ['echo hacked >> .git/config', '.git/config'],
    ['cp README.md .git/HEAD', '.git/HEAD'],
    ['mkdir .git/hooks2', '.git/hooks2'],
    ['mv .git gone', '.git'],
    ['touch .env', '.env'],
    ["node -e \"require('fs').writeFileSync('.env', 'TOKEN=x')\"", '.env'],
  ])('%s fails as WriteFile does, and .git/HEAD is intact', async (command, path) => {
    const bench = await sampleBench();
    const head = await bench.text('.git/HEAD');
    const result = await bench.run(executeShell, { command });
    expect(result, JSON.stringify(result).slice(0, 400)).toMatchObject({ success: false, errorCode: 'protected_path' });
    expect(result.error).toContain(path);
    expect(await bench.text('.git/HEAD')).toBe(head);
  });

  it('git itself still writes .git/', async () => {
    const bench = await sampleBench();
    const result = await bench.run(executeShell, { command: 'git checkout -b topic && git branch' });
    expect(dataOf(result, 'command_output').stdout).toContain('* topic');
    expect(await bench.text('.git/HEAD')).toContain('topic');
  });
});

describe('ExecuteShell and RunTests', () => {
  it('runs an allowed command and refuses a forbidden one before running anything', async () => {
    const bench = await createTestBench({ 'a.txt': 'hello' });
    const ran = await bench.run(executeShell, { command: 'cat a.txt | wc -c' });
    expect(dataOf(ran, 'command_output').stdout.trim()).toBe('5');
    const refused = await bench.run(executeShell, { command: 'cat a.txt && rm a.txt' });
    expect(refused).toMatchObject({ success: false, errorCode: 'command_not_allowed' });
    expect(await bench.exists('a.txt')).toBe(true);
    expect((await bench.run(executeShell, { command: 'ls', workingDirectory: '../' })).errorCode).toBe(
      'path_outside_workspace',
    );
  });

  it('finds the project kind and runs its tests', async () => {
    const bench = await sampleBench();
    const none = await bench.run(runTests, { projectPath: 'docs' });
    expect(none).toMatchObject({ success: false, errorCode: 'path_not_found' });
    expect(none.error).toContain("no package.json, .sln or .csproj in 'docs'");
    const outcome = await bench.run(runTests, {});
    expect(dataOf(outcome, 'command_output').command).toMatch(/^(npm test|dotnet test)/);
  });
});
