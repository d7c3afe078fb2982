import { createCompilingValidator } from '../../core/validation/compile';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../core/toolset/bundle';
import { acodeImplementations } from '../../core/tools/acode';
import { createWorkspace } from '../../core/workspace/workspace';
import { createSampleWorkspace } from '../../core/workspace/sample';
import type { PageToWorkerMessage, WorkerToPageMessage, WorkspaceRequestMessage, WorkspaceTree } from './protocol';
import { createRuntimeHost, type RuntimeHostOptions, type ToolsetRuntime } from './runtime-host';
import { createIndexedDbSnapshotStore } from './snapshot-store';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

/** A second toolset whose `read_file` is another tool than Acode's: calls must reach the one their toolset names. */
const otherToolset: ToolsetRuntime = {
  tools: [
    {
      ...bundle.tools.find((tool) => tool.name === 'read_file')!,
      description: 'The other toolset read_file',
      riskLevel: 'safe',
    },
  ],
  implementations: new Map([
    [
      'read_file',
      {
        name: 'read_file',
        summarize: () => 'Other read',
        run: async () => ({ success: true, message: 'from the other toolset' }),
      },
    ],
  ]),
};

/** A workspace request as these tests name it: the id its answer is found by. */
type NamedRequest = WorkspaceRequestMessage & { requestId: string };
/** What the page hears: the worker's messages, a call's events and completion, and each request's answer by name. */
type Heard =
  | WorkerToPageMessage
  | { type: 'response'; requestId: string; ok: true; value: unknown }
  | { type: 'response'; requestId: string; ok: false; error: string };

function startHost(factory = new IDBFactory(), maxConcurrent?: number, extra: Partial<RuntimeHostOptions> = {}) {
  const posted: Heard[] = [];
  const waiters: {
    match: (message: Heard) => boolean;
    resolve: (message: Heard) => void;
  }[] = [];
  const store = createIndexedDbSnapshotStore(factory);
  const hear = (message: Heard) => {
    posted.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  };
  const host = createRuntimeHost({
    validator,
    post: hear,
    store,
    tools: bundle.tools,
    implementations: acodeImplementations(),
    toolsets: { other: otherToolset },
    restoreWorkspace: (snapshot) => createWorkspace(snapshot),
    createSampleWorkspace: () => createSampleWorkspace(),
    persistDelayMs: 10,
    ...(maxConcurrent !== undefined ? { maxConcurrent } : {}),
    ...extra,
  });
  const next = <T extends Heard['type']>(
    type: T,
    predicate: (message: Extract<Heard, { type: T }>) => boolean = () => true,
  ) => {
    const already = posted.find(
      (message) => message.type === type && predicate(message as Extract<Heard, { type: T }>),
    );
    if (already) return Promise.resolve(already as Extract<Heard, { type: T }>);
    return new Promise<Extract<Heard, { type: T }>>((resolve) =>
      waiters.push({
        match: (message) => message.type === type && predicate(message as Extract<Heard, { type: T }>),
        resolve: (message) => resolve(message as Extract<Heard, { type: T }>),
      }),
    );
  };
  const ignore = () => undefined;
  /** As the worker serves the page's requests: a call's events and completion are heard, a request's answer by its name. */
  const send = (message: PageToWorkerMessage | NamedRequest) => {
    if ('requestId' in message) {
      const { requestId, ...request } = message;
      void host.serve(request as WorkspaceRequestMessage, ignore, ignore).then(
        (value) => hear({ type: 'response', requestId, ok: true, value }),
        (error: unknown) => hear({ type: 'response', requestId, ok: false, error: String(error) }),
      );
    } else void host.serve(message, hear, ignore).then((answer) => answer !== null && hear(answer as Heard));
  };
  const execute = async (id: string, tool: string, args: Record<string, unknown>) => {
    send({ type: 'execute', id, tool, args });
    return next('completed', (message) => message.id === id);
  };
  const request = async (requestId: string, message: NamedRequest) => {
    send(message);
    return next('response', (response) => response.requestId === requestId);
  };
  return { host, posted, next, send, execute, request, store };
}

describe('runtime host', () => {
  it('runs a call in the toolset it names; an unknown toolset has no such tool', async () => {
    const host = startHost();
    await host.next('ready');
    host.send({ type: 'execute', id: 'o1', tool: 'read_file', args: { path: 'README.md' }, toolset: 'other' });
    expect((await host.next('completed', (message) => message.id === 'o1')).result).toMatchObject({
      success: true,
      message: 'from the other toolset',
    });
    host.send({ type: 'execute', id: 'a1', tool: 'read_file', args: { path: 'README.md' }, toolset: 'acode-core' });
    expect((await host.next('completed', (message) => message.id === 'a1')).result.data).toMatchObject({
      kind: 'file_content',
    });
    host.send({ type: 'execute', id: 'u1', tool: 'read_file', args: { path: 'README.md' }, toolset: 'nowhere' });
    expect((await host.next('completed', (message) => message.id === 'u1')).result).toMatchObject({
      success: false,
      errorCode: 'tool_not_found',
    });
  });

  it('loads the sample on a first start, then the persisted workspace after a restart', async () => {
    const factory = new IDBFactory();
    const first = startHost(factory);
    expect(await first.next('ready')).toMatchObject({ source: 'sample' });
    const written = await first.execute('w1', 'write_file', {
      path: 'notes/hello.txt',
      content: 'hi there\n',
      create_directories: true,
    });
    expect(written.result.error).toBeUndefined();
    expect(written.result.success).toBe(true);
    expect(written.filesChanged).toBe(true);
    // The next call flushes what the previous one changed before it runs.
    await first.execute('r1', 'read_file', { path: 'notes/hello.txt' });

    const second = startHost(factory);
    expect(await second.next('ready')).toMatchObject({ source: 'persisted' });
    const read = await second.execute('r2', 'read_file', { path: 'notes/hello.txt' });
    expect(read.result.data).toMatchObject({ kind: 'file_content', content: expect.stringContaining('hi there') });
  });

  it('persists a change before it reports the call complete, so a reload right after loses nothing', async () => {
    const factory = new IDBFactory();
    const first = startHost(factory);
    await first.next('ready');
    const written = await first.execute('w1', 'write_file', { path: 'right-away.txt', content: 'kept\n' });
    expect(written.result.success).toBe(true);
    // No further call, no debounce wait: the snapshot is already stored.
    const saved = await first.store.load();
    expect(new TextDecoder().decode(saved?.files['right-away.txt'])).toBe('kept\n');

    const second = startHost(factory);
    expect(await second.next('ready')).toMatchObject({ source: 'persisted' });
    const read = await second.execute('r1', 'read_file', { path: 'right-away.txt' });
    expect(read.result.data).toMatchObject({ kind: 'file_content', content: 'kept\n' });
  });

  it('fails a write_file the browser refuses to save, with the reason, and keeps the file in this tab', async () => {
    const factory = new IDBFactory();
    const store = createIndexedDbSnapshotStore(factory);
    const refusal =
      "The browser refused to store it: this site's storage in the browser is full (QuotaExceededError). Free space and try again.";
    const full = { ...store, save: () => Promise.reject(new Error(refusal)) };
    const host = startHost(factory, undefined, { store: full });
    await host.next('ready');
    const written = await host.execute('w1', 'write_file', { path: 'lost.txt', content: 'not kept\n' });
    expect(written.result).toMatchObject({ success: false, errorCode: 'workspace_not_saved' });
    expect(written.result.error).toMatch(
      /^Not saved: the change is in this tab's workspace only and is lost on reload, because the workspace could not be saved in this browser\. The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\./,
    );
    expect(written.result.message).toBe(written.result.error);
    expect(written.result.execution?.status).toBe('failed');
    const read = await host.execute('r1', 'read_file', { path: 'lost.txt' });
    expect(read.result).toMatchObject({ success: true, data: { kind: 'file_content', content: 'not kept\n' } });
    expect(await store.load()).toBeNull();
  });

  it('runs a page the browser gives no storage at all in its tab: a write succeeds and says it holds until reload', async () => {
    const factory = new IDBFactory();
    const store = createIndexedDbSnapshotStore(factory);
    const denied = 'The user denied permission to access the database.';
    const none = {
      ...store,
      load: () => Promise.reject(new Error(denied)),
      save: () => Promise.reject(new Error(denied)),
    };
    const host = startHost(factory, undefined, { store: none });
    await host.next('ready');
    const written = await host.execute('w1', 'write_file', { path: 'here.txt', content: 'kept in the tab\n' });
    expect(written.result.success).toBe(true);
    expect(written.result.message).toContain(
      'This page has no storage in this browser (The user denied permission to access the database): the change holds in this tab until it is reloaded.',
    );
    const read = await host.execute('r1', 'read_file', { path: 'here.txt' });
    expect(read.result).toMatchObject({ success: true, data: { kind: 'file_content', content: 'kept in the tab\n' } });
  });

  it('answers a flush request once pending changes are stored', async () => {
    const runtime = startHost();
    await runtime.next('ready');
    const response = await runtime.request('f1', { type: 'request', requestId: 'f1', kind: 'flush', params: {} });
    expect(response).toMatchObject({ ok: true, value: null });
  });

  it('uses the page default timeout for tools without one, and a tool default over it', async () => {
    const runtime = startHost();
    await runtime.next('ready');
    runtime.send({
      type: 'execute',
      id: 's1',
      tool: 'read_file',
      args: { path: 'README.md' },
      defaultTimeoutMs: 3_000,
    });
    expect(await runtime.next('started', (message) => message.id === 's1')).toMatchObject({ timeoutMs: 3_000 });
    runtime.send({ type: 'execute', id: 's2', tool: 'read_file', args: { path: 'README.md' } });
    // The default execution timeout: two minutes.
    expect(await runtime.next('started', (message) => message.id === 's2')).toMatchObject({ timeoutMs: 120_000 });
    runtime.send({
      type: 'execute',
      id: 's3',
      tool: 'ask_user',
      args: { question: 'Which database?' },
      defaultTimeoutMs: 3_000,
    });
    const started = await runtime.next('started', (message) => message.id === 's3');
    expect(started.timeoutMs).toBeGreaterThan(3_000);
    runtime.send({ type: 'cancel', id: 's3' });
    await runtime.next('completed', (message) => message.id === 's3');
  });

  it('asks the page for approval and runs or denies accordingly', async () => {
    const runtime = startHost();
    runtime.send({ type: 'execute', id: 'c1', tool: 'execute_command', args: { command: 'ls | wc -l' } });
    const approval = await runtime.next('approval-request', (message) => message.callId === 'c1');
    expect(approval.summary).toContain('ls');
    runtime.send({ type: 'approval-response', dialogId: approval.dialogId, approved: true });
    const approved = await runtime.next('completed', (message) => message.id === 'c1');
    expect(approved.result.success).toBe(true);
    expect(approved.result.data).toMatchObject({ kind: 'command_output', exitCode: 0 });

    runtime.send({ type: 'execute', id: 'c2', tool: 'execute_command', args: { command: 'ls' } });
    const second = await runtime.next('approval-request', (message) => message.callId === 'c2');
    runtime.send({ type: 'approval-response', dialogId: second.dialogId, approved: false });
    expect((await runtime.next('completed', (message) => message.id === 'c2')).result.errorCode).toBe('denied');
  });

  it('asks for a restart after a script that ran out of memory or left a large heap, and saves what it wrote first', async () => {
    const factory = new IDBFactory();
    let heap = 31_457_280;
    const runtime = startHost(factory, undefined, {
      createPython: (_hooks, workspace) => ({
        async run(script) {
          await workspace().writeText(script.includes('bomb') ? 'written-before-the-bomb.txt' : 'written.txt', 'kept');
          return script.includes('bomb')
            ? { stdout: '', stderr: 'Traceback (most recent call last):\nMemoryError\n', exitCode: 1, timedOut: false }
            : { stdout: 'ok\n', stderr: '', exitCode: 0, timedOut: false };
        },
        heapBytes: () => heap,
      }),
    });
    const run = async (id: string, command: string) => {
      runtime.send({ type: 'execute', id, tool: 'execute_command', args: { command } });
      const approval = await runtime.next('approval-request', (message) => message.callId === id);
      runtime.send({ type: 'approval-response', dialogId: approval.dialogId, approved: true });
      return runtime.next('completed', (message) => message.id === id);
    };
    expect((await run('p1', 'python3 -c "print(1)"')).outOfMemory).toBeUndefined();
    const bomb = await run('p2', 'python3 -c "bomb()"');
    expect(bomb.outOfMemory).toBe("it ran out of memory, with Python's heap at 31 MB");
    expect((await runtime.store.load())?.files['written-before-the-bomb.txt']).toBeDefined();
    heap = 1_500_000_000;
    expect((await run('p3', 'python3 -c "print(2)"')).outOfMemory).toBe("Python's heap grew to 1.5 GB");
  });

  it('shows the arguments with the approval request and runs them as the person edited them', async () => {
    const runtime = startHost();
    runtime.send({ type: 'execute', id: 'e1', tool: 'execute_command', args: { command: 'echo original' } });
    const approval = await runtime.next('approval-request', (message) => message.callId === 'e1');
    expect(approval.args).toEqual({ command: 'echo original' });
    runtime.send({
      type: 'approval-response',
      dialogId: approval.dialogId,
      approved: true,
      args: { command: 'echo edited' },
    });
    const done = await runtime.next('completed', (message) => message.id === 'e1');
    expect(done.result.data).toMatchObject({ kind: 'command_output', stdout: 'edited\n' });
    expect(done.result.execution).toMatchObject({
      status: 'completed',
      approved: true,
      modifiedArgs: { command: 'echo edited' },
    });

    runtime.send({ type: 'execute', id: 'e2', tool: 'execute_command', args: { command: 'echo original' } });
    const second = await runtime.next('approval-request', (message) => message.callId === 'e2');
    runtime.send({ type: 'approval-response', dialogId: second.dialogId, approved: true, args: { command: 42 } });
    const refused = await runtime.next('completed', (message) => message.id === 'e2');
    expect(refused.result).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(refused.result.message).toContain('The edited arguments are not valid');
  });

  it('queues a call beyond the limit, saying so before it starts', async () => {
    const runtime = startHost(new IDBFactory(), 1);
    await runtime.next('ready');
    runtime.send({ type: 'execute', id: 'q1', tool: 'ask_user', args: { question: 'First?' } });
    await runtime.next('ask-request', (message) => message.callId === 'q1');
    runtime.send({ type: 'execute', id: 'q2', tool: 'read_file', args: { path: 'README.md' } });
    expect(await runtime.next('queued', (message) => message.id === 'q2')).toMatchObject({ position: 1, limit: 1 });
    expect(runtime.posted.some((message) => message.type === 'started' && message.id === 'q2')).toBe(false);
    runtime.send({ type: 'cancel', id: 'q1' });
    await runtime.next('completed', (message) => message.id === 'q1');
    const second = await runtime.next('completed', (message) => message.id === 'q2');
    expect(second.result.success).toBe(true);
    expect(second.result.execution?.queuedMs).toBeGreaterThanOrEqual(0);
  });

  it('sends the reason for a critical risk with the approval request, and none for an ordinary call', async () => {
    const runtime = startHost();
    runtime.send({ type: 'execute', id: 'r1', tool: 'execute_command', args: { command: 'git reset --hard HEAD~1' } });
    const critical = await runtime.next('approval-request', (message) => message.callId === 'r1');
    expect(critical).toMatchObject({ risk: 'critical', reason: 'git reset --hard discards work' });
    runtime.send({ type: 'approval-response', dialogId: critical.dialogId, approved: false });
    await runtime.next('completed', (message) => message.id === 'r1');
    runtime.send({ type: 'execute', id: 'r2', tool: 'execute_command', args: { command: 'ls' } });
    const ordinary = await runtime.next('approval-request', (message) => message.callId === 'r2');
    expect(ordinary.risk).toBe('high');
    expect('reason' in ordinary).toBe(false);
    runtime.send({ type: 'approval-response', dialogId: ordinary.dialogId, approved: false });
    await runtime.next('completed', (message) => message.id === 'r2');
  });

  it('cancels a call waiting for approval and closes its dialog', async () => {
    const runtime = startHost();
    runtime.send({ type: 'execute', id: 'c3', tool: 'execute_command', args: { command: 'ls' } });
    const approval = await runtime.next('approval-request', (message) => message.callId === 'c3');
    runtime.send({ type: 'cancel', id: 'c3' });
    expect((await runtime.next('completed', (message) => message.id === 'c3')).result.errorCode).toBe('cancelled');
    expect(await runtime.next('dialog-closed')).toEqual({
      type: 'dialog-closed',
      dialogId: approval.dialogId,
      callId: 'c3',
    });
  });

  it('refuses a path outside the workspace', async () => {
    const runtime = startHost();
    const completed = await runtime.execute('t1', 'read_file', { path: '../../etc/passwd' });
    expect(completed.result.success).toBe(false);
    expect(
      completed.result.errorCode === 'path_outside_workspace' ||
        completed.result.validationErrors?.some((error) => error.code === 'path_outside_workspace'),
    ).toBe(true);
  });

  it('marks new files in the tree, reads files, resets to the sample, and round-trips a zip', async () => {
    const runtime = startHost();
    await runtime.execute('w2', 'write_file', { path: 'brand-new.md', content: '# New\n' });
    const treeResponse = await runtime.request('q1', {
      type: 'request',
      requestId: 'q1',
      kind: 'workspace-tree',
      params: {},
    });
    expect(treeResponse.ok).toBe(true);
    const tree = (treeResponse as { value: WorkspaceTree }).value;
    expect(tree.entries.find((entry) => entry.path === 'brand-new.md')?.mark).toBe('new');
    expect(tree.branch).toBe('main');

    const file = await runtime.request('q2', {
      type: 'request',
      requestId: 'q2',
      kind: 'read-file',
      params: { path: 'brand-new.md' },
    });
    expect(file).toMatchObject({ ok: true, value: { content: '# New\n', binary: false } });
    const outside = await runtime.request('q3', {
      type: 'request',
      requestId: 'q3',
      kind: 'read-file',
      params: { path: '../x' },
    });
    expect(outside.ok).toBe(false);

    const zip = await runtime.request('q4', { type: 'request', requestId: 'q4', kind: 'export-zip', params: {} });
    const bytes = (zip as { value: Uint8Array }).value;
    expect(bytes.byteLength).toBeGreaterThan(100);

    const reset = await runtime.request('q5', { type: 'request', requestId: 'q5', kind: 'reset', params: {} });
    expect((reset as { value: WorkspaceTree }).value.entries.some((entry) => entry.path === 'brand-new.md')).toBe(
      false,
    );

    const imported = await runtime.request('q6', {
      type: 'request',
      requestId: 'q6',
      kind: 'import-zip',
      params: { bytes },
    });
    expect((imported as { value: WorkspaceTree }).value.entries.some((entry) => entry.path === 'brand-new.md')).toBe(
      true,
    );
  });

  it('describes a call without running it', async () => {
    const runtime = startHost();
    const described = await runtime.request('d1', {
      type: 'request',
      requestId: 'd1',
      kind: 'describe',
      params: { tool: 'delete_file', args: { path: 'README.md' } },
    });
    expect(described).toMatchObject({ ok: true, value: { summary: expect.stringContaining('README.md') } });
  });
});
