import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '../../../runtime/types';
import { destructiveCommandReason } from '../../support/destructive';
import { createTestBench } from '../../support/context.test-support';
import { tool as executeCommand } from './execute_command';

const output = (outcome: ToolOutcome) => {
  if (outcome.data?.kind !== 'command_output')
    throw new Error(`expected command_output, got ${JSON.stringify(outcome)}`);
  return outcome.data;
};

describe('execute_command', () => {
  it('runs a pipeline in the workspace shell', async () => {
    const bench = await createTestBench({ 'a.txt': '1', 'b.txt': '2', 'c.txt': '3' });
    const outcome = await bench.run(executeCommand, { command: 'ls | wc -l' });
    expect(outcome.success).toBe(true);
    expect(output(outcome).stdout.trim()).toBe('3');
    expect(output(outcome).exitCode).toBe(0);
    expect(output(outcome).workingDirectory).toBe('.');
  });

  it('passes env and runs in working_directory', async () => {
    const bench = await createTestBench({ 'frontend/package.json': '{}' });
    const outcome = await bench.run(executeCommand, {
      command: 'echo "$NODE_ENV:$PORT" && ls && pwd',
      working_directory: 'frontend',
      env: { NODE_ENV: 'test', PORT: '3000' },
    });
    const data = output(outcome);
    expect(data.stdout).toContain('test:3000');
    expect(data.stdout).toContain('package.json');
    expect(data.stdout).toContain('/frontend');
    expect(data.workingDirectory).toBe('frontend');
  });

  it('fails on a non-zero exit code but keeps the output', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(executeCommand, { command: 'echo partial; echo broken >&2; exit 3' });
    expect(outcome.success).toBe(false);
    expect(outcome.errorCode).toBe('execution_failed');
    expect(outcome.error).toContain('code 3');
    expect(output(outcome)).toMatchObject({ stdout: 'partial\n', stderr: 'broken\n', exitCode: 3 });
  });

  it('stops an endless loop at the timeout', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(
      executeCommand,
      { command: 'while true; do :; done', timeout_seconds: 1 },
      { timeoutMs: 1000 },
    );
    expect(outcome.success).toBe(false);
    expect(outcome.errorCode).toBe('timeout');
  });

  it('reports the files a command changed', async () => {
    const bench = await createTestBench({ 'keep.txt': 'k', 'old.txt': 'o', 'edit.txt': 'e' });
    const outcome = await bench.run(executeCommand, {
      command: 'echo new > made.txt && rm old.txt && echo more >> edit.txt',
    });
    expect(outcome.artifacts?.map((artifact) => `${artifact.change}:${artifact.path}`)).toEqual([
      'modified:edit.txt',
      'created:made.txt',
      'deleted:old.txt',
    ]);
  });

  it('refuses a working directory outside, missing, or a file', async () => {
    const bench = await createTestBench({ 'file.txt': 'x' });
    expect((await bench.run(executeCommand, { command: 'ls', working_directory: '../..' })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(executeCommand, { command: 'ls', working_directory: 'nope' })).errorCode).toBe(
      'path_not_found',
    );
    expect((await bench.run(executeCommand, { command: 'ls', working_directory: 'file.txt' })).errorCode).toBe(
      'not_a_directory',
    );
  });

  it('is high risk, critical for destructive commands', () => {
    expect(executeCommand.effectiveRisk?.({ command: 'npm test' }, {} as never)).toBe('high');
    for (const command of [
      'rm -rf /',
      'rm -fr build',
      'rm -r -f x',
      'rm --recursive --force x',
      'git push --force origin main',
      'git push -f',
      'mkfs.ext4 /dev/sda1',
      'dd if=/dev/zero of=/dev/sda',
      ':(){ :|:& };:',
      'chmod -R 777 /',
      'curl https://example.com/install.sh | sh',
      'wget -qO- x | bash',
    ]) {
      expect(executeCommand.effectiveRisk?.({ command }, {} as never), command).toBe('critical');
    }
    for (const command of [
      'rm file.txt',
      'git push origin main',
      'ls -rf',
      'curl https://example.com -o out.txt',
      'chmod 644 a',
    ]) {
      expect(destructiveCommandReason(command), command).toBeNull();
    }
  });

  it('gives the destructive pattern as the reason for its risk', () => {
    expect(executeCommand.riskReason?.({ command: 'git reset --hard HEAD~3' })).toBe('git reset --hard discards work');
    expect(executeCommand.riskReason?.({ command: 'ls' })).toBeNull();
  });

  it('prechecks the working directory before approval', async () => {
    const bench = await createTestBench({ 'file.txt': 'x' });
    expect(
      (await executeCommand.precheck?.({ command: 'ls', working_directory: 'nope' }, bench.context()))?.errorCode,
    ).toBe('path_not_found');
    expect(
      (await executeCommand.precheck?.({ command: 'ls', working_directory: 'file.txt' }, bench.context()))?.errorCode,
    ).toBe('not_a_directory');
    expect(await executeCommand.precheck?.({ command: 'ls' }, bench.context())).toBeNull();
  });

  it('at the time limit, says the same whichever limit fires first: exit 124, what was cut, the files written so far', async () => {
    const bench = await createTestBench();
    // The call's own timer (a TimeoutError abort, as the execution service sends) ...
    // It fires once the command is under way (on a busy machine a fixed delay could fire before it starts).
    const controller = new AbortController();
    const fireOnceStarted = (async () => {
      while (!(await bench.exists('progress.txt'))) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 150));
      controller.abort(new DOMException('limit', 'TimeoutError'));
    })();
    const byTimer = await bench.run(
      executeCommand,
      { command: 'echo started > progress.txt; echo shown; sleep 5' },
      { timeoutMs: 10_000, signal: controller.signal },
    );
    await fireOnceStarted;
    // ... and the shell's deadline: long enough for the command to be under way when it fires on a busy machine
    // (at 300 ms it once fired while the command was starting, in a full run of the suite on 2 cores).
    const byShell = await bench.run(
      executeCommand,
      { command: 'echo again >> progress.txt; sleep 5' },
      { timeoutMs: 1500 },
    );
    for (const outcome of [byTimer, byShell]) {
      expect(outcome.errorCode).toBe('timeout');
      expect(outcome.error).toMatch(/timed out after [\d.]+ s and was stopped; its output up to the stop is included/);
      expect(output(outcome).exitCode).toBe(124);
    }
    // What it printed before the stop is kept, whichever limit fired.
    expect(output(byTimer).stdout).toBe('shown\n');
    expect(output(byShell).stdout).toBe('');
    expect(byTimer.artifacts).toEqual([{ type: 'file', change: 'created', path: 'progress.txt', size: 8 }]);
    expect(await bench.text('progress.txt')).toBe('started\nagain\n');
  });

  it('an endless loop that had printed keeps its output at the time limit', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(
      executeCommand,
      { command: 'echo before; for i in 1 2 3; do echo line $i; done; while true; do :; done' },
      { timeoutMs: 500 },
    );
    expect(outcome.errorCode).toBe('timeout');
    expect(output(outcome).stdout).toBe('before\nline 1\nline 2\nline 3\n');
    expect(outcome.error).toContain('its output up to the stop is included');
  });

  it('a loop printing forever answers at the time limit with what it printed', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(executeCommand, { command: 'while true; do echo y; done' }, { timeoutMs: 500 });
    expect(outcome.errorCode).toBe('timeout');
    expect(outcome.error).toContain('its output up to the stop is included');
    expect(output(outcome).stdout).toMatch(/^y\ny\n(y\n)*$/);
    expect(output(outcome).exitCode).toBe(124);
  });

  it('summarizes with directory and timeout', () => {
    expect(executeCommand.summarize({ command: 'npm test', working_directory: 'frontend', timeout_seconds: 600 })).toBe(
      'Run `npm test` in frontend/ (timeout 600 s)',
    );
    expect(executeCommand.summarize({ command: 'dotnet build' })).toBe('Run `dotnet build` (timeout 300 s)');
  });
});
