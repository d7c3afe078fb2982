import { describe, expect, it } from 'vitest';
import { dataOf, sampleBench } from '../test-support';
import { createTestBench } from '../../support/test-context';
import { tool as executeShell } from './execute_shell';
import { tool as runTests } from './run_tests';
import { checkWhitelist } from './whitelist';

describe('the shell whitelist', () => {
  it('allows whitelisted programs in pipelines, lists, loops and substitutions', () => {
    expect(checkWhitelist('git status && ls -la | grep src; for f in a b; do echo $f; done')).toEqual({ ok: true, programs: ['git', 'ls', 'grep', 'echo'] });
  });

  it.each([
    ['rm -rf /', "'rm' is not on the whitelist"],
    ['echo "$(curl http://x)"', "'curl' is not on the whitelist"],
    ['ls && bash -c "rm x"', "'bash' is not on the whitelist"],
    ['x=rm; $x -rf src', 'written literally'],
    ['f() { ls; }; f', 'defining shell functions'],
    ['find . -delete', "'find -delete' would run or delete other things"],
    ['find . -exec rm {} ;', "'find -exec'"],
    ['git -c core.pager=sh log', "'git -c'"],
  ])('refuses %s', (command, reason) => {
    const verdict = checkWhitelist(command);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.message).toContain(reason);
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
    expect((await bench.run(executeShell, { command: 'ls', workingDirectory: '../' })).errorCode).toBe('path_outside_workspace');
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
