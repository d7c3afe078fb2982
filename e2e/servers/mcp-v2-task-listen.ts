/**
 * Task status notifications of the tasks extension, served by hand beside `createMcpHandler` (whose own
 * `subscriptions/listen` router knows the core filter only, and drops `taskIds`): a `subscriptions/listen` whose
 * filter asks for task ids gets an SSE stream of its own. Its first frame is the acknowledgement, naming the task ids
 * this server keeps (an unknown one is left out); after it, a `notifications/tasks` with the full task (as `tasks/get`
 * would answer) each time a task's status or message changes — at each step of its clock, and when an answer or a
 * cancel reaches it. A request that does not declare the extension in its per-request capabilities is refused with
 * -32021, as the extension requires. Every frame carries the listen request's id as its subscription id.
 */
import { declaresTasks, detailed, onTaskChange, STEP_MS, storeOf, TASK_TTL_MS } from './mcp-v2-tasks';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

interface ListenRequest {
  id: string | number;
  method: string;
  params?: { _meta?: Record<string, unknown>; notifications?: { taskIds?: unknown } };
}

/** The listen request's task ids, when it is one that asks for them. */
export function taskListenOf(body: unknown): { request: ListenRequest; taskIds: string[] } | undefined {
  const request = body as ListenRequest | null;
  if (typeof request !== 'object' || request === null || request.method !== 'subscriptions/listen') return undefined;
  const taskIds = request.params?.notifications?.taskIds;
  if (!Array.isArray(taskIds)) return undefined;
  return { request, taskIds: taskIds.filter((id): id is string => typeof id === 'string') };
}

const json = (value: unknown) => Response.json(value, { status: 200 });

/** Serves one listen for task ids as an SSE stream, until the client closes it (or the signal aborts). */
export function serveTaskListen(
  owner: object,
  listen: { request: ListenRequest; taskIds: string[] },
  signal: AbortSignal,
): Response {
  const { request, taskIds } = listen;
  if (!declaresTasks(request.params?._meta))
    return json({
      jsonrpc: '2.0',
      id: request.id,
      error: {
        code: -32021,
        message: 'Missing required client capability',
        data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      },
    });
  const store = storeOf(owner);
  const now = Date.now();
  const honored = taskIds.filter((id) => {
    const task = store.get(id);
    return task !== undefined && now - task.createdAt <= TASK_TTL_MS;
  });
  /** What each task was last said to be: a notification goes out when this changes. */
  const said = new Map(honored.map((id) => [id, sayingOf(detailed(store.get(id)!, now))]));
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopListening: (() => void) | undefined;
  let closed = false;

  const stop = () => {
    closed = true;
    if (timer) clearTimeout(timer);
    stopListening?.();
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (method: string, params: Record<string, unknown>) => {
        if (closed) return;
        const stamped = { ...params, _meta: { [SUBSCRIPTION_ID]: request.id } };
        controller.enqueue(
          encoder.encode(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method, params: stamped })}\n\n`),
        );
      };
      write('notifications/subscriptions/acknowledged', { notifications: { taskIds: honored } });
      const check = () => {
        if (closed) return;
        const at = Date.now();
        let next = Infinity;
        for (const id of honored) {
          const task = store.get(id);
          if (!task) continue;
          const current = detailed(task, at);
          const saying = sayingOf(current);
          if (saying !== said.get(id)) {
            said.set(id, saying);
            write('notifications/tasks', current);
          }
          // A working task changes at its next step; one that waits or ended changes only when told.
          if (current.status === 'working') {
            const done = Math.floor((at - task.runFrom) / STEP_MS);
            next = Math.min(next, task.runFrom + (done + 1) * STEP_MS);
          }
        }
        if (timer) clearTimeout(timer);
        timer = next === Infinity ? undefined : setTimeout(check, Math.max(1, next - at));
      };
      stopListening = onTaskChange(owner, check);
      check();
    },
    cancel: stop,
  });
  signal.addEventListener('abort', stop, { once: true });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
  });
}

const sayingOf = (task: Record<string, unknown>): string => `${String(task.status)}\n${String(task.statusMessage)}`;
