import { describe, expect, it, vi } from 'vitest';
import { closestToolNames } from './service';
import type { ToolOutcome } from './types';
import { definition, implementation, succeeding, waitingForAbort, service } from './service.test-support';

describe('execution service', () => {
  it('succeeds and fills in artifacts and duration', async () => {
    let clock = 100;
    const runtime = service([definition('read_file')], [succeeding('read_file')], { now: () => (clock += 7) });
    const result = await runtime.execute('read_file', { path: 'README.md' });
    expect(result.success).toBe(true);
    expect(result.message).toBe('done README.md');
    expect(result.artifacts).toEqual([]);
    expect(result.durationMs).toBe(7);
  });

  it('reports an unknown tool with the closest names', async () => {
    const runtime = service(
      [definition('read_file'), definition('write_file'), definition('git_log')],
      [succeeding('read_file')],
    );
    const result = await runtime.execute('read_fil', { path: 'x' });
    expect(result.success).toBe(false);
    expect(result.errorCode).toBe('tool_not_found');
    expect(result.error).toContain("'read_file'");
    expect(result.error).not.toContain('git_log');
  });

  it('suggests by containment and distance', () => {
    expect(closestToolNames('commit', ['git_commit', 'git_log', 'read_file'])).toEqual(['git_commit']);
    expect(closestToolNames('zzzzzz', ['git_commit', 'read_file'])).toEqual([]);
  });

  it('fails validation before running the handler', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const runtime = service([definition('read_file')], [implementation('read_file', run)]);
    const result = await runtime.execute('read_file', { wrong: 1 });
    expect(result.errorCode).toBe('validation_failed');
    expect(result.validationErrors?.some((error) => error.parameter === 'path' && error.code === 'required')).toBe(
      true,
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('times out with the default timeout and aborts the handler', async () => {
    const seen: { aborted?: boolean } = {};
    const runtime = service([definition('slow')], [waitingForAbort('slow', seen)], { defaultTimeoutMs: 40 });
    const result = await runtime.execute('slow', { path: 'x' });
    expect(result.errorCode).toBe('timeout');
    expect(result.success).toBe(false);
    expect(seen.aborted).toBe(true);
  });

  it('uses timeout_seconds when the tool has it', async () => {
    const seen: { timeoutMs?: number } = {};
    const tool = implementation('cmd', async (_args, context) => {
      seen.timeoutMs = context.timeoutMs;
      return { success: true, message: 'ok' };
    });
    const runtime = service([definition('cmd', 'safe', true)], [tool], { defaultTimeoutMs: 40 });
    await runtime.execute('cmd', { path: 'x', timeout_seconds: 7 });
    expect(seen.timeoutMs).toBe(7000);
    await runtime.execute('cmd', { path: 'x' });
    expect(seen.timeoutMs).toBe(40);
  });

  it('prefers the implementation default when no timeout argument applies', async () => {
    const seen: { timeoutMs?: number } = {};
    const tool = implementation(
      'ask',
      async (_args, context) => {
        seen.timeoutMs = context.timeoutMs;
        return { success: true, message: 'ok' };
      },
      { defaultTimeoutMs: 600_000 },
    );
    await service([definition('ask')], [tool]).execute('ask', { path: 'x' });
    expect(seen.timeoutMs).toBe(600_000);
  });

  it('at its own timeout, keeps what the handler reports within the grace (output, exit code, files written)', async () => {
    const reasons: unknown[] = [];
    const reporting = implementation(
      'cmd',
      (_args, context) =>
        new Promise<ToolOutcome>((resolve) => {
          context.signal.addEventListener('abort', () => {
            reasons.push(context.signal.reason);
            resolve({
              success: false,
              errorCode: 'timeout',
              error: 'Command `sleep 2` timed out after 0.1 s and was stopped',
              message: 'Command `sleep 2` timed out after 0.1 s and was stopped',
              data: {
                kind: 'command_output',
                command: 'sleep 2',
                workingDirectory: '.',
                stdout: 'so far\n',
                stderr: '',
                exitCode: 124,
              },
              artifacts: [{ type: 'file', change: 'created', path: 'log.txt', size: 3 }],
            });
          });
        }),
    );
    const result = await service([definition('cmd')], [reporting], { defaultTimeoutMs: 100 }).execute('cmd', {
      path: 'x',
    });
    expect(result.errorCode).toBe('timeout');
    expect(result.error).toBe('Command `sleep 2` timed out after 0.1 s and was stopped');
    expect(result.data).toMatchObject({ kind: 'command_output', stdout: 'so far\n', exitCode: 124 });
    expect(result.artifacts).toEqual([
      expect.objectContaining({ type: 'file', change: 'created', path: 'log.txt', size: 3, mimeType: 'text/plain' }),
    ]);
    expect((reasons[0] as Error).name).toBe('TimeoutError');
  });

  it('at its own timeout, a handler that answers anything else still times out, with its data', async () => {
    const finishing = implementation(
      'slow',
      (_args, context) =>
        new Promise<ToolOutcome>((resolve) => {
          context.signal.addEventListener('abort', () =>
            resolve({
              success: true,
              message: 'late',
              data: { kind: 'delete', path: 'x' },
              artifacts: [{ type: 'file', change: 'deleted', path: 'x' }],
            }),
          );
        }),
    );
    const result = await service([definition('slow')], [finishing], { defaultTimeoutMs: 40 }).execute('slow', {
      path: 'x',
    });
    expect(result).toMatchObject({
      success: false,
      errorCode: 'timeout',
      data: { kind: 'delete', path: 'x' },
      artifacts: [{ change: 'deleted', path: 'x' }],
    });
  });

  it('at its own timeout, says so when the handler does not answer within the grace', async () => {
    // A handler that never answers: were the grace not kept, this call would hang past the test's time limit.
    const deaf = implementation('deaf', () => new Promise<ToolOutcome>(() => undefined));
    const result = await service([definition('deaf')], [deaf], { defaultTimeoutMs: 40 }).execute('deaf', { path: 'x' });
    expect(result.errorCode).toBe('timeout');
    expect(result.error).toMatch(
      /^Operation timed out after 0\.0s; the tool did not stop within 500 ms of it, so nothing it produced is shown$/,
    );
  });

  it('is cancelled through the signal', async () => {
    const seen: { aborted?: boolean } = {};
    const runtime = service([definition('slow')], [waitingForAbort('slow', seen)], { defaultTimeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await runtime.execute('slow', { path: 'x' }, { signal: controller.signal });
    expect(result.errorCode).toBe('cancelled');
    expect(seen.aborted).toBe(true);
  });

  it('does not run when already cancelled', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const controller = new AbortController();
    controller.abort();
    const result = await service([definition('t')], [implementation('t', run)]).execute(
      't',
      { path: 'x' },
      { signal: controller.signal },
    );
    expect(result.errorCode).toBe('cancelled');
    expect(run).not.toHaveBeenCalled();
  });

  it('validates leniently when asked', async () => {
    const strict = await service([definition('read_file')], [succeeding('read_file')]).execute('read_file', {
      path: 'a',
      extra: 1,
    });
    expect(strict.errorCode).toBe('validation_failed');
    const lenient = await service([definition('read_file')], [succeeding('read_file')], { lenient: true }).execute(
      'read_file',
      { path: 'a', extra: 1 },
    );
    expect(lenient.success).toBe(true);
  });

  it('turns a thrown error into a failed result without a stack', async () => {
    const runtime = service(
      [definition('boom')],
      [
        implementation('boom', async () => {
          throw new Error('disk on fire\n    at somewhere (file.ts:1:1)');
        }),
      ],
    );
    const result = await runtime.execute('boom', { path: 'x' });
    expect(result.success).toBe(false);
    expect(result.errorCode).toBe('execution_failed');
    expect(result.error).toBe('Tool execution failed: disk on fire');
    expect(result.error).not.toContain('at somewhere');
  });

  it('never throws even when summarize or effectiveRisk throws', async () => {
    const tool = {
      ...succeeding('t'),
      effectiveRisk: () => {
        throw new Error('risk broke');
      },
    };
    const result = await service([definition('t')], [tool]).execute('t', { path: 'x' });
    expect(result.errorCode).toBe('execution_failed');
    expect(result.error).toContain('risk broke');
  });

  it('emits started, progress and completed in order and forwards progress', async () => {
    const tool = implementation('work', async (_args, context) => {
      context.reportProgress({ fraction: 0.5, message: 'half' });
      context.reportProgress({ fraction: 1, message: 'all' });
      return { success: true, message: 'ok' };
    });
    const runtime = service([definition('work')], [tool]);
    const order: string[] = [];
    runtime.on('started', (event) => order.push(`started:${event.toolName}`));
    runtime.on('progress', (event) => order.push(`progress:${event.report.message}`));
    const unsubscribe = runtime.on('completed', (event) => order.push(`completed:${event.result.success}`));
    const forwarded: string[] = [];
    await runtime.execute('work', { path: 'x' }, { onProgress: (report) => forwarded.push(report.message) });
    expect(order).toEqual(['started:work', 'progress:half', 'progress:all', 'completed:true']);
    expect(forwarded).toEqual(['half', 'all']);
    unsubscribe();
    await runtime.execute('work', { path: 'x' });
    expect(order.filter((entry) => entry.startsWith('completed'))).toHaveLength(1);
  });

  it('completes with an event even for unknown tools', async () => {
    const runtime = service([], []);
    const completed = vi.fn();
    runtime.on('completed', completed);
    await runtime.execute('nothing', {});
    expect(completed).toHaveBeenCalledTimes(1);
    expect(completed.mock.calls[0]![0].result.errorCode).toBe('tool_not_found');
  });

  it('adds the implementation follow-up suggestions', async () => {
    const tool = {
      ...succeeding('write_file'),
      suggestFollowUps: (args: Record<string, unknown>) => [`Read '${String(args['path'])}' back`],
    };
    const result = await service([definition('write_file')], [tool]).execute('write_file', { path: 'a.txt' });
    expect(result.suggestedFollowUps).toEqual(["Read 'a.txt' back"]);
  });

  it('describes a call without running it', async () => {
    const runtime = service([definition('delete_file', 'high')], [succeeding('delete_file')]);
    expect(await runtime.describe('delete_file', { path: 'old.cs' })).toEqual({
      summary: "Mock delete_file on 'old.cs'",
      risk: 'high',
      known: true,
    });
    // An unknown tool is described as "Execute <name>" at medium risk.
    expect(await runtime.describe('missing', {})).toEqual({ summary: 'Execute missing', risk: 'medium', known: false });
  });
});
