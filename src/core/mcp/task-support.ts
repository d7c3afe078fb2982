/**
 * What a page needs to offer a task and show it, without the MCP SDK: whether a tool runs as a task, what a task is
 * at one moment, and the line that says so.
 */
import type { ServerCapabilities, Task, Tool } from '@modelcontextprotocol/client';

export type TaskSupport = 'required' | 'optional';
export type TaskStatus = Task['status'];

/** What a task is at one moment, with its times on this machine's clock (the server's clock may differ). */
export interface TaskState {
  taskId: string;
  status: TaskStatus;
  /** The server's `statusMessage`. */
  message?: string;
  /** When this client sent the call that made the task (ms since the epoch): the time elapsed counts from here. */
  startedAt: number;
  /** When this client saw the task in this status (the answer it came with). */
  seenAt: number;
  /** How long the server keeps the task after its creation; null when it sets no limit. */
  ttlMs: number | null;
  /** When the server may drop the task (startedAt + ttl); absent without a ttl. */
  expiresAt?: number;
  /** The interval the server asks polls to keep, as used (clamped). */
  pollIntervalMs: number;
  /**
   * How this client follows the task (the 2026-07-28 tasks extension): from the status notifications the server
   * pushes, or by polling. Absent for 2025-11-25 tasks, which are polled.
   */
  followedBy?: 'notifications' | 'polling';
}

/**
 * A server's poll interval, kept within bounds: below 100 ms a page would poll a slow task hundreds of times a
 * minute, above a minute a finished task would look stalled. Without one, a second.
 */
export const pollIntervalOf = (interval: number | undefined): number =>
  Math.min(60_000, Math.max(100, interval ?? 1000));

/** The 2026-07-28 tasks extension's identifier, as declared in capabilities' `extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Where a request's `_meta` carries the client's capabilities in the 2026-07-28 era. */
export const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';

/** The per-request `_meta` of a call that declares the extension: the client's capabilities with it added. */
export function declaringTasks(
  capabilities: Record<string, unknown>,
  meta: Record<string, unknown> = {},
): Record<string, unknown> {
  const extensions = { ...(capabilities.extensions as object | undefined), [TASKS_EXTENSION]: {} };
  return { ...meta, [CLIENT_CAPABILITIES_META]: { ...capabilities, extensions } };
}

/** Where the transport hands the client a task handle, inside a complete result's `_meta` (log.ts). */
export const TASK_HANDLE = 'tool-schema-playground/task-handle';

/**
 * A tool runs as a task where its definition says so and the server declares task-augmented `tools/call` (2025-11-25
 * tasks), or on any tool of a server that declares the tasks extension (2026-07-28), where the server decides per call
 * whether it makes a task of it.
 */
export function taskSupportOf(
  tool: Pick<Tool, 'execution'> | undefined,
  capabilities: ServerCapabilities,
): TaskSupport | undefined {
  if (capabilities.extensions?.[TASKS_EXTENSION] !== undefined) return tool ? 'optional' : undefined;
  const support = tool?.execution?.taskSupport;
  if (support !== 'required' && support !== 'optional') return undefined;
  return capabilities.tasks?.requests?.tools?.call ? support : undefined;
}

/** A span of time as people read it: 850 ms, 4.2 s, 3 min 05 s, 1 h 02 min. */
export function spanText(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(seconds / 3600)} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')} min`;
}

/** A task's times at `now`: elapsed since the call was sent, and its expiry. */
export function taskTimes(state: TaskState, now: number): { elapsed: string; expiry: string } {
  const expiry =
    state.expiresAt === undefined
      ? 'kept without a time limit'
      : state.expiresAt > now
        ? `expires in ${spanText(state.expiresAt - now)}`
        : 'past its expiry';
  return { elapsed: `${spanText(Math.max(0, now - state.startedAt))} elapsed`, expiry };
}

/** One line for a task: its status, message, time elapsed and expiry, and whether the server pushes its status. */
export function taskLine(state: TaskState, now: number): string {
  const { elapsed, expiry } = taskTimes(state, now);
  const pushed = state.followedBy === 'notifications' ? '; status pushed by the server' : '';
  return `task ${state.taskId}: ${state.status}${state.message ? ` — ${state.message}` : ''} (${elapsed}, ${expiry}${pushed})`;
}
