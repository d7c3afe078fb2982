// The polling loop both kinds of tasks share, driven by a scripted server and this test's own clock.
import { describe, expect, it } from 'vitest';
import type { McpFailure } from './failures';
import { runExtensionTask } from './task-extension';
import { pollToEnd, PUSHED_BACKSTOP_MS, taskStateOf, type PollLoop, type TaskReport } from './task-polling';
import type { TaskFeed } from './task-feed';
import { TASK_HANDLE, taskLine, type TaskState } from './task-support';
import { runTask, type TaskRequest } from './tasks';

/** A loop over polls scripted in order; each poll's answer becomes the state. */
function scripted(first: TaskReport, answers: (TaskReport | McpFailure)[], extra: Partial<PollLoop<TaskReport>> = {}) {
  let state = taskStateOf(first, 0, 0);
  const calls: string[] = [];
  const loop: PollLoop<TaskReport> = {
    state: () => state,
    now: () => 0,
    poll: async () => {
      calls.push('tasks/get');
      const next = answers.shift();
      if (!next) throw new Error('polled once too often');
      return 'kind' in next ? { ok: false, failure: next } : { ok: true, value: next };
    },
    observe: (polled) => {
      state = taskStateOf(polled, 0, 0);
    },
    cancel: async () => {
      calls.push('tasks/cancel');
      return { ok: false, failure: { kind: 'cancelled', message: 'cancelled here' } };
    },
    ...extra,
  };
  return { loop, calls };
}

const working: TaskReport = { taskId: 't1', status: 'working', ttlMs: null, pollIntervalMs: 0 };

describe('the task polling loop', () => {
  it('polls until the task ends and gives its last state', async () => {
    const { loop, calls } = scripted(working, [working, { ...working, status: 'completed', statusMessage: 'done' }]);
    const ended = await pollToEnd(loop);
    expect(ended).toEqual({
      ok: true,
      value: {
        taskId: 't1',
        status: 'completed',
        message: 'done',
        startedAt: 0,
        seenAt: 0,
        ttlMs: null,
        pollIntervalMs: 100,
      },
    });
    expect(calls).toEqual(['tasks/get', 'tasks/get']);
  });

  it('gives a failed task back for its era to read, and says when the server cancelled it', async () => {
    const failed = await pollToEnd(scripted(working, [{ ...working, status: 'failed' }]).loop);
    expect(failed.ok && failed.value.status).toBe('failed');
    const cancelled = await pollToEnd(
      scripted(working, [{ ...working, status: 'cancelled', statusMessage: 'shutting down' }]).loop,
    );
    expect(cancelled).toEqual({
      ok: false,
      failure: { kind: 'cancelled', message: 'task t1 was cancelled by the server: shutting down' },
    });
  });

  it('stops polling once the ttl has run out, without another poll', async () => {
    const { loop, calls } = scripted({ ...working, ttlMs: 60_000 }, [], { now: () => 60_000 });
    expect(await pollToEnd(loop)).toEqual({
      ok: false,
      failure: {
        kind: 'timeout',
        message: 'task t1 was still working when its ttl of 1 min 00 s ran out; polling stopped.',
      },
    });
    expect(calls).toEqual([]);
  });

  it('cancels when the caller aborts, and ends with a poll that failed', async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = scripted(working, [], { signal: controller.signal });
    expect(await pollToEnd(aborted.loop)).toEqual({
      ok: false,
      failure: { kind: 'cancelled', message: 'cancelled here' },
    });
    expect(aborted.calls).toEqual(['tasks/cancel']);
    const lost: McpFailure = { kind: 'unreachable', message: 'the server went away' };
    expect(await pollToEnd(scripted(working, [lost]).loop)).toEqual({ ok: false, failure: lost });
  });

  it('asks for input while the task waits for it, and a failure to answer ends the run', async () => {
    const waiting: TaskReport = { ...working, status: 'input_required' };
    const asked: TaskState['status'][] = [];
    const answered = scripted(waiting, [{ ...working, status: 'completed' }]);
    answered.loop.whileInputRequired = async () => {
      asked.push(answered.loop.state().status);
      return undefined;
    };
    expect((await pollToEnd(answered.loop)).ok).toBe(true);
    expect(asked).toEqual(['input_required']);

    const unanswered = scripted(waiting, [], {
      whileInputRequired: async () => ({ kind: 'protocol', message: 'no one to ask' }),
    });
    expect(await pollToEnd(unanswered.loop)).toEqual({
      ok: false,
      failure: { kind: 'protocol', message: 'no one to ask' },
    });
    expect(unanswered.calls).toEqual([]);
  });
});

/** A server answering in order, each answer taking `roundTripMs` of the test's clock. */
function timed(answers: unknown[], roundTripMs: number) {
  let clock = 10_000;
  const request: TaskRequest = async (_what, _method, _params, schema) => {
    clock += roundTripMs;
    const checked = await schema['~standard'].validate(answers.shift());
    if (checked.issues) return { ok: false, failure: { kind: 'protocol', message: checked.issues[0]!.message } };
    return { ok: true, value: checked.value };
  };
  return { request, now: () => clock };
}

describe('the time a task has taken', () => {
  const at = '2026-01-01T00:00:00Z';
  const legacyTask = (status: string) => ({
    taskId: 't1',
    status,
    ttl: 60_000,
    pollInterval: 100,
    createdAt: at,
    lastUpdatedAt: at,
  });
  const modernTask = (status: string) => ({ taskId: 't1', status, ttlMs: 60_000, pollIntervalMs: 100 });

  it.each([
    [
      '2025-11-25 tasks',
      (request: TaskRequest, options: { now: () => number; onStatus: (state: TaskState) => void }) =>
        runTask(request, 'slow', {}, options),
      [
        { task: legacyTask('working') },
        legacyTask('working'),
        legacyTask('completed'),
        { content: [{ type: 'text', text: 'done' }] },
      ],
    ],
    [
      'the tasks extension',
      (request: TaskRequest, options: { now: () => number; onStatus: (state: TaskState) => void }) =>
        runExtensionTask(request, 'slow', {}, {}, options),
      [
        { content: [], _meta: { [TASK_HANDLE]: modernTask('working') } },
        modernTask('working'),
        { ...modernTask('completed'), result: { content: [{ type: 'text', text: 'done' }] } },
      ],
    ],
  ])('%s: counts from when the call was sent, on this client clock', async (_era, run, answers) => {
    const { request, now } = timed(answers, 400);
    const states: TaskState[] = [];
    const ran = await run(request, { now, onStatus: (state) => states.push(state) });
    expect(ran.ok).toBe(true);
    // The call left at 10 000; the task came back with it one round trip later.
    expect(states[0]).toMatchObject({ status: 'working', startedAt: 10_000, seenAt: 10_400, expiresAt: 70_000 });
    expect(taskLine(states[0]!, states[0]!.seenAt)).toBe('task t1: working (400 ms elapsed, expires in 59.6 s)');
    // The status that ended it was seen two polls later, and the time goes on from the same start.
    expect(states.at(-1)).toMatchObject({ status: 'completed', startedAt: 10_000, seenAt: 11_200 });
    expect(taskLine(states.at(-1)!, states.at(-1)!.seenAt)).toContain('(1.2 s elapsed, expires in 58.8 s)');
  });
});

/** A feed whose reports are scripted: each `next` takes one, and `undefined` ends the stream. */
function scriptedFeed(reports: (unknown | undefined)[]): TaskFeed & { waits: number[] } {
  const feed = {
    open: true,
    waits: [] as number[],
    async next(within: number) {
      feed.waits.push(within);
      const report = reports.shift();
      if (report === undefined) feed.open = false;
      return report;
    },
    close: async () => undefined,
  };
  return feed;
}
const asReport = (pushed: unknown) => ({ ok: true as const, value: pushed as TaskReport });

describe('the loop over pushed reports', () => {
  it('takes each report pushed without polling, waiting no longer than the backstop', async () => {
    const feed = scriptedFeed([working, { ...working, status: 'completed', statusMessage: 'done' }]);
    const { loop, calls } = scripted(working, [], { feed: { feed, check: asReport } });
    const ended = await pollToEnd(loop);
    expect(ended.ok && ended.value.message).toBe('done');
    expect(calls).toEqual([]);
    expect(feed.waits).toEqual([PUSHED_BACKSTOP_MS, PUSHED_BACKSTOP_MS]);
  });

  it('polls once the stream ends', async () => {
    const feed = scriptedFeed([working, undefined]);
    const { loop, calls } = scripted(working, [working, { ...working, status: 'completed' }], {
      feed: { feed, check: asReport },
    });
    const ended = await pollToEnd(loop);
    expect(ended.ok && ended.value.status).toBe('completed');
    expect(calls).toEqual(['tasks/get', 'tasks/get']);
  });

  it('stops at a pushed report that is not a task, saying why', async () => {
    const wrong: McpFailure = { kind: 'protocol', message: 'notifications/tasks t1: not a task' };
    const feed = scriptedFeed([{ status: 'sleeping' }]);
    const { loop, calls } = scripted(working, [], {
      feed: { feed, check: () => ({ ok: false, failure: wrong }) },
    });
    expect(await pollToEnd(loop)).toEqual({ ok: false, failure: wrong });
    expect(calls).toEqual([]);
  });

  it('waits for a report no longer than the task has left, then says its ttl ran out', async () => {
    let clock = 0;
    const feed = scriptedFeed([]);
    feed.next = async (within: number) => {
      feed.waits.push(within);
      clock += within;
      return undefined;
    };
    const { loop, calls } = scripted({ ...working, ttlMs: 5_000 }, [], {
      feed: { feed, check: asReport },
      now: () => clock,
    });
    expect(await pollToEnd(loop)).toEqual({
      ok: false,
      failure: {
        kind: 'timeout',
        message: 'task t1 was still working when its ttl of 5.0 s ran out; this client stopped listening.',
      },
    });
    expect(feed.waits).toEqual([5_000]);
    expect(calls).toEqual([]);
  });
});
