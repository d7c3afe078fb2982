/**
 * What both kinds of tasks share (2025-11-25 tasks in tasks.ts, the 2026-07-28 tasks extension in task-extension.ts):
 * a task's state from what the server says of it, and the loop that follows it to its end — from the reports the
 * server pushes where it offers them (task-feed.ts), else polling at the server's interval — cancelling when the
 * caller aborts, and stopping once its ttl has run out.
 */
import type { McpFailure } from './failures';
import type { McpOutcome } from './session';
import type { TaskFeed } from './task-feed';
import { pollIntervalOf, spanText, type TaskState, type TaskStatus } from './task-support';

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** What a server says of a task, in either era's field names brought to one. */
export interface TaskReport {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** How long the server keeps the task after its creation; null or absent when it sets no limit. */
  ttlMs?: number | null;
  pollIntervalMs?: number;
}

/**
 * The task as this client holds it, on this machine's clock: `startedAt` is when the call was sent (the elapsed time
 * and the expiry count from there; the server created the task after, so the expiry is never later than its own),
 * `seenAt` when this report came.
 */
export function taskStateOf(task: TaskReport, startedAt: number, seenAt: number): TaskState {
  const ttlMs = task.ttlMs ?? null;
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { message: task.statusMessage } : {}),
    startedAt,
    seenAt,
    ttlMs,
    // The ttl counts from the task's creation and may change while it runs.
    ...(ttlMs !== null ? { expiresAt: startedAt + ttlMs } : {}),
    pollIntervalMs: pollIntervalOf(task.pollIntervalMs),
  };
}

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

type Failed = { ok: false; failure: McpFailure };

export interface PollLoop<T> {
  /** The task as last seen (its status decides whether the loop goes on). */
  state: () => TaskState;
  signal?: AbortSignal | undefined;
  now: () => number;
  /** While the task waits for input, before the next poll: a failure ends the run. */
  whileInputRequired?: () => Promise<McpFailure | undefined> | undefined;
  /** One `tasks/get`. */
  poll: () => Promise<McpOutcome<T>>;
  /** Takes what a poll answered as the task's new state. */
  observe: (polled: T) => void;
  /** Sends `tasks/cancel` once the caller aborts, and says what came of it. */
  cancel: () => Promise<Failed>;
  /** Reports the server pushes: while it is open, the task is not polled; `check` reads a report as a poll's answer. */
  feed?: { feed: TaskFeed; check: (pushed: unknown) => McpOutcome<T> } | undefined;
}

/**
 * While reports are pushed, one poll after this long without one: a server that acknowledged a task and then went
 * quiet (a notification lost) still has its task followed, at a rate no server would mind.
 */
export const PUSHED_BACKSTOP_MS = 30_000;

/**
 * Polls a task until it ends: the task's last state when it completed or failed (each era reads its result its own
 * way), else a failure saying where it stopped — cancelled here or by the server, its ttl run out, a poll failed.
 */
export async function pollToEnd<T>(loop: PollLoop<T>): Promise<McpOutcome<TaskState>> {
  const { signal, now } = loop;
  for (let state = loop.state(); !TERMINAL.has(state.status); state = loop.state()) {
    if (state.status === 'input_required' && loop.whileInputRequired) {
      const failed = await loop.whileInputRequired();
      if (signal?.aborted) return loop.cancel();
      if (failed) return { ok: false, failure: failed };
    }
    const pushed = loop.feed?.feed.open ? loop.feed : undefined;
    if (state.expiresAt !== undefined && now() >= state.expiresAt)
      return {
        ok: false,
        failure: {
          kind: 'timeout',
          message: `task ${state.taskId} was still ${state.status} when its ttl of ${spanText(state.ttlMs ?? 0)} ran out; ${pushed ? 'this client stopped listening' : 'polling stopped'}.`,
        },
      };
    if (pushed) {
      const untilExpiry = state.expiresAt === undefined ? Infinity : Math.max(0, state.expiresAt - now());
      const report = await pushed.feed.next(Math.min(PUSHED_BACKSTOP_MS, untilExpiry), signal);
      if (signal?.aborted) return loop.cancel();
      if (report !== undefined) {
        const checked = pushed.check(report);
        if (!checked.ok) return checked;
        loop.observe(checked.value);
        continue;
      }
      // The ttl ran out (said at the top), the backstop came, or the stream ended: one poll reads where the task is.
      if (state.expiresAt !== undefined && now() >= state.expiresAt) continue;
    } else await sleep(state.pollIntervalMs, signal);
    if (signal?.aborted) return loop.cancel();
    const polled = await loop.poll();
    if (signal?.aborted) return loop.cancel();
    if (!polled.ok) return polled;
    loop.observe(polled.value);
  }
  const state = loop.state();
  if (state.status === 'cancelled')
    return {
      ok: false,
      failure: {
        kind: 'cancelled',
        message: `task ${state.taskId} was cancelled by the server${state.message ? `: ${state.message}` : '.'}`,
      },
    };
  return { ok: true, value: state };
}
