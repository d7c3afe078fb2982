/**
 * A tool call run as a task in the 2026-07-28 era, through the tasks extension (`io.modelcontextprotocol/tasks`):
 * the `tools/call` declares the extension in its per-request client capabilities, and the server decides whether it
 * answers with a task handle (`resultType: "task"`) or the result itself. A task is polled with `tasks/get` at the
 * server's `pollIntervalMs` until it ends; its result (or the JSON-RPC error it failed with) comes with the last
 * poll. Where the server offers task status notifications (a `subscriptions/listen` for the task's id that it
 * acknowledges, task-feed.ts), the task is followed from what it pushes instead, after one poll that reads where the
 * task stood when the stream opened; if the stream ends, polling takes over. A task that asks for input (`input_required`) lists its requests by key; each is answered as the same request
 * from the server would be, and the answers go back with `tasks/update`. Aborting sends `tasks/cancel`, whose answer
 * is an acknowledgement: one more `tasks/get` tells what the server made of it.
 *
 * SDK v2 routes the extension's method names (the `Mcp-Name` header carries the task id) but has no schema for its
 * results, so they are checked here.
 */
import { specTypeSchemas, type CallToolResult, type StandardSchemaV1 } from '@modelcontextprotocol/client';
import type { McpFailure } from './failures';
import type { McpOutcome } from './session';
import { pollToEnd, taskStateOf } from './task-polling';
import type { OpenTaskFeed, TaskFeed } from './task-feed';
import { TASK_HANDLE, type TaskState, type TaskStatus } from './task-support';

export { declaringTasks } from './task-support';
import type { TaskCallOptions, TaskRequest, TaskRun } from './tasks';

const STATUSES: ReadonlySet<string> = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

/** The extension's Task (a DetailedTask on `tasks/get`): what this client reads of it. */
interface ExtensionTask {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
  /** While `input_required`: what the server asks, by key, each a request as a server would send it. */
  inputRequests?: Record<string, { method?: unknown; params?: unknown }>;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/** Answers one request a task asks (input/index.ts `ClientInput.answer`). */
export type InputAnswer = (method: string, params: unknown) => Promise<unknown>;

const problem = (message: string) => ({ issues: [{ message }] });

/** The extension's Task shape, checked: an id, a known status, a ttl (ms or null), an optional poll interval. */
const extensionTaskSchema: StandardSchemaV1<unknown, ExtensionTask> = {
  '~standard': {
    version: 1,
    vendor: 'tool-schema-playground',
    validate(value) {
      const task = value as Record<string, unknown> | null;
      if (typeof task !== 'object' || task === null) return problem('a task must be an object');
      if (typeof task.taskId !== 'string' || task.taskId === '') return problem('taskId: expected a non-empty string');
      if (typeof task.status !== 'string' || !STATUSES.has(task.status))
        return problem(`status: expected one of ${[...STATUSES].join(', ')}, got ${JSON.stringify(task.status)}`);
      if (task.ttlMs !== null && !(typeof task.ttlMs === 'number' && task.ttlMs >= 0))
        return problem('ttlMs: expected milliseconds (a number ≥ 0) or null');
      if (task.pollIntervalMs !== undefined && !(typeof task.pollIntervalMs === 'number' && task.pollIntervalMs >= 0))
        return problem('pollIntervalMs: expected milliseconds (a number ≥ 0)');
      if (
        task.inputRequests !== undefined &&
        (typeof task.inputRequests !== 'object' || task.inputRequests === null || Array.isArray(task.inputRequests))
      )
        return problem('inputRequests: expected an object of requests by key');
      if (task.statusMessage !== undefined && typeof task.statusMessage !== 'string')
        return problem('statusMessage: expected a string');
      return { value: task as unknown as ExtensionTask };
    },
  },
};

/** `tools/call` declaring the extension answers with a result or, carried by the transport (log.ts), a task. */
const createdSchema: StandardSchemaV1<unknown, { handle?: unknown; result: unknown }> = {
  '~standard': {
    version: 1,
    vendor: 'tool-schema-playground',
    validate(value) {
      const meta = (value as { _meta?: Record<string, unknown> } | null)?._meta;
      return { value: meta && TASK_HANDLE in meta ? { handle: meta[TASK_HANDLE], result: value } : { result: value } };
    },
  },
};

const acknowledged: StandardSchemaV1<unknown, unknown> = {
  '~standard': { version: 1, vendor: 'tool-schema-playground', validate: (value) => ({ value }) },
};

const invalid = (what: string, issues: readonly { message: string }[]): McpFailure => ({
  kind: 'protocol',
  message: `${what}: not a task of the tasks extension (${issues.map((issue) => issue.message).join('; ')}).`,
});

const toolResult = (id: string, value: unknown): McpOutcome<CallToolResult> => {
  const checked = specTypeSchemas.CallToolResult['~standard'].validate(value);
  if (checked instanceof Promise) throw new Error('CallToolResult schema is asynchronous');
  if (checked.issues)
    return {
      ok: false,
      failure: {
        kind: 'protocol',
        message: `tasks/get ${id}: the completed task's result is not a tool result (${checked.issues.map((issue) => issue.message).join('; ')}).`,
      },
    };
  return { ok: true, value: checked.value as CallToolResult };
};

/**
 * Runs `name` as a task of the extension: its result, or a failure saying where it stopped (cancelled, failed,
 * expired). `meta` is the call's `_meta`, declaring the extension (`declaringTasks`) on this call only: a plain call
 * never gets a task back.
 */
export async function runExtensionTask(
  request: TaskRequest,
  name: string,
  args: unknown,
  meta: Record<string, unknown>,
  options: TaskCallOptions = {},
  answer?: InputAnswer,
  openFeed?: OpenTaskFeed,
): Promise<McpOutcome<TaskRun>> {
  const now = options.now ?? Date.now;
  const signal = options.signal;
  const startedAt = now();
  const created = await request(
    `tools/call ${name} (as a task)`,
    'tools/call',
    { name, arguments: args, _meta: meta },
    createdSchema,
    signal,
  );
  if (!created.ok) return created;
  // The server chose to answer at once: the result is the call's.
  if (created.value.handle === undefined) {
    const result = toolResult(name, created.value.result);
    return result.ok ? { ok: true, value: { result: result.value, task: null } } : result;
  }
  const first = extensionTaskSchema['~standard'].validate(created.value.handle) as {
    value?: ExtensionTask;
    issues?: readonly { message: string }[];
  };
  if (first.issues) return { ok: false, failure: invalid(`tools/call ${name}`, first.issues) };
  let task = first.value!;
  let feed: TaskFeed | undefined;
  const stateOf = (next: ExtensionTask) => ({
    ...taskStateOf(next, startedAt, now()),
    followedBy: feed?.open ? ('notifications' as const) : ('polling' as const),
  });
  let state = stateOf(task);
  const id = state.taskId;
  options.onStatus?.(state);
  const poll = (limit?: number) =>
    request(`tasks/get ${id}`, 'tasks/get', { taskId: id }, extensionTaskSchema, undefined, limit ?? options.timeoutMs);
  const observe = (next: ExtensionTask) => {
    task = next;
    const seen = stateOf(next);
    const changed =
      seen.status !== state.status || seen.message !== state.message || seen.followedBy !== state.followedBy;
    state = seen;
    if (changed) options.onStatus?.(state);
  };

  const cancel = async (): Promise<{ ok: false; failure: McpFailure }> => {
    const answered = await request(
      `tasks/cancel ${id}`,
      'tasks/cancel',
      { taskId: id },
      acknowledged,
      undefined,
      options.timeoutMs,
    );
    const stopped = `task ${id} was stopped here`;
    if (!answered.ok)
      return {
        ok: false,
        failure: { kind: 'cancelled', message: `${stopped}, but tasks/cancel failed: ${answered.failure.message}` },
      };
    // Cancelling is cooperative: the acknowledgement says nothing of the status, the next poll does.
    const after = await poll();
    if (after.ok) observe(after.value);
    const status = after.ok
      ? `reports it ${state.status}${state.message ? ` (${state.message})` : ''}`
      : `acknowledged it (its status could not be read: ${after.failure.message})`;
    return {
      ok: false,
      failure: {
        kind: 'cancelled',
        message: `task ${id} was cancelled: the server was sent tasks/cancel and ${status}.`,
      },
    };
  };

  /** The keys of the requests answered: a request shows on every poll until the server has taken its answer. */
  const answered = new Set<string>();
  const respond = async (): Promise<McpFailure | undefined> => {
    const asked = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
    if (asked.length === 0) return undefined;
    if (!answer) return { kind: 'protocol', message: `task ${id} asks for input, and this client has no one to ask.` };
    const responses: Record<string, unknown> = {};
    for (const [key, request] of asked) {
      const method = typeof request.method === 'string' ? request.method : '(no method)';
      try {
        responses[key] = await answer(method, request.params ?? {});
      } catch (error) {
        return {
          kind: 'protocol',
          message: `task ${id} asked '${key}' (${method}), which could not be answered: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      answered.add(key);
    }
    const sent = await request(
      `tasks/update ${id}`,
      'tasks/update',
      { taskId: id, inputResponses: responses },
      acknowledged,
      undefined,
      options.timeoutMs,
    );
    return sent.ok ? undefined : sent.failure;
  };

  /** A pushed report, checked as a poll's answer is. */
  const check = (pushed: unknown): McpOutcome<ExtensionTask> => {
    const checked = extensionTaskSchema['~standard'].validate(pushed) as {
      value?: ExtensionTask;
      issues?: readonly { message: string }[];
    };
    return checked.issues
      ? { ok: false, failure: invalid(`notifications/tasks ${id}`, checked.issues) }
      : { ok: true, value: checked.value! };
  };
  const follow = async (): Promise<McpOutcome<TaskState>> => {
    if (openFeed && !signal?.aborted && !TERMINAL.has(state.status)) {
      feed = await openFeed(id);
      if (feed) {
        // The task may have moved on before the stream opened: the server pushes changes only.
        const synced = await poll();
        if (!synced.ok) return synced;
        observe(synced.value);
      }
    }
    return pollToEnd({
      state: () => state,
      signal,
      now,
      whileInputRequired: respond,
      poll: () => poll(),
      observe,
      cancel,
      feed: feed ? { feed, check } : undefined,
    });
  };
  const ended = await follow().finally(() => feed?.close());
  if (!ended.ok) return ended;
  if (state.status === 'failed') {
    const error = task.error;
    const said = typeof error?.message === 'string' ? error.message : (state.message ?? 'no error given');
    return {
      ok: false,
      failure: {
        kind: 'server_error',
        message: `task ${id} failed: ${said}${typeof error?.code === 'number' ? ` (JSON-RPC error ${error.code})` : ''}.`,
      },
    };
  }
  const result = toolResult(id, task.result);
  return result.ok ? { ok: true, value: { result: result.value, task: state } } : result;
}
