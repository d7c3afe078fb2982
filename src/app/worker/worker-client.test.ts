import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWorkerClient,
  serveRequests,
  type WorkerPort,
  type WorkerReplyEnvelope,
  type WorkerRequestEnvelope,
} from './worker-client';

/** A worker in the same realm: what it is posted goes to a served handler, what it posts comes back as an event. */
class FakeWorker implements WorkerPort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly received: WorkerRequestEnvelope<unknown>[] = [];
  private readonly inside = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    postMessage: (message: unknown) => this.reply(message as WorkerReplyEnvelope<unknown>),
  };

  constructor(handle?: (request: never, progress: (progress: unknown) => void) => unknown) {
    if (handle) serveRequests(this.inside, handle);
  }

  postMessage(message: unknown): void {
    this.received.push(message as WorkerRequestEnvelope<unknown>);
    queueMicrotask(() => this.inside.onmessage?.({ data: message } as MessageEvent));
  }

  reply(message: WorkerReplyEnvelope<unknown>): void {
    if (!this.terminated) this.onmessage?.({ data: message } as MessageEvent);
  }

  terminate(): void {
    this.terminated = true;
  }

  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createWorkerClient', () => {
  it('answers each request by its id, in whatever order the worker replies', async () => {
    const worker = new FakeWorker();
    const client = createWorkerClient<string, number>({ create: () => worker, name: 'The test worker' });
    const first = client.request('a');
    const second = client.request('bb');
    expect(worker.received.map((message) => message.request)).toEqual(['a', 'bb']);
    expect(client.pending).toBe(2);
    worker.reply({ id: worker.received[1]!.id, ok: true, value: 2 });
    worker.reply({ id: worker.received[0]!.id, ok: true, value: 1 });
    await expect(first).resolves.toEqual({ ok: true, value: 1 });
    await expect(second).resolves.toEqual({ ok: true, value: 2 });
    expect(client.pending).toBe(0);
  });

  it('serves requests with a handler, its error coming back as a value', async () => {
    const client = createWorkerClient<{ text: string }, number>({
      create: () =>
        new FakeWorker((request: { text: string }) => {
          if (request.text === '') throw new Error('text: must not be empty');
          return request.text.length;
        }),
      name: 'The test worker',
    });
    await expect(client.request({ text: 'four' })).resolves.toEqual({ ok: true, value: 4 });
    await expect(client.request({ text: '' })).resolves.toEqual({
      ok: false,
      reason: 'failed',
      error: 'text: must not be empty',
    });
  });

  it('ends every waiting request when the worker crashes, and starts a fresh worker for the next', async () => {
    const workers: FakeWorker[] = [];
    const starts: number[] = [];
    const client = createWorkerClient<string, string>({
      create: () => {
        const worker = new FakeWorker((request: string) => request.toUpperCase());
        workers.push(worker);
        return worker;
      },
      name: 'The test worker',
      onStart: () => starts.push(workers.length),
    });
    const waiting = client.request('x');
    workers[0]!.crash('out of memory');
    await expect(waiting).resolves.toEqual({
      ok: false,
      reason: 'crashed',
      error: 'The test worker stopped: out of memory',
    });
    expect(workers[0]!.terminated).toBe(true);
    await expect(client.request('y')).resolves.toEqual({ ok: true, value: 'Y' });
    expect(workers).toHaveLength(2);
    expect(starts).toEqual([1, 2]);
  });

  it('cancels a request by its signal; with restartOnCancel the busy worker is ended and the rest end too', async () => {
    const workers: FakeWorker[] = [];
    const client = createWorkerClient<string, string>({
      create: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
      name: 'The checks',
      restartOnCancel: true,
    });
    const controller = new AbortController();
    const slow = client.request('slow', { signal: controller.signal });
    const other = client.request('other');
    controller.abort();
    await expect(slow).resolves.toEqual({ ok: false, reason: 'cancelled', error: 'Cancelled' });
    await expect(other).resolves.toEqual({ ok: false, reason: 'terminated', error: 'The checks restarted' });
    expect(workers[0]!.terminated).toBe(true);
    // A late answer from the ended worker is ignored; the next request goes to a fresh one.
    workers[0]!.onmessage?.({ data: { id: 1, ok: true, value: 'late' } } as MessageEvent);
    const next = client.request('next');
    expect(workers).toHaveLength(2);
    workers[1]!.reply({ id: workers[1]!.received[0]!.id, ok: true, value: 'fresh' });
    await expect(next).resolves.toEqual({ ok: true, value: 'fresh' });
  });

  it('with restartOnCancel after a time, ends the worker only for a request that ran that long', async () => {
    vi.useFakeTimers();
    const workers: FakeWorker[] = [];
    const client = createWorkerClient<string, string>({
      create: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
      name: 'The checks',
      restartOnCancel: { afterMs: 1_000 },
    });
    const quick = new AbortController();
    const first = client.request('quick', { signal: quick.signal });
    vi.advanceTimersByTime(999);
    quick.abort();
    await expect(first).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(workers[0]!.terminated).toBe(false);
    const slow = new AbortController();
    const second = client.request('slow', { signal: slow.signal });
    vi.advanceTimersByTime(1_000);
    slow.abort();
    await expect(second).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(workers[0]!.terminated).toBe(true);
  });

  it('keeps the worker on cancel without restartOnCancel, and refuses an already aborted request at once', async () => {
    const worker = new FakeWorker();
    const client = createWorkerClient<string, string>({ create: () => worker, name: 'The checks' });
    const controller = new AbortController();
    const request = client.request('a', { signal: controller.signal });
    controller.abort();
    await expect(request).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(worker.terminated).toBe(false);
    await expect(client.request('b', { signal: controller.signal })).resolves.toEqual({
      ok: false,
      reason: 'cancelled',
      error: 'Cancelled before it started',
    });
    expect(worker.received).toHaveLength(1);
  });

  it('says when no worker can start, and restart ends the waiting requests', async () => {
    const none = createWorkerClient<string, string>({
      create: () => {
        throw new Error('no Worker here');
      },
      name: 'The checks',
    });
    await expect(none.request('a')).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
      error: 'The checks cannot start in this browser',
    });

    const worker = new FakeWorker();
    const client = createWorkerClient<string, string>({ create: () => worker, name: 'The checks' });
    const waiting = client.request('a');
    client.restart();
    await expect(waiting).resolves.toEqual({ ok: false, reason: 'terminated', error: 'The checks restarted' });
    expect(worker.terminated).toBe(true);
  });

  it('passes what the worker reports to the onProgress of its request, in order, before the answer', async () => {
    const client = createWorkerClient<number, string, number>({
      create: () =>
        new FakeWorker((count: number, progress: (step: number) => void) => {
          for (let step = 1; step <= count; step += 1) progress(step);
          return `counted to ${count}`;
        }),
      name: 'The test worker',
    });
    const seen: number[] = [];
    const other: number[] = [];
    const counted = client.request(3, { onProgress: (step) => seen.push(step) });
    const quiet = client.request(2, { onProgress: (step) => other.push(step * 10) });
    await expect(counted).resolves.toEqual({ ok: true, value: 'counted to 3' });
    await expect(quiet).resolves.toEqual({ ok: true, value: 'counted to 2' });
    expect(seen).toEqual([1, 2, 3]);
    expect(other).toEqual([10, 20]);
  });

  it('starts the worker ahead of the first request, once, and says when none can start', async () => {
    let started = 0;
    const client = createWorkerClient<string, number>({
      create: () => ((started += 1), new FakeWorker((text: string) => text.length)),
      name: 'The test worker',
    });
    expect(client.start()).toBe(true);
    expect(client.start()).toBe(true);
    await expect(client.request('abc')).resolves.toEqual({ ok: true, value: 3 });
    expect(started).toBe(1);
    const none = createWorkerClient<string, number>({
      create: () => {
        throw new Error('no Worker here');
      },
      name: 'The test worker',
    });
    expect(none.start()).toBe(false);
  });

  it('hears what the worker says of its own accord, in order with its answers', async () => {
    const heard: unknown[] = [];
    const worker = new FakeWorker();
    const client = createWorkerClient<string, number>({
      create: () => worker,
      name: 'The test worker',
      onEvent: (event) => heard.push(event),
    });
    const answer = client.request('a');
    worker.onmessage?.({ data: { event: 'loaded' } } as MessageEvent);
    worker.reply({ id: worker.received[0]!.id, ok: true, value: 1 });
    worker.onmessage?.({ data: { event: 'changed' } } as MessageEvent);
    worker.onmessage?.({ data: 'not an envelope' } as MessageEvent);
    await expect(answer).resolves.toEqual({ ok: true, value: 1 });
    expect(heard).toEqual(['loaded', 'changed']);
  });

  it('tells onCrash the worker’s error before its requests end, and a restart ends them with the reason given', async () => {
    const order: string[] = [];
    const workers: FakeWorker[] = [];
    const client = createWorkerClient<string, number>({
      create: () => workers[workers.push(new FakeWorker()) - 1]!,
      name: 'The test worker',
      onCrash: (message) => order.push(`crash: ${message} (${client.pending} waiting)`),
    });
    const crashed = client.request('a');
    workers[0]!.crash('out of memory');
    await expect(crashed).resolves.toEqual({
      ok: false,
      reason: 'crashed',
      error: 'The test worker stopped: out of memory',
    });
    expect(order).toEqual(['crash: out of memory (1 waiting)']);
    const ended = client.request('b');
    client.restart('The test worker was shut down');
    await expect(ended).resolves.toEqual({ ok: false, reason: 'terminated', error: 'The test worker was shut down' });
    expect(workers[1]!.terminated).toBe(true);
  });

  it('moves the buffers a handler names with its answer, and copies the rest', async () => {
    const posted: { message: unknown; transfer: Transferable[] | undefined }[] = [];
    const scope = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage: (message: unknown, transfer?: Transferable[]) => posted.push({ message, transfer }),
    };
    serveRequests<number, Uint8Array>(scope, (size, _progress, transfer) => {
      const bytes = new Uint8Array(size);
      if (size > 2) transfer([bytes.buffer]);
      return bytes;
    });
    scope.onmessage?.({ data: { id: 1, request: 4 } } as MessageEvent);
    scope.onmessage?.({ data: { id: 2, request: 1 } } as MessageEvent);
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    const byId = (id: number) => posted.find((entry) => (entry.message as { id: number }).id === id)!;
    expect(byId(1).transfer).toEqual([(byId(1).message as { value: Uint8Array }).value.buffer]);
    expect(byId(2).transfer).toEqual([]);
  });
});
