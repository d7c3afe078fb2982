import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it, vi } from 'vitest';
import type { JsonObject, RiskLevel, ToolDefinition } from '../toolset/types';
import { createMockTool } from './mock-tool';
import type { Workspace } from '../workspace/types';
import { cancelled, denied, failed, fromError, succeeded, timedOut, toLlmContext, validationFailed } from './result';
import { closestToolNames, createExecutionService, type ApprovalRequest, type ExecutionServiceOptions } from './service';
import type { ToolContext, ToolImplementation, ToolOutcome, UserInteraction } from './types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

// Built on the reusable mock tool (./mock-tool.ts): its definition, with a required path and an optional timeout.
function definition(name: string, riskLevel: RiskLevel = 'safe', withTimeout = false): ToolDefinition {
  const properties: Record<string, JsonObject> = { path: { type: 'string' } };
  if (withTimeout) properties['timeout_seconds'] = { type: 'integer', minimum: 1, maximum: 3600 };
  return createMockTool({ name, riskLevel, category: 'file_operations', description: `Mock tool ${name}`, inputSchema: { type: 'object', properties, required: ['path'], additionalProperties: false } }).definition;
}

function implementation(name: string, run: (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutcome>, extra: Partial<ToolImplementation> = {}): ToolImplementation {
  return { ...createMockTool({ name, run, summarize: (args) => `Mock ${name} on '${String(args['path'])}'` }).implementation, ...extra };
}

const succeeding = (name: string) =>
  implementation(name, async (args) => ({ success: true, message: `done ${String(args['path'])}`, data: { kind: 'delete', path: String(args['path']) } }));

/** Resolves only when the signal aborts, like a handler that honours cancellation. */
const waitingForAbort = (name: string, seen: { aborted?: boolean } = {}) =>
  implementation(name, (_args, context) =>
    new Promise<ToolOutcome>((resolve) => {
      context.signal.addEventListener('abort', () => {
        seen.aborted = true;
        resolve({ success: true, message: 'too late' });
      });
    }),
  );

const noWorkspace = {} as unknown as Workspace;
const noInteraction: UserInteraction = {
  ask: async () => 'yes',
  confirm: async () => true,
};

function service(tools: ToolDefinition[], implementations: ToolImplementation[], extra: Partial<ExecutionServiceOptions> = {}) {
  return createExecutionService({
    validator,
    tools,
    implementations: new Map(implementations.map((entry) => [entry.name, entry])),
    workspace: noWorkspace,
    interaction: noInteraction,
    ...extra,
  });
}

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
    const runtime = service([definition('read_file'), definition('write_file'), definition('git_log')], [succeeding('read_file')]);
    const result = await runtime.execute('read_fil', { path: 'x' });
    expect(result.success).toBe(false);
    expect(result.errorCode).toBe('ToolNotFound');
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
    expect(result.errorCode).toBe('ValidationFailed');
    expect(result.validationErrors?.some((error) => error.parameter === 'path' && error.code === 'required')).toBe(true);
    expect(run).not.toHaveBeenCalled();
  });

  it('times out with the default timeout and aborts the handler', async () => {
    const seen: { aborted?: boolean } = {};
    const runtime = service([definition('slow')], [waitingForAbort('slow', seen)], { defaultTimeoutMs: 40 });
    const result = await runtime.execute('slow', { path: 'x' });
    expect(result.errorCode).toBe('Timeout');
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
    const reporting = implementation('cmd', (_args, context) =>
      new Promise<ToolOutcome>((resolve) => {
        context.signal.addEventListener('abort', () => {
          reasons.push(context.signal.reason);
          resolve({
            success: false,
            errorCode: 'Timeout',
            error: 'Command `sleep 2` timed out after 0.1 s and was stopped',
            message: 'Command `sleep 2` timed out after 0.1 s and was stopped',
            data: { kind: 'command_output', command: 'sleep 2', workingDirectory: '.', stdout: 'so far\n', stderr: '', exitCode: 124 },
            artifacts: [{ type: 'file', change: 'created', path: 'log.txt', size: 3 }],
          });
        });
      }),
    );
    const result = await service([definition('cmd')], [reporting], { defaultTimeoutMs: 100 }).execute('cmd', { path: 'x' });
    expect(result.errorCode).toBe('Timeout');
    expect(result.error).toBe('Command `sleep 2` timed out after 0.1 s and was stopped');
    expect(result.data).toMatchObject({ kind: 'command_output', stdout: 'so far\n', exitCode: 124 });
    expect(result.artifacts).toEqual([expect.objectContaining({ type: 'file', change: 'created', path: 'log.txt', size: 3, mimeType: 'text/plain' })]);
    expect((reasons[0] as Error).name).toBe('TimeoutError');
  });

  it('at its own timeout, a handler that answers anything else still times out, with its data', async () => {
    const finishing = implementation('slow', (_args, context) =>
      new Promise<ToolOutcome>((resolve) => {
        context.signal.addEventListener('abort', () => resolve({ success: true, message: 'late', data: { kind: 'delete', path: 'x' }, artifacts: [{ type: 'file', change: 'deleted', path: 'x' }] }));
      }),
    );
    const result = await service([definition('slow')], [finishing], { defaultTimeoutMs: 40 }).execute('slow', { path: 'x' });
    expect(result).toMatchObject({ success: false, errorCode: 'Timeout', data: { kind: 'delete', path: 'x' }, artifacts: [{ change: 'deleted', path: 'x' }] });
  });

  it('at its own timeout, says so when the handler does not answer within the grace', async () => {
    // A handler that never answers: were the grace not kept, this call would hang past the test's time limit.
    const deaf = implementation('deaf', () => new Promise<ToolOutcome>(() => undefined));
    const result = await service([definition('deaf')], [deaf], { defaultTimeoutMs: 40 }).execute('deaf', { path: 'x' });
    expect(result.errorCode).toBe('Timeout');
    expect(result.error).toMatch(/^Operation timed out after 0\.0s; the tool did not stop within 500 ms of it, so nothing it produced is shown$/);
  });

  it('is cancelled through the signal', async () => {
    const seen: { aborted?: boolean } = {};
    const runtime = service([definition('slow')], [waitingForAbort('slow', seen)], { defaultTimeoutMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await runtime.execute('slow', { path: 'x' }, { signal: controller.signal });
    expect(result.errorCode).toBe('Cancelled');
    expect(seen.aborted).toBe(true);
  });

  it('does not run when already cancelled', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const controller = new AbortController();
    controller.abort();
    const result = await service([definition('t')], [implementation('t', run)]).execute('t', { path: 'x' }, { signal: controller.signal });
    expect(result.errorCode).toBe('Cancelled');
    expect(run).not.toHaveBeenCalled();
  });

  it('asks for approval on risky tools and honours a denial', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const requests: ApprovalRequest[] = [];
    const runtime = service([definition('delete_file', 'high')], [implementation('delete_file', run)], {
      approve: async (request) => {
        requests.push(request);
        return false;
      },
    });
    const result = await runtime.execute('delete_file', { path: 'old.cs' });
    expect(result.errorCode).toBe('Denied');
    expect(run).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.summary).toBe("Mock delete_file on 'old.cs'");
    expect(requests[0]!.risk).toBe('high');
    expect(requests[0]!.tool.name).toBe('delete_file');
  });

  it('runs the precheck before approval: a call that cannot succeed is never put to the person', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const approve = vi.fn(async () => true);
    const precheck = vi.fn(async (args: Record<string, unknown>, _context: unknown) =>
      args['path'] === 'blocked' ? { success: false, errorCode: 'confirmation_required' as const, error: 'set confirm', message: 'set confirm' } : null,
    );
    const tool = implementation('delete_file', run, { precheck, suggestFollowUps: (_args, outcome) => (outcome.success ? [] : ['Pass confirm: true']) });
    const runtime = service([definition('delete_file', 'high')], [tool], { approve });
    const refused = await runtime.execute('delete_file', { path: 'blocked' });
    expect(refused).toMatchObject({ success: false, errorCode: 'confirmation_required', error: 'set confirm', artifacts: [], suggestedFollowUps: ['Pass confirm: true'] });
    expect(approve).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    expect(precheck.mock.calls[0]![1]).toMatchObject({ workspace: noWorkspace });

    const allowed = await runtime.execute('delete_file', { path: 'fine' });
    expect(allowed.success).toBe(true);
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('goes on to approval when a precheck throws or answers success', async () => {
    const approve = vi.fn(async () => true);
    const throwing = implementation('a', async () => ({ success: true, message: 'ran' }), { precheck: () => { throw new Error('bug'); } });
    const succeedingCheck = implementation('b', async () => ({ success: true, message: 'ran' }), { precheck: () => ({ success: true, message: 'fine' }) });
    const runtime = service([definition('a', 'high'), definition('b', 'high')], [throwing, succeedingCheck], { approve });
    expect((await runtime.execute('a', { path: 'x' })).success).toBe(true);
    expect((await runtime.execute('b', { path: 'x' })).success).toBe(true);
    expect(approve).toHaveBeenCalledTimes(2);
  });

  it('carries the reason for the risk in the approval request; a critical call always has one', async () => {
    const requests: ApprovalRequest[] = [];
    const approve = async (request: ApprovalRequest) => {
      requests.push(request);
      return false;
    };
    const withReason = implementation('cmd', async () => ({ success: true, message: 'ran' }), { effectiveRisk: () => 'critical', riskReason: () => 'git reset --hard discards work' });
    const critical = implementation('nuke', async () => ({ success: true, message: 'ran' }));
    const high = implementation('delete_file', async () => ({ success: true, message: 'ran' }));
    const runtime = service([definition('cmd', 'high'), definition('nuke', 'critical'), definition('delete_file', 'high')], [withReason, critical, high], { approve });
    await runtime.execute('cmd', { path: 'x' });
    await runtime.execute('nuke', { path: 'x' });
    await runtime.execute('delete_file', { path: 'x' });
    expect(requests.map((request) => [request.risk, request.reason])).toEqual([
      ['critical', 'git reset --hard discards work'],
      ['critical', 'System-level operation with broad impact'],
      ['high', undefined],
    ]);
  });

  it('is cancelled while waiting for approval', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const controller = new AbortController();
    const runtime = service([definition('delete_file', 'high')], [implementation('delete_file', run)], {
      approve: () => {
        setTimeout(() => controller.abort(), 10);
        return new Promise<boolean>(() => undefined);
      },
    });
    const result = await runtime.execute('delete_file', { path: 'x' }, { signal: controller.signal });
    expect(result.errorCode).toBe('Cancelled');
    expect(run).not.toHaveBeenCalled();
  });

  it('validates leniently when asked', async () => {
    const strict = await service([definition('read_file')], [succeeding('read_file')]).execute('read_file', { path: 'a', extra: 1 });
    expect(strict.errorCode).toBe('ValidationFailed');
    const lenient = await service([definition('read_file')], [succeeding('read_file')], { lenient: true }).execute('read_file', { path: 'a', extra: 1 });
    expect(lenient.success).toBe(true);
  });

  it('runs once approved', async () => {
    const runtime = service([definition('delete_file', 'high')], [succeeding('delete_file')], { approve: async () => true });
    const result = await runtime.execute('delete_file', { path: 'old.cs' });
    expect(result.success).toBe(true);
  });

  it('denies risky tools when no approver is configured', async () => {
    const result = await service([definition('delete_file', 'medium')], [succeeding('delete_file')]).execute('delete_file', { path: 'x' });
    expect(result.errorCode).toBe('Denied');
  });

  it('does not ask for approval on safe or low tools', async () => {
    const approve = vi.fn(async () => false);
    const runtime = service([definition('read_file', 'safe'), definition('write_file', 'low')], [succeeding('read_file'), succeeding('write_file')], { approve });
    expect((await runtime.execute('read_file', { path: 'a' })).success).toBe(true);
    expect((await runtime.execute('write_file', { path: 'a' })).success).toBe(true);
    expect(approve).not.toHaveBeenCalled();
  });

  it('uses the effective risk of the call', async () => {
    const approve = vi.fn(async (_request: ApprovalRequest) => true);
    const tool = { ...succeeding('write_file'), effectiveRisk: (args: Record<string, unknown>) => (args['path'] === 'existing' ? ('medium' as const) : ('low' as const)) };
    const runtime = service([definition('write_file', 'low')], [tool], { approve });
    await runtime.execute('write_file', { path: 'new' });
    expect(approve).not.toHaveBeenCalled();
    await runtime.execute('write_file', { path: 'existing' });
    expect(approve).toHaveBeenCalledTimes(1);
    expect(approve.mock.calls[0]![0].risk).toBe('medium');
  });

  it('turns a thrown error into a failed result without a stack', async () => {
    const runtime = service([definition('boom')], [implementation('boom', async () => { throw new Error('disk on fire\n    at somewhere (file.ts:1:1)'); })]);
    const result = await runtime.execute('boom', { path: 'x' });
    expect(result.success).toBe(false);
    expect(result.errorCode).toBe('ExecutionFailed');
    expect(result.error).toBe('Tool execution failed: disk on fire');
    expect(result.error).not.toContain('at somewhere');
  });

  it('never throws even when summarize or effectiveRisk throws', async () => {
    const tool = { ...succeeding('t'), effectiveRisk: () => { throw new Error('risk broke'); } };
    const result = await service([definition('t')], [tool]).execute('t', { path: 'x' });
    expect(result.errorCode).toBe('ExecutionFailed');
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
    expect(completed.mock.calls[0]![0].result.errorCode).toBe('ToolNotFound');
  });

  it('adds the implementation follow-up suggestions', async () => {
    const tool = { ...succeeding('write_file'), suggestFollowUps: (args: Record<string, unknown>) => [`Read '${String(args['path'])}' back`] };
    const result = await service([definition('write_file')], [tool]).execute('write_file', { path: 'a.txt' });
    expect(result.suggestedFollowUps).toEqual(["Read 'a.txt' back"]);
  });

  it('describes a call without running it', async () => {
    const runtime = service([definition('delete_file', 'high')], [succeeding('delete_file')]);
    expect(await runtime.describe('delete_file', { path: 'old.cs' })).toEqual({ summary: "Mock delete_file on 'old.cs'", risk: 'high', known: true });
    // Seed 001: an unknown tool is described as "Execute <name>" at medium risk.
    expect(await runtime.describe('missing', {})).toEqual({ summary: 'Execute missing', risk: 'medium', known: false });
  });
});

describe('result factories and toLlmContext', () => {
  it('formats a success with data, artifacts and suggestions', () => {
    const result = {
      ...succeeded({ kind: 'write', path: 'a.txt', bytesWritten: 5, created: true }, 'Wrote 5 bytes to a.txt', [
        { type: 'file' as const, change: 'created' as const, path: 'a.txt', size: 5 },
      ]),
      suggestedFollowUps: ['Read a.txt'],
    };
    expect(toLlmContext(result)).toBe(
      [
        'Result: Success',
        'Message: Wrote 5 bytes to a.txt',
        'Data: {"kind":"write","path":"a.txt","bytesWritten":5,"created":true}',
        'Artifacts:',
        '  - file: a.txt',
        'Suggested next steps:',
        '  - Read a.txt',
        '',
      ].join('\n'),
    );
  });

  it('formats a failure with its code and validation errors', () => {
    const text = toLlmContext(
      validationFailed({ valid: false, errors: [{ parameter: 'path', code: 'required', message: "Missing required parameter 'path'" }], warnings: [] }),
    );
    expect(text).toBe(["Result: Failed", "Error: Missing required parameter 'path'", ''].join('\n'));
    expect(toLlmContext(failed('File not found: a.txt', 'path_not_found'))).toBe('Result: Failed\nError: File not found: a.txt\n');
    const partial = failed('Command exited with code 1', 'ExecutionFailed', { kind: 'command_output', command: 'make', workingDirectory: '.', stdout: '', stderr: 'no rule', exitCode: 1 });
    expect(toLlmContext(partial)).toContain('Data: {"kind":"command_output"');
  });

  it('truncates large data and says how long it was', () => {
    const content = 'x'.repeat(1000);
    const result = succeeded({ kind: 'file_content', path: 'big.txt', content, encoding: 'utf-8', startLine: 1, endLine: 1, totalLines: 1 }, 'Read');
    const fullLength = JSON.stringify(result.data).length;
    const text = toLlmContext(result, 200);
    const dataLine = text.split('\n').find((line) => line.startsWith('Data: '))!;
    expect(dataLine.length - 'Data: '.length).toBeLessThanOrEqual(200);
    expect(dataLine).toContain(`... [truncated, total ${fullLength} chars]`);
    expect(toLlmContext(result)).not.toContain('truncated');
  });

  it('builds the other result kinds', () => {
    expect(cancelled().errorCode).toBe('Cancelled');
    expect(denied('no').message).toBe('no');
    expect(timedOut(1500).error).toBe('Operation timed out after 1.5s');
    expect(fromError('plain').error).toBe('Tool execution failed: plain');
    expect(fromError({ weird: true }).error).toBe('Tool execution failed: Unknown error');
  });
});
