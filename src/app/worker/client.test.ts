import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeClient, type RuntimeEvent, type WorkerLike } from './client';
import { TIMEOUT_GRACE_MS, callIdOf, type PageToWorkerMessage, type WorkerToPageMessage } from './protocol';
import type { WorkerRequestEnvelope } from './worker-client';

/** The worker as the page sees it: the requests it was sent, and what it says, each in its envelope. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: PageToWorkerMessage[] = [];
  private readonly envelopes: WorkerRequestEnvelope<PageToWorkerMessage>[] = [];
  terminated = false;

  postMessage(message: unknown): void {
    const envelope = message as WorkerRequestEnvelope<PageToWorkerMessage>;
    this.envelopes.push(envelope);
    this.received.push(envelope.request);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** A call's event or completion goes to the request that started the call; anything else is the worker's own. */
  send(message: WorkerToPageMessage): void {
    const callId = callIdOf(message);
    const call = this.envelopes.find(({ request }) => request.type === 'execute' && request.id === callId);
    if (!call) this.onmessage?.({ data: { event: message } } as MessageEvent);
    else if (message.type === 'completed')
      this.onmessage?.({ data: { id: call.id, ok: true, value: message } } as MessageEvent);
    else this.onmessage?.({ data: { id: call.id, progress: message } } as MessageEvent);
  }

  /** The answer to one request the worker was sent. */
  answer(request: PageToWorkerMessage, value: unknown): void {
    const envelope = this.envelopes.find((sent) => sent.request === request);
    if (envelope) this.onmessage?.({ data: { id: envelope.id, ok: true, value } } as MessageEvent);
  }

  lastOf<T extends PageToWorkerMessage['type']>(type: T): Extract<PageToWorkerMessage, { type: T }> {
    const found = [...this.received].reverse().find((message) => message.type === type);
    if (!found) throw new Error(`no ${type} message`);
    return found as Extract<PageToWorkerMessage, { type: T }>;
  }
}

const loopTool = {
  name: 'execute_command',
  inputSchema: { type: 'object', properties: { timeout_seconds: { type: 'integer', default: 30 } } },
};

describe('RuntimeClient', () => {
  let workers: FakeWorker[];
  let client: RuntimeClient;
  let events: RuntimeEvent[];

  beforeEach(() => {
    vi.useFakeTimers();
    workers = [];
    events = [];
    client = new RuntimeClient({
      createWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
    client.subscribe((event) => events.push(event));
  });

  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  it('resolves a call with the result the worker sends', async () => {
    const handle = client.execute(loopTool, { command: 'ls' });
    const worker = workers[0]!;
    expect(worker.lastOf('execute')).toMatchObject({ id: handle.id, tool: 'execute_command', args: { command: 'ls' } });
    worker.send({
      type: 'completed',
      id: handle.id,
      summary: "Run 'ls'",
      risk: 'high',
      filesChanged: false,
      result: { success: true, message: 'ok', artifacts: [], durationMs: 5 },
    });
    const record = await handle.done;
    expect(record.result.success).toBe(true);
    expect(record.summary).toBe("Run 'ls'");
    expect(record.killed).toBeUndefined();
  });

  it('stops a call within half a second of its limit', () => {
    expect(TIMEOUT_GRACE_MS).toBeLessThanOrEqual(300);
  });

  it('kills the worker at the timeout plus grace and reports Timeout, then starts a new worker', async () => {
    const handle = client.execute(loopTool, { command: 'while true; do :; done', timeout_seconds: 2 });
    vi.advanceTimersByTime(2_000 + TIMEOUT_GRACE_MS - 1);
    expect(workers[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(2);
    const record = await handle.done;
    expect(workers[0]!.terminated).toBe(true);
    expect(record.result.errorCode).toBe('timeout');
    expect(record.killed).toBe('timeout');
    expect(workers).toHaveLength(2);
    expect(events.some((event) => event.type === 'worker-restarted' && event.reason === 'timeout')).toBe(true);
  });

  it('applies its configured default to tools without a timeout and tells the worker', async () => {
    const made: FakeWorker[] = [];
    const configured = new RuntimeClient({
      createWorker: () => made[made.push(new FakeWorker()) - 1]!,
      defaultTimeoutMs: 3_000,
    });
    const searchTool = {
      name: 'search_files',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    };
    const handle = configured.execute(searchTool, { query: '(a|aa)*c', regex: true });
    const worker = made.at(-1)!;
    expect(worker.lastOf('execute')).toMatchObject({ id: handle.id, defaultTimeoutMs: 3_000 });
    vi.advanceTimersByTime(3_000 + TIMEOUT_GRACE_MS - 1);
    expect(worker.terminated).toBe(false);
    vi.advanceTimersByTime(2);
    expect(worker.terminated).toBe(true);
    expect((await handle.done).result.errorCode).toBe('timeout');
    // A tool's own timeout_seconds still wins over the page default.
    configured.execute(loopTool, { command: 'sleep 1', timeout_seconds: 10 });
    const second = made.at(-1)!;
    vi.advanceTimersByTime(5_000);
    expect(second.terminated).toBe(false);
    configured.dispose();
  });

  it('sends no default of its own when none is configured', () => {
    client.execute(loopTool, { command: 'ls' });
    expect(workers[0]!.lastOf('execute')).not.toHaveProperty('defaultTimeoutMs');
  });

  it('does not count time spent in an approval dialog against the timeout', async () => {
    const handle = client.execute(loopTool, { command: 'ls', timeout_seconds: 1 });
    const worker = workers[0]!;
    worker.send({
      type: 'approval-request',
      dialogId: 'd1',
      callId: handle.id,
      tool: 'execute_command',
      summary: 'Run ls',
      risk: 'high',
    });
    vi.advanceTimersByTime(10_000);
    expect(worker.terminated).toBe(false);
    client.respondApproval('d1', true);
    expect(worker.lastOf('approval-response')).toEqual({ type: 'approval-response', dialogId: 'd1', approved: true });
    vi.advanceTimersByTime(1_000 + TIMEOUT_GRACE_MS - 1);
    expect(worker.terminated).toBe(false);
    vi.advanceTimersByTime(2);
    expect(worker.terminated).toBe(true);
    expect((await handle.done).result.errorCode).toBe('timeout');
  });

  it("counts the call's time from its start in the runtime, not from the request", async () => {
    const handle = client.execute(loopTool, { command: 'while true; do echo y; done', timeout_seconds: 2 });
    // The runtime's own start and the workspace's loading take a second before the call starts.
    vi.advanceTimersByTime(1_000);
    const started = { type: 'started', id: handle.id, tool: 'execute_command', summary: 'Run', risk: 'high' } as const;
    workers[0]!.send({ ...started, timeoutMs: 2_000 });
    vi.advanceTimersByTime(2_000 + TIMEOUT_GRACE_MS - 1);
    expect(workers[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(2);
    expect(workers[0]!.terminated).toBe(true);
    expect((await handle.done).result.errorCode).toBe('timeout');
  });

  it('adopts the timeout the runtime reports for the call', async () => {
    const handle = client.execute({ name: 'ask_user', inputSchema: { type: 'object' } }, { question: 'Why?' });
    workers[0]!.send({
      type: 'started',
      id: handle.id,
      tool: 'ask_user',
      summary: 'Ask',
      risk: 'safe',
      timeoutMs: 300_000,
    });
    vi.advanceTimersByTime(60_000);
    expect(workers[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(241_001);
    expect((await handle.done).result.errorCode).toBe('timeout');
  });

  it('kills the worker when a cancel is not answered within the grace period', async () => {
    const handle = client.execute(loopTool, { command: 'sleep 100', timeout_seconds: 100 });
    client.cancel(handle.id);
    expect(workers[0]!.lastOf('cancel')).toEqual({ type: 'cancel', id: handle.id });
    vi.advanceTimersByTime(1_001);
    const record = await handle.done;
    expect(record.result.errorCode).toBe('cancelled');
    expect(record.killed).toBe('cancel');
    expect(workers[0]!.terminated).toBe(true);
  });

  it('keeps the worker when it answers a cancel in time', async () => {
    const handle = client.execute(loopTool, { command: 'sleep 100' });
    client.cancel(handle.id);
    workers[0]!.send({
      type: 'completed',
      id: handle.id,
      summary: 's',
      risk: 'high',
      filesChanged: false,
      result: { success: false, errorCode: 'cancelled', message: 'Cancelled', artifacts: [], durationMs: 3 },
    });
    // The page takes an answer before any timer of a later task runs.
    await Promise.resolve();
    vi.advanceTimersByTime(5_000);
    expect((await handle.done).killed).toBeUndefined();
    expect(workers[0]!.terminated).toBe(false);
  });

  it('answers workspace requests and rejects them when the worker is killed', async () => {
    const tree = client.request('workspace-tree', {});
    const worker = workers[0]!;
    const request = worker.lastOf('request');
    worker.answer(request, { entries: [], branch: 'main' });
    await expect(tree).resolves.toEqual({ entries: [], branch: 'main' });

    const handle = client.execute(loopTool, { timeout_seconds: 1 });
    const stuck = client.request('read-file', { path: 'a.txt' });
    vi.advanceTimersByTime(2_001);
    await expect(stuck).rejects.toThrow(/restarted/);
    expect((await handle.done).result.errorCode).toBe('timeout');
  });

  it('closes the dialogs of a call that ends', async () => {
    const handle = client.execute(loopTool, { timeout_seconds: 1 });
    workers[0]!.send({
      type: 'ask-request',
      dialogId: 'q1',
      callId: handle.id,
      question: 'Which?',
      options: ['a'],
      defaultOption: 'a',
    });
    client.cancel(handle.id);
    vi.advanceTimersByTime(1_001);
    await handle.done;
    expect(events).toContainEqual({ type: 'dialog-closed', dialogId: 'q1' });
  });

  it('does not restart in a loop after a crash', () => {
    client.start();
    workers[0]!.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    expect(workers).toHaveLength(1);
    client.request('workspace-tree', {}).catch(() => undefined);
    expect(workers).toHaveLength(2);
  });

  it('ends a call the runtime’s failure stopped with that failure as its error, the result’s headline', async () => {
    const handle = client.execute(loopTool, { command: 'ls' });
    workers[0]!.onerror?.({ message: 'the module could not be loaded', preventDefault: () => undefined } as ErrorEvent);
    const record = await handle.done;
    expect(record.result).toMatchObject({
      success: false,
      errorCode: 'cancelled',
      error: 'The runtime failed: the module could not be loaded',
    });
  });

  it('restarts the worker after a call that ran out of memory, and says so in the result', async () => {
    const handle = client.execute(loopTool, { command: 'python3 bomb.py' });
    workers[0]!.send({
      type: 'completed',
      id: handle.id,
      summary: 's',
      risk: 'high',
      filesChanged: false,
      outOfMemory: 'it ran out of memory',
      result: {
        success: false,
        errorCode: 'execution_failed',
        message: 'The command failed',
        error: 'exit 1',
        artifacts: [],
        durationMs: 3,
      },
    });
    const record = await handle.done;
    expect(record.result.message).toBe(
      'The command failed The runtime was restarted to give its memory back (it ran out of memory); the workspace was saved first.',
    );
    expect(record.result.error).toMatch(/^exit 1 The runtime was restarted/);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(events).toContainEqual({ type: 'worker-restarted', reason: 'memory' });
  });

  it('waits for the other calls in the worker before it restarts it for memory', async () => {
    const hungry = client.execute(loopTool, { command: 'python3 bomb.py' });
    const other = client.execute(loopTool, { command: 'sleep 1' });
    const worker = workers[0]!;
    const result = { success: true, message: 'ok', artifacts: [], durationMs: 3 };
    worker.send({
      type: 'completed',
      id: hungry.id,
      summary: 's',
      risk: 'high',
      filesChanged: false,
      outOfMemory: "Python's heap grew to 1.0 GB",
      result,
    });
    await hungry.done;
    expect(worker.terminated).toBe(false);
    worker.send({ type: 'completed', id: other.id, summary: 's', risk: 'high', filesChanged: false, result });
    expect((await other.done).result.message).toBe('ok');
    expect(worker.terminated).toBe(true);
    expect(workers).toHaveLength(2);
  });
});
