/**
 * One door to a worker: typed requests answered as promises, each by its id; cancellation by AbortSignal; errors as
 * values, never thrown; and restart (a fresh worker on the next request) when the worker fails or a cancelled request
 * must not keep it busy. The worker side is `serveRequests`.
 *
 * Written here rather than taken from a library (comlink, for one): what the callers need beyond a proxy is
 * termination on cancel — a synchronous check cannot be interrupted, only ended — and failures as values.
 */

/** What the client needs of a Worker; a fake in tests. */
export interface WorkerPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface WorkerRequestEnvelope<Request> {
  id: number;
  request: Request;
}

export type WorkerReplyEnvelope<Response, Progress = never> =
  | { id: number; ok: true; value: Response }
  | { id: number; ok: false; error: string }
  /** Sent any number of times before the answer, for a request that streams (`onProgress`). */
  | { id: number; progress: Progress };

/** What the worker says of its own accord, answering no request (`onEvent`). */
export interface WorkerEventEnvelope<Event> {
  event: Event;
}

/** A request's outcome: its value, or why there is none. */
type WorkerOutcome<Response> =
  | { ok: true; value: Response }
  | { ok: false; reason: 'failed' | 'crashed' | 'cancelled' | 'terminated' | 'unavailable'; error: string };

interface WorkerRequestOptions<Progress = never> {
  signal?: AbortSignal;
  transfer?: Transferable[];
  /** What the worker reports while it works, in order, until the answer. */
  onProgress?: (progress: Progress) => void;
}

export interface WorkerClientOptions {
  /** Starts the worker; throwing (no Worker in this realm) makes every request `unavailable`. */
  create: () => WorkerPort;
  /** Named in error messages: "The schema checks stopped". */
  name: string;
  /**
   * A cancelled request ends the worker (a fresh one serves the next): for work that cannot be interrupted. With
   * `afterMs`, only a request that has run that long: a shorter one's answer is cheaper to wait for than a new worker.
   */
  restartOnCancel?: boolean | { afterMs: number };
  /** Called when a fresh worker starts (the first, or one after a restart): it holds nothing of the last one. */
  onStart?: () => void;
  /** What the worker says of its own accord (a `WorkerEventEnvelope`), in order with its answers. */
  onEvent?: (event: unknown) => void;
  /** The worker failed (its error's message), before its requests end `crashed`; no fresh one starts until asked. */
  onCrash?: (message: string) => void;
}

export interface WorkerClient<Request, Response, Progress = never> {
  request(request: Request, options?: WorkerRequestOptions<Progress>): Promise<WorkerOutcome<Response>>;
  /** Starts the worker ahead of the first request (it loads its code meanwhile); false when none can start. */
  start(): boolean;
  /** Ends the worker now; its requests end `terminated` (with `error`, if given); the next request starts a fresh one. */
  restart(error?: string): void;
  /** Requests waiting for an answer. */
  readonly pending: number;
}

interface Waiting<Response, Progress> {
  resolve(outcome: WorkerOutcome<Response>): void;
  progress?: (progress: Progress) => void;
  cleanup(): void;
}

export function createWorkerClient<Request, Response, Progress = never>(
  options: WorkerClientOptions,
): WorkerClient<Request, Response, Progress> {
  let worker: WorkerPort | null = null;
  let nextId = 1;
  const waiting = new Map<number, Waiting<Response, Progress>>();

  function settle(id: number, outcome: WorkerOutcome<Response>): void {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    entry.cleanup();
    entry.resolve(outcome);
  }

  function end(reason: 'crashed' | 'terminated', error: string): void {
    const ended = worker;
    worker = null;
    ended?.terminate();
    for (const id of [...waiting.keys()]) settle(id, { ok: false, reason, error });
  }

  function ensure(): WorkerPort | null {
    if (worker) return worker;
    let started: WorkerPort;
    try {
      started = options.create();
    } catch {
      return null;
    }
    started.onmessage = (event: MessageEvent<unknown>) => {
      if (worker !== started) return;
      const reply = event.data as WorkerReplyEnvelope<Response, Progress> | WorkerEventEnvelope<unknown> | null;
      if (typeof reply !== 'object' || reply === null) return;
      if (!('id' in reply) || typeof reply.id !== 'number') {
        if ('event' in reply) options.onEvent?.(reply.event);
        return;
      }
      if ('progress' in reply) waiting.get(reply.id)?.progress?.(reply.progress);
      else
        settle(
          reply.id,
          reply.ok ? { ok: true, value: reply.value } : { ok: false, reason: 'failed', error: reply.error },
        );
    };
    started.onerror = (event: ErrorEvent) => {
      if (worker !== started) return;
      event.preventDefault?.();
      const message = event.message || 'the worker failed';
      options.onCrash?.(message);
      if (worker === started) end('crashed', `${options.name} stopped: ${message}`);
    };
    worker = started;
    options.onStart?.();
    return started;
  }

  return {
    request(request, { signal, transfer, onProgress } = {}) {
      return new Promise<WorkerOutcome<Response>>((resolve) => {
        if (signal?.aborted) {
          resolve({ ok: false, reason: 'cancelled', error: 'Cancelled before it started' });
          return;
        }
        const port = ensure();
        if (!port) {
          resolve({ ok: false, reason: 'unavailable', error: `${options.name} cannot start in this browser` });
          return;
        }
        const id = nextId++;
        const sentAt = Date.now();
        const restart = options.restartOnCancel;
        const onAbort = () => {
          settle(id, { ok: false, reason: 'cancelled', error: 'Cancelled' });
          // Its answer would come only after the work it no longer wants: a fresh worker serves the rest.
          const long = typeof restart === 'object' ? Date.now() - sentAt >= restart.afterMs : restart === true;
          if (long && worker === port) end('terminated', `${options.name} restarted`);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.set(id, {
          resolve,
          ...(onProgress ? { progress: onProgress } : {}),
          cleanup: () => signal?.removeEventListener('abort', onAbort),
        });
        port.postMessage({ id, request } satisfies WorkerRequestEnvelope<Request>, transfer ?? []);
      });
    },
    start() {
      return ensure() !== null;
    },
    restart(error) {
      end('terminated', error ?? `${options.name} restarted`);
    },
    get pending() {
      return waiting.size;
    },
  };
}

/**
 * The worker's side: answers each request with the handler's value, or its error as a value; `progress` sends what
 * the request's `onProgress` receives before the answer; `transfer` names buffers the answer moves rather than copies
 * (a zip's bytes).
 */
export function serveRequests<Request, Response, Progress = never>(
  scope: {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown, transfer?: Transferable[]): void;
  },
  handle: (
    request: Request,
    progress: (progress: Progress) => void,
    transfer: (objects: Transferable[]) => void,
  ) => Response | Promise<Response>,
): void {
  scope.onmessage = (event: MessageEvent<WorkerRequestEnvelope<Request>>) => {
    const { id, request } = event.data;
    const moved: Transferable[] = [];
    const reply = (message: WorkerReplyEnvelope<Response, Progress>, transfer: Transferable[] = []) =>
      scope.postMessage(message, transfer);
    try {
      Promise.resolve(
        handle(
          request,
          (progress) => reply({ id, progress }),
          (objects) => moved.push(...objects),
        ),
      ).then(
        (value) => reply({ id, ok: true, value }, moved),
        (error: unknown) => reply({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    } catch (error) {
      reply({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
}
