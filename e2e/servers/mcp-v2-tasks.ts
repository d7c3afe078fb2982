/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, protocol 2026-07-28) served by hand on the SDK v2 test
 * server: SDK v2 routes the extension's method names but serves none of it, so `tasks/get`, `tasks/update` and
 * `tasks/cancel` are custom request handlers here, following the extension's text. The server declares the
 * extension in `server/discover`; `long_report` answers a request that declares it with a task handle
 * (`resultType: "task"`), and runs inline for a client that does not (and in the 2025 era, which has its own tasks).
 *
 * A task advances one step per `STEP_MS` of this machine's clock; its status message says which step. The store is
 * shared by every per-request server instance of one test server (keyed by its state object).
 */
import { inputResponse, type CallToolResult, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { V2_ICONS } from './mcp-v2-icons';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** How long one step of `long_report` takes. */
export const STEP_MS = 150;
/** How long the server keeps a task after its creation. */
export const TASK_TTL_MS = 60_000;
export const TASK_POLL_MS = 100;

type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export interface StoredTask {
  taskId: string;
  createdAt: number;
  /** When the steps start: at creation, or once the person confirmed. */
  runFrom: number;
  steps: number;
  topic: string;
  /** Asked to confirm before the first step, and not answered yet. */
  awaiting?: boolean;
  /** Set when the client cancels (or the work ends): the status from then on. */
  settled?: { status: Status; at: number; message: string; result?: CallToolResult };
}

const stores = new WeakMap<object, Map<string, StoredTask>>();
export const storeOf = (owner: object): Map<string, StoredTask> => {
  let store = stores.get(owner);
  if (!store) stores.set(owner, (store = new Map()));
  return store;
};

/** Who hears of a change the clock does not make (an answer taken, a cancel): the task listen streams. */
const changeListeners = new WeakMap<object, Set<() => void>>();
export function onTaskChange(owner: object, listener: () => void): () => void {
  let listeners = changeListeners.get(owner);
  if (!listeners) changeListeners.set(owner, (listeners = new Set()));
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const changed = (owner: object) => changeListeners.get(owner)?.forEach((listener) => listener());

const reportOf = (task: StoredTask): CallToolResult => ({
  content: [{ type: 'text', text: `Report on ${task.topic}: ${task.steps} steps done.` }],
});

/** What the task asks while it waits for the person (an elicitation form, as the extension's `inputRequests`). */
const CONFIRM_KEY = 'confirm-start';
const confirmRequest = (task: StoredTask) => ({
  [CONFIRM_KEY]: {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: `Write the report on ${task.topic}?`,
      requestedSchema: {
        type: 'object',
        properties: { go: { type: 'boolean', title: 'Write it?' } },
        required: ['go'],
      },
    },
  },
});

/** The task as it stands now: its status, message and, once completed, its result (a DetailedTask). */
export function detailed(task: StoredTask, now: number): Record<string, unknown> {
  const done = task.awaiting ? 0 : Math.min(task.steps, Math.floor((now - task.runFrom) / STEP_MS));
  const settled =
    task.settled ??
    (done >= task.steps
      ? { status: 'completed' as const, at: task.runFrom + task.steps * STEP_MS, message: 'Report ready' }
      : undefined);
  const base = {
    taskId: task.taskId,
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(settled?.at ?? task.runFrom + done * STEP_MS).toISOString(),
    ttlMs: TASK_TTL_MS,
    pollIntervalMs: TASK_POLL_MS,
  };
  if (!settled && task.awaiting)
    return {
      ...base,
      status: 'input_required',
      statusMessage: 'Waiting for confirmation',
      inputRequests: confirmRequest(task),
    };
  if (!settled) return { ...base, status: 'working', statusMessage: `Step ${done + 1} of ${task.steps}` };
  return {
    ...base,
    status: settled.status,
    statusMessage: settled.message,
    ...(settled.status === 'completed' ? { result: settled.result ?? reportOf(task) } : {}),
  };
}

/** Whether the request declared the extension in its per-request client capabilities. */
export function declaresTasks(meta: unknown): boolean {
  const capabilities = (meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/clientCapabilities'];
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  return extensions?.[TASKS_EXTENSION] !== undefined;
}

/** A task id nobody can guess, or an error naming it. */
function lookup(store: Map<string, StoredTask>, taskId: string): StoredTask {
  const task = store.get(taskId);
  if (!task || Date.now() - task.createdAt > TASK_TTL_MS) {
    store.delete(taskId);
    throw Object.assign(new Error(`Failed to retrieve task: no task ${taskId} (unknown or expired)`), {
      code: -32602,
    });
  }
  return task;
}

const taskIdParams = z.object({ taskId: z.string() }).passthrough();

export function registerV2Tasks(server: McpServer, era: 'legacy' | 'modern', owner: { answers: string[] }): void {
  const store = storeOf(owner);
  server.registerTool(
    'long_report',
    {
      title: 'Long report',
      icons: V2_ICONS,
      description: 'Writes a report step by step; a client with the tasks extension gets a task to poll',
      inputSchema: z.object({
        topic: z.string(),
        steps: z.number().int().min(1).max(600).optional(),
        confirm: z.boolean().optional().describe('Ask the person before the first step (a task only)'),
      }),
    },
    async ({ topic, steps, confirm }, ctx) => {
      const now = Date.now();
      const task: StoredTask = { taskId: crypto.randomUUID(), createdAt: now, runFrom: now, steps: steps ?? 5, topic };
      const envelope = (ctx.mcpReq as { envelope?: Record<string, unknown> }).envelope;
      if (era === 'modern' && declaresTasks(envelope)) {
        if (confirm) task.awaiting = true;
        store.set(task.taskId, task);
        // The handle is a Task: what it asks or returns comes with tasks/get.
        const { inputRequests: _asks, result: _result, ...handle } = detailed(task, Date.now());
        void [_asks, _result];
        return { resultType: 'task', ...handle } as unknown as CallToolResult;
      }
      await new Promise((resolve) => setTimeout(resolve, task.steps * STEP_MS));
      return reportOf(task);
    },
  );
  if (era !== 'modern') return;
  server.server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });
  server.server.setRequestHandler('tasks/get', { params: taskIdParams }, ({ taskId }) => ({
    ...detailed(lookup(store, taskId), Date.now()),
  }));
  server.server.setRequestHandler(
    'tasks/update',
    // The SDK lifts `inputResponses` out of the params (into the handler's context), as for any request.
    { params: taskIdParams },
    ({ taskId }, ctx) => {
      const task = lookup(store, taskId);
      const view = inputResponse(ctx.mcpReq.inputResponses, CONFIRM_KEY);
      // An answer to a key not outstanding is ignored, as the extension asks.
      if (!task.awaiting || view.kind !== 'elicit') return {};
      task.awaiting = false;
      const now = Date.now();
      const go = view.action === 'accept' && (view.content as { go?: unknown } | undefined)?.go === true;
      owner.answers.push(`long_report: ${view.action} ${JSON.stringify(view.content ?? null)}`);
      if (go) task.runFrom = now;
      else
        task.settled = {
          status: 'completed',
          at: now,
          message: 'Not written',
          result: { content: [{ type: 'text', text: `Report on ${task.topic} not written (${view.action}).` }] },
        };
      changed(owner);
      return {};
    },
  );
  server.server.setRequestHandler('tasks/cancel', { params: taskIdParams }, ({ taskId }) => {
    const task = lookup(store, taskId);
    const now = Date.now();
    if (detailed(task, now).status === 'working')
      task.settled = { status: 'cancelled', at: now, message: 'Cancelled at the client’s request' };
    changed(owner);
    return {};
  });
}
