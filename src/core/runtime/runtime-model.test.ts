import { createCompilingValidator } from '../validation/compile';
/** The runtime model: records, approval with edit, concurrency, truncation, artifacts, validate, progress. */
import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../workspace/workspace';
import type { Workspace } from '../workspace/types';
import { contentHash, mimeTypeOf } from './artifacts';
import { createExecutionLimiter } from './limiter';
import { createMockTool, MockTools, type MockTool } from './mock-tool.test-support';
import { createExecutionService, DEFAULT_TIMEOUT_MS, type ExecutionServiceOptions } from './service';
import type { ToolOutcome } from './types';
import type { ExecutionLogEntry } from './service-types';
import { RISK_INFO, riskInfo, riskRank } from '../toolset/risk';
import type { RiskLevel } from '../toolset/types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const noWorkspace = {} as unknown as Workspace;
const interaction = { ask: async () => 'yes', confirm: async () => true };

function serviceOf(mocks: MockTool[], extra: Partial<ExecutionServiceOptions> = {}) {
  return createExecutionService({
    validator,
    tools: mocks.map((mock) => mock.definition),
    implementations: new Map(mocks.map((mock) => [mock.definition.name, mock.implementation])),
    workspace: noWorkspace,
    interaction,
    ...extra,
  });
}

describe('the execution record', () => {
  it('has the seed defaults: a two-minute timeout and three at once', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(120_000);
    expect(createExecutionLimiter().limit).toBe(3);
  });

  it.each([
    [MockTools.succeeding(), 'completed'],
    [MockTools.failing(), 'failed'],
    [MockTools.throwing(), 'failed'],
  ] as const)('gives each call its status, session and id (%#)', async (mock, status) => {
    const service = serviceOf([mock], { sessionId: 'session-1' });
    const result = await service.execute(mock.definition.name, {});
    expect(result.execution).toMatchObject({
      status,
      sessionId: 'session-1',
      toolName: mock.definition.name,
      approved: false,
      approvalRequired: false,
      queuedMs: 0,
    });
    expect(result.execution?.executionId).toMatch(/^exec-/);
    expect(mock.calls).toBe(1);
  });

  it('says denied, timed out and cancelled apart, and whether it was approved', async () => {
    const risky = createMockTool({ name: 'risky', riskLevel: 'high' });
    const denied = await serviceOf([risky], { approve: async () => false }).execute('risky', {});
    expect(denied.execution).toMatchObject({ status: 'denied', approved: false, approvalRequired: true });
    const approved = await serviceOf([risky], { approve: async () => true }).execute('risky', {});
    expect(approved.execution).toMatchObject({ status: 'completed', approved: true, approvalRequired: true });
    const slow = MockTools.delayed('slow', 60_000);
    const timed = await serviceOf([slow], { defaultTimeoutMs: 20 }).execute('slow', {});
    expect(timed.execution?.status).toBe('timed_out');
    const controller = new AbortController();
    const running = serviceOf([slow]).execute('slow', {}, { signal: controller.signal });
    controller.abort();
    expect((await running).execution?.status).toBe('cancelled');
  });
});

describe('risk levels the runtime does not know, and the log', () => {
  it('treats a definition built in code with an unknown risk level as Medium: approval asked, no TypeError', async () => {
    const odd = createMockTool({ name: 'odd', riskLevel: 'extreme' as RiskLevel });
    const unasked = await serviceOf([odd]).execute('odd', {});
    expect(unasked).toMatchObject({
      success: false,
      errorCode: 'denied',
      message: "'odd' needs approval (Medium Risk) and no approver is configured",
    });
    const asked: RiskLevel[] = [];
    const approved = await serviceOf([odd], { approve: async (request) => (asked.push(request.risk), true) }).execute(
      'odd',
      {},
    );
    expect(approved.success).toBe(true);
    expect(asked).toEqual(['medium']);
    expect(riskInfo('extreme')).toBe(RISK_INFO.medium);
    expect(riskRank('extreme' as RiskLevel)).toBe(riskRank('medium'));
  });

  it('writes a call to the log when its risk level shows in the log: safe calls not, low and above yes', async () => {
    const logged: ExecutionLogEntry[] = [];
    const tools = (['safe', 'low', 'medium', 'critical'] as const).map((riskLevel) =>
      createMockTool({ name: `${riskLevel}_tool`, riskLevel }),
    );
    const service = serviceOf(tools, {
      approve: async () => true,
      log: (entry) => logged.push(entry),
      sessionId: 'logged-session',
    });
    for (const tool of tools) expect((await service.execute(tool.definition.name, {})).success).toBe(true);
    expect(logged.map((entry) => [entry.toolName, entry.risk, entry.status])).toEqual([
      ['low_tool', 'low', 'completed'],
      ['medium_tool', 'medium', 'completed'],
      ['critical_tool', 'critical', 'completed'],
    ]);
    expect(logged[1]).toMatchObject({ sessionId: 'logged-session', approved: true, message: 'Mock tool executed' });
    expect(
      Object.entries(RISK_INFO)
        .filter(([, info]) => info.showInLog)
        .map(([level]) => level),
    ).toEqual(['low', 'medium', 'high', 'critical']);
  });

  it("logs a refused call at its tool's level, and a failing log sink changes nothing", async () => {
    const logged: string[] = [];
    const writer = createMockTool({
      name: 'writer',
      riskLevel: 'low',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    });
    const reader = createMockTool({
      name: 'reader',
      riskLevel: 'safe',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    });
    const service = serviceOf([writer, reader], { log: (entry) => logged.push(`${entry.toolName}:${entry.status}`) });
    await service.execute('writer', {});
    await service.execute('reader', {});
    expect(logged).toEqual(['writer:failed']);
    const throwing = serviceOf([writer], {
      log: () => {
        throw new Error('sink down');
      },
    });
    expect((await throwing.execute('writer', { path: 'a' })).success).toBe(true);
  });
});

describe("the mock tool's own validation", () => {
  const even = (args: Record<string, unknown>) =>
    typeof args['count'] === 'number' && args['count'] % 2 === 0
      ? { valid: true, errors: [], warnings: [] }
      : {
          valid: false,
          errors: [{ parameter: 'count', code: 'invalid_value' as const, message: "Parameter 'count' must be even" }],
          warnings: [],
        };
  const schema = { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] };

  it('runs after the schema on every call and in validate(), counting its calls, and refuses before anything runs', async () => {
    const mock = createMockTool({ name: 'counter', riskLevel: 'high', inputSchema: schema, validate: even });
    const asked: string[] = [];
    const service = serviceOf([mock], { approve: async (request) => (asked.push(request.summary), true) });
    expect(service.validate('counter', { count: 3 })).toMatchObject({
      valid: false,
      errors: [{ parameter: 'count', code: 'invalid_value', message: "Parameter 'count' must be even" }],
    });
    const refused = await service.execute('counter', { count: 3 });
    expect(refused).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(refused.error).toContain("Parameter 'count' must be even");
    expect(asked).toEqual([]);
    expect(mock.calls).toBe(0);
    // The schema speaks first: arguments it refuses never reach the tool's own check.
    expect(service.validate('counter', { count: 'two' }).errors[0]).toMatchObject({
      parameter: 'count',
      code: 'type_mismatch',
    });
    expect(mock.validateCalls).toBe(2);
    expect((await service.execute('counter', { count: 4 })).success).toBe(true);
    expect(mock.executedArgs).toEqual([{ count: 4 }]);
    expect(mock.validateCalls).toBe(3);
  });

  it('checks arguments edited at approval again, and a check that throws refuses the call', async () => {
    const mock = createMockTool({ name: 'counter', riskLevel: 'high', inputSchema: schema, validate: even });
    const edited = await serviceOf([mock], { approve: async () => ({ approved: true, args: { count: 5 } }) }).execute(
      'counter',
      { count: 2 },
    );
    expect(edited).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(edited.error).toContain("Parameter 'count' must be even");
    const broken = createMockTool({
      name: 'broken',
      inputSchema: schema,
      validate: () => {
        throw new Error('no rules loaded');
      },
    });
    const thrown = await serviceOf([broken]).execute('broken', { count: 2 });
    expect(thrown).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(thrown.error).toContain("The tool's own check of the arguments failed: no rules loaded");
    expect(broken.calls).toBe(0);
    expect(createMockTool().validateCalls).toBe(0);
  });
});

describe('approval that edits the arguments', () => {
  it('runs the edited arguments, validated again, and records them', async () => {
    const tool = createMockTool({ name: 'write', riskLevel: 'high' });
    const service = serviceOf([tool], {
      approve: async (request) => ({ approved: true, args: { ...request.args, path: 'edited.txt' } }),
    });
    const result = await service.execute('write', { path: 'original.txt' });
    expect(result.success).toBe(true);
    expect(tool.executedArgs).toEqual([{ path: 'edited.txt' }]);
    expect(result.execution?.modifiedArgs).toEqual({ path: 'edited.txt' });
  });

  it('refuses edited arguments that are not valid, running nothing', async () => {
    const tool = createMockTool({ name: 'write', riskLevel: 'high' });
    const service = serviceOf([tool], { approve: async () => ({ approved: true, args: { path: 42 } }) });
    const result = await service.execute('write', { path: 'a.txt' });
    expect(result).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(result.message).toContain('The edited arguments are not valid');
    expect(result.validationErrors?.[0]).toMatchObject({ parameter: 'path', code: 'type_mismatch' });
    expect(result.execution?.modifiedArgs).toEqual({ path: 42 });
    expect(tool.calls).toBe(0);
  });

  it('records nothing when the approver hands the same arguments back', async () => {
    const tool = createMockTool({ name: 'write', riskLevel: 'high' });
    const result = await serviceOf([tool], {
      approve: async (request) => ({ approved: true, args: request.args }),
    }).execute('write', { path: 'a' });
    expect(result.execution?.modifiedArgs).toBeUndefined();
  });
});

describe('the concurrency limit', () => {
  it('runs three at once and queues the fourth, saying so', async () => {
    const releases: (() => void)[] = [];
    const gate = createMockTool({
      name: 'gate',
      run: () => new Promise<ToolOutcome>((resolve) => releases.push(() => resolve({ success: true, message: 'ok' }))),
    });
    const service = serviceOf([gate]);
    const queued: number[] = [];
    const calls = [1, 2, 3, 4].map(() =>
      service.execute('gate', {}, { onQueued: (position) => queued.push(position) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gate.calls).toBe(3);
    expect(queued).toEqual([1]);
    releases.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(gate.calls).toBe(4);
    for (const release of releases) release();
    const results = await Promise.all(calls);
    expect(results.every((result) => result.success)).toBe(true);
  });

  it('a call cancelled while queued never runs', async () => {
    const limiter = createExecutionLimiter(1);
    const slow = MockTools.delayed('slow', 50);
    const service = serviceOf([slow], { limiter });
    const first = service.execute('slow', {});
    const controller = new AbortController();
    const second = service.execute('slow', {}, { signal: controller.signal });
    controller.abort();
    expect((await second).execution?.status).toBe('cancelled');
    await first;
    expect(slow.calls).toBe(1);
  });
});

describe('truncation and artifacts', () => {
  it('marks long data for truncation, saying what was cut and how to get the rest, and keeps the data whole', async () => {
    const text = 'x'.repeat(200);
    const tool = createMockTool({
      name: 'loud',
      run: async () => ({
        success: true,
        message: 'ok',
        data: {
          kind: 'command_output',
          command: 'cat big',
          workingDirectory: '.',
          stdout: text,
          stderr: '',
          exitCode: 0,
        },
      }),
    });
    const result = await serviceOf([tool], { maxDataLength: 100 }).execute('loud', {});
    expect(result).toMatchObject({ shouldTruncate: true, maxDataLength: 100 });
    expect(result.truncation?.cut).toBe(
      "the last 205 of 305 characters, most of the data being 'stdout' (200 characters)",
    );
    expect(result.truncation?.rest).toContain('redirected to a file');
    expect(result.data && 'stdout' in result.data ? result.data.stdout : '').toBe(text);
    const short = await serviceOf([MockTools.succeeding()]).execute('success_tool', {});
    expect(short.shouldTruncate).toBe(false);
  });

  it('gives file artifacts a MIME type, a content hash and a timestamp', async () => {
    const workspace = await createWorkspace();
    const tool = createMockTool({
      name: 'writer',
      run: async () => {
        await workspace.writeText('notes/a.md', 'hello');
        return { success: true, message: 'ok', artifacts: [{ type: 'file', change: 'created', path: 'notes/a.md' }] };
      },
    });
    const result = await serviceOf([tool], { workspace }).execute('writer', {});
    const expectedHash = await contentHash(new TextEncoder().encode('hello'));
    expect(result.artifacts[0]).toMatchObject({ mimeType: 'text/markdown', contentHash: expectedHash, size: 5 });
    expect(expectedHash).toBe('sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(typeof result.artifacts[0]?.timestamp).toBe('number');
    expect(mimeTypeOf('src/App.tsx')).toBe('text/x-typescript');
  });
});

describe('validate, describe and progress', () => {
  it('validates without running, and names an unknown tool with the closest known names', () => {
    const tool = MockTools.succeeding('reader');
    const service = serviceOf([tool]);
    expect(service.validate('reader', { path: 'a' }).valid).toBe(true);
    expect(service.validate('reader', { path: 1 }).errors[0]).toMatchObject({
      parameter: 'path',
      code: 'type_mismatch',
    });
    expect(service.validate('raeder', {}).errors[0]).toMatchObject({
      parameter: 'toolId',
      code: 'tool_not_found',
      message: "Tool 'raeder' not found; did you mean 'reader'?",
    });
    expect(tool.calls).toBe(0);
  });

  it('fills in the fraction and time left from items processed', async () => {
    const tool = createMockTool({
      name: 'walker',
      run: async (_args, context) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        context.reportProgress({
          fraction: null,
          message: 'Walking',
          currentOperation: 'Reading b.txt',
          itemsProcessed: 1,
          totalItems: 4,
        });
        return { success: true, message: 'ok' };
      },
    });
    const reports: unknown[] = [];
    await serviceOf([tool]).execute('walker', {}, { onProgress: (report) => reports.push(report) });
    expect(reports[0]).toMatchObject({
      fraction: 0.25,
      currentOperation: 'Reading b.txt',
      itemsProcessed: 1,
      totalItems: 4,
    });
    expect((reports[0] as { estimatedRemainingMs: number }).estimatedRemainingMs).toBeGreaterThan(0);
  });
});
