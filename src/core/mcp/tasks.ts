/**
 * A tool call run as a task (2025-11-25 tasks): `tools/call` with a `task` field creates it, `tasks/get` is polled
 * at the server's interval for its status, `tasks/result` fetches the tool's result once it ends (or while it waits
 * for input, which the server then asks for on that request), and aborting sends `tasks/cancel`.
 *
 * The SDK v2 client sends these methods through `request()` with the spec's own result schemas; it has no task
 * runtime of its own. The 2026-07-28 era has tasks as an extension instead: task-extension.ts.
 */
import { specTypeSchemas, type CallToolResult, type StandardSchemaV1, type Task } from '@modelcontextprotocol/client';
import type { McpOutcome } from './session';
import type { McpFailure } from './failures';
import { pollToEnd, taskStateOf } from './task-polling';
import type { TaskState } from './task-support';

export { taskLine, taskSupportOf, type TaskState } from './task-support';

export interface TaskCallOptions {
  /** Aborting sends `tasks/cancel` and reports what the server answered. */
  signal?: AbortSignal;
  /** The time limit of each request (tools/call, tasks/get, tasks/cancel). */
  timeoutMs?: number;
  /** The ttl to ask for; the server decides the one it keeps. */
  ttlMs?: number;
  /** Each status the task reports, the first one included. */
  onStatus?: (state: TaskState) => void;
  now?: () => number;
}

export interface TaskRun {
  result: CallToolResult;
  /** The task as it ended; null when the server answered the call at once instead of making a task of it. */
  task: TaskState | null;
}

/** A request through the connection, failures as values; `limit` overrides the connection's time limit. */
export type TaskRequest = <T>(
  what: string,
  method: string,
  params: Record<string, unknown>,
  schema: StandardSchemaV1<unknown, T>,
  signal?: AbortSignal,
  limit?: number,
) => Promise<McpOutcome<T>>;

const stateOf = (task: Task, startedAt: number, seenAt: number): TaskState =>
  taskStateOf(
    {
      taskId: task.taskId,
      status: task.status,
      ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
      ttlMs: task.ttl ?? null,
      ...(task.pollInterval !== undefined ? { pollIntervalMs: task.pollInterval } : {}),
    },
    startedAt,
    seenAt,
  );

/** Runs `name` as a task to its end: its result, or a failure saying where it stopped (cancelled, failed, expired). */
export async function runTask(
  request: TaskRequest,
  name: string,
  args: unknown,
  options: TaskCallOptions = {},
): Promise<McpOutcome<TaskRun>> {
  const now = options.now ?? Date.now;
  const signal = options.signal;
  const task = options.ttlMs !== undefined ? { ttl: options.ttlMs } : {};
  const startedAt = now();
  const created = await request(
    `tools/call ${name} (as a task)`,
    'tools/call',
    { name, arguments: args, task },
    specTypeSchemas.CreateTaskResult,
    signal,
  );
  if (!created.ok) return created;
  let state = stateOf(created.value.task, startedAt, now());
  const id = state.taskId;
  const report = (next: TaskState) => {
    state = next;
    options.onStatus?.(state);
  };
  options.onStatus?.(state);

  const cancel = async (): Promise<{ ok: false; failure: McpFailure }> => {
    const answered = await request(
      `tasks/cancel ${id}`,
      'tasks/cancel',
      { taskId: id },
      specTypeSchemas.CancelTaskResult,
      undefined,
      options.timeoutMs,
    );
    if (!answered.ok)
      return {
        ok: false,
        failure: {
          kind: 'cancelled',
          message: `task ${id} was stopped here, but tasks/cancel failed: ${answered.failure.message}`,
        },
      };
    report(stateOf(answered.value, startedAt, now()));
    return {
      ok: false,
      failure: {
        kind: 'cancelled',
        message: `task ${id} was cancelled: the server was sent tasks/cancel and reports it ${state.status}${state.message ? ` (${state.message})` : ''}.`,
      },
    };
  };
  // While a task waits for input, the server asks for it on the tasks/result request, which then waits for its end.
  const untilExpiry = () => (state.expiresAt === undefined ? undefined : Math.max(1, state.expiresAt - now()));
  let payload: Promise<McpOutcome<unknown>> | undefined;
  const fetchPayload = () =>
    (payload ??= request(
      `tasks/result ${id}`,
      'tasks/result',
      { taskId: id },
      specTypeSchemas.GetTaskPayloadResult,
      signal,
      untilExpiry(),
    ));

  const ended = await pollToEnd({
    state: () => state,
    signal,
    now,
    whileInputRequired: () => void fetchPayload(),
    poll: () =>
      request(`tasks/get ${id}`, 'tasks/get', { taskId: id }, specTypeSchemas.GetTaskResult, signal, options.timeoutMs),
    observe: (polled) => {
      const next = stateOf(polled, startedAt, now());
      if (next.status !== state.status || next.message !== state.message) report(next);
      else state = next;
    },
    cancel,
  });
  if (!ended.ok) return ended;
  const fetched = await fetchPayload();
  if (signal?.aborted) return cancel();
  if (!fetched.ok) return fetched;
  const checked = specTypeSchemas.CallToolResult['~standard'].validate(fetched.value);
  if (checked.issues)
    return {
      ok: false,
      failure: {
        kind: 'protocol',
        message: `tasks/result ${id}: not a tool result (${checked.issues.map((issue) => issue.message).join('; ')}).`,
      },
    };
  return { ok: true, value: { result: checked.value as CallToolResult, task: state } };
}
