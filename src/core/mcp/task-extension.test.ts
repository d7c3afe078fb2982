// Tasks of the 2026-07-28 tasks extension against the SDK v2 test server in both serving modes — polled where the
// server pushes no status, followed from its notifications where it does — and the runner's handling of what a
// server may answer (a result at once, a failed task, a handle that is not a task).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpV2Server, type McpV2Server } from '../../../e2e/servers/mcp-v2-server';
import { connectHttp, type ConnectOptions, type McpConnection, type McpEra } from './client';
import { createCompilingValidator } from '../validation/compile';
import type { FormAnswer, FormRequest } from './input';
import type { LogEntry } from './log';
import { declaringTasks, runExtensionTask } from './task-extension';
import { TASK_HANDLE, TASKS_EXTENSION, taskSupportOf, type TaskState } from './task-support';
import type { TaskRequest } from './tasks';

/** Servers that offer task status notifications. */
let both: McpV2Server;
let modernOnly: McpV2Server;
/** Servers that acknowledge no task ids: their tasks are polled. */
let bothPolled: McpV2Server;
let modernOnlyPolled: McpV2Server;
beforeAll(async () => {
  [both, modernOnly, bothPolled, modernOnlyPolled] = await Promise.all([
    startMcpV2Server(),
    startMcpV2Server({ modernOnly: true }),
    startMcpV2Server({ taskNotifications: false }),
    startMcpV2Server({ modernOnly: true, taskNotifications: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([both.close(), modernOnly.close(), bothPolled.close(), modernOnlyPolled.close()]);
});

interface Opened {
  connection: McpConnection;
  log: LogEntry[];
  /** The Mcp-Method and Mcp-Name headers of each POST. */
  headers: { method: string | null; name: string | null }[];
}

async function open(url: string, era: McpEra = 'auto', answers?: ConnectOptions['answers']): Promise<Opened> {
  const log: LogEntry[] = [];
  const headers: Opened['headers'] = [];
  const outcome = await connectHttp(
    { url },
    {
      era,
      ...(answers ? { answers } : {}),
      onMessage: (entry) => log.push(entry),
      fetch: (input, init) => {
        const sent = new Headers(init?.headers);
        if (init?.method === 'POST') headers.push({ method: sent.get('mcp-method'), name: sent.get('mcp-name') });
        return fetch(input, init);
      },
    },
  );
  if (!outcome.ok) throw new Error(outcome.failure.message);
  return { connection: outcome.value, log, headers };
}

const text = (result: { content: { type: string; text?: string }[] }): string =>
  result.content.map((block) => block.text ?? `[${block.type}]`).join('');
const sent = (log: LogEntry[], method: string) =>
  log.filter((entry) => entry.direction === 'sent' && entry.method === method);
const clientCapabilitiesOf = (entry: LogEntry | undefined) =>
  (entry?.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[
    'io.modelcontextprotocol/clientCapabilities'
  ] as { extensions?: Record<string, unknown> } | undefined;

describe.each([
  ['default serving', () => bothPolled],
  ['modern-only serving', () => modernOnlyPolled],
])('the tasks extension, polled, %s', (_serving, server) => {
  it('runs a tool as a task: the call declares the extension, tasks/get is polled to the result', async () => {
    const { connection, log, headers } = await open(server().url);
    expect(connection.era).toBe('modern');
    expect(connection.capabilities.extensions?.[TASKS_EXTENSION]).toEqual({});
    const tools = await connection.listTools();
    if (!tools.ok) throw new Error(tools.failure.message);
    expect(
      taskSupportOf(
        tools.value.find((tool) => tool.name === 'long_report'),
        connection.capabilities,
      ),
    ).toBe('optional');

    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'long_report',
      { topic: 'tides', steps: 3 },
      { onStatus: (state) => states.push(state) },
    );
    if (!run.ok) throw new Error(run.failure.message);
    expect(text(run.value.result)).toBe('Report on tides: 3 steps done.');
    expect(states[0]).toMatchObject({ status: 'working', message: 'Step 1 of 3', ttlMs: 60_000, pollIntervalMs: 100 });
    expect(states[0]!.expiresAt).toBe(states[0]!.startedAt + 60_000);
    expect(states.at(-1)).toMatchObject({ status: 'completed', message: 'Report ready' });
    expect(run.value.task).toEqual(states.at(-1));

    const call = sent(log, 'tools/call').at(-1);
    expect(clientCapabilitiesOf(call)?.extensions).toEqual({ [TASKS_EXTENSION]: {} });
    // The log keeps the handle as the server sent it.
    const handle = log.find((entry) => entry.direction === 'received' && entry.id === call!.id);
    expect((handle!.message as unknown as { result: { resultType: string; taskId: string } }).result).toMatchObject({
      resultType: 'task',
      taskId: states[0]!.taskId,
    });
    expect(sent(log, 'tasks/get').length).toBeGreaterThan(0);
    expect(states.every((state) => state.followedBy === 'polling')).toBe(true);
    // Every tasks/get names its task in the Mcp-Name header, for the routing the extension asks.
    const polls = headers.filter((entry) => entry.method === 'tasks/get');
    expect(polls.length).toBe(sent(log, 'tasks/get').length);
    expect(new Set(polls.map((entry) => entry.name))).toEqual(new Set([states[0]!.taskId]));
    await connection.close();
  });

  it('a plain call does not declare the extension and gets the result itself', async () => {
    const { connection, log } = await open(server().url);
    const called = await connection.callTool('long_report', { topic: 'eels', steps: 1 });
    if (!called.ok) throw new Error(called.failure.message);
    expect(text(called.value)).toBe('Report on eels: 1 steps done.');
    expect(clientCapabilitiesOf(sent(log, 'tools/call').at(-1))?.extensions).toBeUndefined();
    expect(sent(log, 'tasks/get')).toEqual([]);
    await connection.close();
  });

  it('cancels the task on the server when the caller aborts, and says what the server made of it', async () => {
    const { connection, log, headers } = await open(server().url);
    const controller = new AbortController();
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'long_report',
      { topic: 'storms', steps: 600 },
      {
        signal: controller.signal,
        onStatus: (state) => {
          states.push(state);
          controller.abort();
        },
      },
    );
    expect(run.ok).toBe(false);
    if (run.ok) return;
    expect(run.failure.kind).toBe('cancelled');
    expect(run.failure.message).toBe(
      `task ${states[0]!.taskId} was cancelled: the server was sent tasks/cancel and reports it cancelled (Cancelled at the client’s request).`,
    );
    expect(states.at(-1)!.status).toBe('cancelled');
    expect((sent(log, 'tasks/cancel')[0]!.message as unknown as { params: { taskId: string } }).params.taskId).toBe(
      states[0]!.taskId,
    );
    expect(headers.find((entry) => entry.method === 'tasks/cancel')?.name).toBe(states[0]!.taskId);
    await connection.close();
  });

  it('a task that asks for input: the form is answered as any elicitation, and tasks/update sends it', async () => {
    const asked: FormRequest[] = [];
    const answers = (reply: FormAnswer): ConnectOptions['answers'] => ({
      validator: createCompilingValidator(),
      elicitor: {
        form: async (request) => (asked.push(request), reply),
        url: async () => 'decline',
      },
    });
    const accepted = await open(server().url, 'auto', answers({ action: 'accept', content: { go: true } }));
    const states: TaskState[] = [];
    const before = server().state.answers.length;
    const run = await accepted.connection.callToolAsTask(
      'long_report',
      { topic: 'moss', steps: 2, confirm: true },
      { onStatus: (state) => states.push(state) },
    );
    if (!run.ok) throw new Error(run.failure.message);
    expect(text(run.value.result)).toBe('Report on moss: 2 steps done.');
    expect(states[0]).toMatchObject({ status: 'input_required', message: 'Waiting for confirmation' });
    // It ends completed; a poll may miss its short 'working' spell after the answer on a busy machine.
    expect(states.at(-1)?.status).toBe('completed');
    // Asked once, though the request showed until the answer was taken.
    expect(asked.map((request) => request.message)).toEqual(['Write the report on moss?']);
    expect(server().state.answers.slice(before)).toEqual(['long_report: accept {"go":true}']);
    const update = sent(accepted.log, 'tasks/update');
    expect(update).toHaveLength(1);
    expect((update[0]!.message as unknown as { params: unknown }).params).toMatchObject({
      taskId: states[0]!.taskId,
      inputResponses: { 'confirm-start': { action: 'accept', content: { go: true } } },
    });
    expect(accepted.headers.find((entry) => entry.method === 'tasks/update')?.name).toBe(states[0]!.taskId);
    await accepted.connection.close();

    const declined = await open(server().url, 'auto', answers({ action: 'decline' }));
    const refused = await declined.connection.callToolAsTask('long_report', { topic: 'fog', confirm: true });
    expect(refused.ok && text(refused.value.result)).toBe('Report on fog not written (decline).');
    await declined.connection.close();

    // Without anyone to ask, the task stops with an error saying so.
    const mute = await open(server().url);
    const unanswered = await mute.connection.callToolAsTask('long_report', { topic: 'ice', confirm: true });
    expect(unanswered.ok || unanswered.failure.message).toMatch(
      /^task [\w-]+ asked 'confirm-start' \(elicitation\/create\), which could not be answered: elicitation\/create: this client was opened with no one to ask$/,
    );
    await mute.connection.close();
  });

  it('stops polling once the task outlives its ttl', async () => {
    const { connection } = await open(server().url);
    let clock = 1_000_000;
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'long_report',
      { topic: 'drift', steps: 600 },
      {
        now: () => clock,
        onStatus: (state) => {
          states.push(state);
          clock += 60_001;
        },
      },
    );
    expect(run.ok).toBe(false);
    if (run.ok) return;
    expect(run.failure).toEqual({
      kind: 'timeout',
      message: `task ${states[0]!.taskId} was still working when its ttl of 1 min 00 s ran out; polling stopped.`,
    });
    await connection.close();
  });
});

const received = (log: LogEntry[], method: string) =>
  log.filter((entry) => entry.direction === 'received' && entry.method === method);
const paramsOf = (entry: LogEntry | undefined) => (entry?.message as { params?: Record<string, unknown> }).params;

describe.each([
  ['default serving', () => both],
  ['modern-only serving', () => modernOnly],
])('the tasks extension, followed from its notifications, %s', (_serving, server) => {
  it('listens for the task id, declaring the extension, and takes each status pushed: one tasks/get, no polling', async () => {
    const { connection, log } = await open(server().url);
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'long_report',
      { topic: 'kelp', steps: 4 },
      { onStatus: (state) => states.push(state) },
    );
    if (!run.ok) throw new Error(run.failure.message);
    expect(text(run.value.result)).toBe('Report on kelp: 4 steps done.');
    const taskId = states[0]!.taskId;

    const listen = sent(log, 'subscriptions/listen');
    expect(listen).toHaveLength(1);
    expect(paramsOf(listen[0])?.notifications).toEqual({ taskIds: [taskId] });
    expect(clientCapabilitiesOf(listen[0])?.extensions).toEqual({ [TASKS_EXTENSION]: {} });
    const acknowledged = received(log, 'notifications/subscriptions/acknowledged');
    expect(paramsOf(acknowledged[0])?.notifications).toEqual({ taskIds: [taskId] });

    // One poll reads where the task stood once the stream opened; every later status came pushed.
    expect(sent(log, 'tasks/get')).toHaveLength(1);
    const pushed = received(log, 'notifications/tasks').map((entry) => paramsOf(entry)?.statusMessage);
    expect(pushed.at(-1)).toBe('Report ready');
    expect(pushed.length).toBeGreaterThanOrEqual(2);
    expect(states.at(-1)).toMatchObject({ status: 'completed', message: 'Report ready', followedBy: 'notifications' });
    expect(states.map((state) => state.message)).toEqual(expect.arrayContaining(['Step 4 of 4', 'Report ready']));
    // The stream is closed once the task ended.
    const cancelledListen = sent(log, 'notifications/cancelled').map((entry) => paramsOf(entry)?.requestId);
    expect(cancelledListen).toContain(listen[0]!.id);
    await connection.close();
  });

  it('a task that asks for input: the request comes pushed, is answered once, and the task goes on pushed', async () => {
    const asked: FormRequest[] = [];
    const { connection, log } = await open(server().url, 'auto', {
      validator: createCompilingValidator(),
      elicitor: {
        form: async (request) => (asked.push(request), { action: 'accept', content: { go: true } }),
        url: async () => 'decline',
      },
    });
    const run = await connection.callToolAsTask('long_report', { topic: 'reeds', steps: 2, confirm: true });
    if (!run.ok) throw new Error(run.failure.message);
    expect(text(run.value.result)).toBe('Report on reeds: 2 steps done.');
    expect(asked.map((request) => request.message)).toEqual(['Write the report on reeds?']);
    expect(sent(log, 'tasks/update')).toHaveLength(1);
    expect(sent(log, 'tasks/get')).toHaveLength(1);
    expect(received(log, 'notifications/tasks').map((entry) => paramsOf(entry)?.status)).toContain('working');
    await connection.close();
  });

  it('cancels a task it listens to, and says what the server made of it', async () => {
    const { connection, log } = await open(server().url);
    const controller = new AbortController();
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'long_report',
      { topic: 'gulls', steps: 600 },
      {
        signal: controller.signal,
        onStatus: (state) => {
          states.push(state);
          if (state.followedBy === 'notifications' && state.message === 'Step 3 of 600') controller.abort();
        },
      },
    );
    expect(run.ok || run.failure.message).toBe(
      `task ${states[0]!.taskId} was cancelled: the server was sent tasks/cancel and reports it cancelled (Cancelled at the client’s request).`,
    );
    expect(sent(log, 'tasks/cancel')).toHaveLength(1);
    await connection.close();
  });
});

describe('a server that acknowledges no task ids', () => {
  it('is listened to once per task, and the task is polled', async () => {
    const { connection, log } = await open(modernOnlyPolled.url);
    const states: TaskState[] = [];
    const run = await connection.callToolAsTask(
      'long_report',
      { topic: 'dunes', steps: 3 },
      { onStatus: (state) => states.push(state) },
    );
    if (!run.ok) throw new Error(run.failure.message);
    expect(text(run.value.result)).toBe('Report on dunes: 3 steps done.');
    expect(sent(log, 'subscriptions/listen')).toHaveLength(1);
    expect(received(log, 'notifications/tasks')).toEqual([]);
    expect(sent(log, 'tasks/get').length).toBeGreaterThan(1);
    expect(new Set(states.map((state) => state.followedBy))).toEqual(new Set(['polling']));
    await connection.close();
  });
});

describe('the tasks extension on a legacy session', () => {
  it('is not offered: the 2025 era has its own tasks, and the tool runs inline', async () => {
    const { connection } = await open(both.url, 'legacy');
    expect(connection.era).toBe('legacy');
    const tools = await connection.listTools();
    if (!tools.ok) throw new Error(tools.failure.message);
    expect(
      taskSupportOf(
        tools.value.find((tool) => tool.name === 'long_report'),
        connection.capabilities,
      ),
    ).toBe(undefined);
    const called = await connection.callTool('long_report', { topic: 'reef', steps: 1 });
    expect(called.ok && text(called.value)).toBe('Report on reef: 1 steps done.');
    await connection.close();
  });
});

/** A server scripted answer by answer: `tools/call` first, then each `tasks/get`. */
function scripted(answers: unknown[]): { request: TaskRequest; methods: string[] } {
  const methods: string[] = [];
  const request: TaskRequest = async (_what, method, _params, schema) => {
    methods.push(method);
    const checked = await schema['~standard'].validate(answers.shift());
    if (checked.issues) return { ok: false, failure: { kind: 'protocol', message: checked.issues[0]!.message } };
    return { ok: true, value: checked.value };
  };
  return { request, methods };
}

const handle = (task: Record<string, unknown>) => ({ content: [], _meta: { [TASK_HANDLE]: task } });
const base = { taskId: 't1', ttlMs: null, pollIntervalMs: 0 };

describe('what a server may answer a call that declares the extension', () => {
  it('declares the extension beside the client capabilities it has', () => {
    expect(declaringTasks({ sampling: {} }, { 'io.modelcontextprotocol/logLevel': 'info' })).toEqual({
      'io.modelcontextprotocol/logLevel': 'info',
      'io.modelcontextprotocol/clientCapabilities': { sampling: {}, extensions: { [TASKS_EXTENSION]: {} } },
    });
  });

  it('takes a result at once as the call result, with no task', async () => {
    const { request, methods } = scripted([{ content: [{ type: 'text', text: 'done' }] }]);
    const run = await runExtensionTask(request, 'quick', {}, {});
    expect(run).toEqual({ ok: true, value: { result: { content: [{ type: 'text', text: 'done' }] }, task: null } });
    expect(methods).toEqual(['tools/call']);
  });

  it('reports a failed task with the JSON-RPC error it carries', async () => {
    const { request } = scripted([
      handle({ ...base, status: 'working' }),
      { ...base, status: 'failed', statusMessage: 'rate limited', error: { code: -32603, message: 'API rate limit' } },
    ]);
    const run = await runExtensionTask(request, 'slow', {}, {});
    expect(run).toEqual({
      ok: false,
      failure: { kind: 'server_error', message: 'task t1 failed: API rate limit (JSON-RPC error -32603).' },
    });
  });

  it('refuses a handle that is not a task, naming the field', async () => {
    const { request } = scripted([handle({ ...base, status: 'sleeping' })]);
    const run = await runExtensionTask(request, 'slow', {}, {});
    expect(run.ok || run.failure).toEqual({
      kind: 'protocol',
      message:
        'tools/call slow: not a task of the tasks extension (status: expected one of working, input_required, completed, failed, cancelled, got "sleeping").',
    });
  });

  it('refuses a completed task whose result is not a tool result', async () => {
    const { request } = scripted([
      handle({ ...base, status: 'working' }),
      { ...base, status: 'completed', result: { content: 'not a list' } },
    ]);
    const run = await runExtensionTask(request, 'slow', {}, {});
    expect(run.ok).toBe(false);
    expect(!run.ok && run.failure.message).toMatch(/^tasks\/get t1: the completed task's result is not a tool result/);
  });
});
