/**
 * The page side of the runtime worker: a promise API for calls and workspace requests, an event
 * stream for the UI, and the watchdog (./watchdog) that kills a runaway worker (timeout, ignored
 * cancel) and starts a fresh one from the last persisted workspace. Every message goes through the
 * one worker client (./worker-client): a call is a request whose progress is its events. The client over the
 * real worker, in the runtime frame, is made by ./sandboxed-client.
 */
import { cancelled, timedOut } from '../../core/runtime/result';
import type { ToolResult } from '../../core/runtime/types';
import type { ToolDefinition } from '../../core/toolset/types';
import type {
  ExecuteOptions,
  ExecutionHandle,
  ExecutionRecord,
  RuntimeClientOptions,
  RuntimeEvent,
  RuntimeListener,
} from './client-types';
import {
  CANCEL_GRACE_MS,
  TIMEOUT_GRACE_MS,
  callTimeoutMs,
  isWorkerToPageMessage,
  type ApprovalRequest,
  type CallCompletion,
  type CallEvent,
  type CallTarget,
  type AskRequest,
  type ConfirmRequest,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
  type WorkspaceRequestMap,
  type WorkspaceRequestType,
} from './protocol';
import { createWorkerClient, type WorkerClient } from './worker-client';
import { withMemoryRestartNote } from './memory';
import { callRecord, pauseWatchdog, restartWatchdog, resumeWatchdog, type PendingCall } from './watchdog';

export type {
  ExecuteOptions,
  ExecutionHandle,
  ExecutionRecord,
  RuntimeClientOptions,
  RuntimeEvent,
  RuntimeListener,
  WorkerLike,
} from './client-types';

export class RuntimeClient {
  private readonly worker: WorkerClient<PageToWorkerMessage, unknown, CallEvent>;
  /** Numbers this client's calls: the page names a call before the worker hears of it. */
  private callCount = 0;
  private readonly calls = new Map<string, PendingCall>();
  /** dialogId → callId, to resume a call's watchdog when its dialog is answered. */
  private readonly dialogs = new Map<string, string>();
  private readonly listeners = new Set<RuntimeListener>();
  private readonly defaultTimeoutMs: number | undefined;
  private readonly timeoutGraceMs: number;
  private readonly cancelGraceMs: number;
  private disposed = false;
  /** A call left the worker holding too much memory: it is restarted once no call runs in it. */
  private restartWhenIdle = false;

  constructor(options: RuntimeClientOptions) {
    this.defaultTimeoutMs = options.defaultTimeoutMs;
    this.timeoutGraceMs = options.timeoutGraceMs ?? TIMEOUT_GRACE_MS;
    this.cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
    const handle = (message: unknown) => {
      if (isWorkerToPageMessage(message) && message.type !== 'completed') this.handleMessage(message);
    };
    this.worker = createWorkerClient<PageToWorkerMessage, unknown, CallEvent>({
      name: 'The runtime',
      create: () => options.createWorker(),
      onEvent: handle,
      // A worker that cannot load must not restart in a loop: the next message starts a fresh one.
      onCrash: (message) => this.killWorker('crash', null, message),
    });
  }

  subscribe(listener: RuntimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The arguments a call in progress runs with (as approved); undefined once it has ended. */
  argsInEffect(callId: string): Record<string, unknown> | undefined {
    const call = this.calls.get(callId);
    return call ? (call.approvedArgs ?? call.args) : undefined;
  }

  /** Start the worker now rather than on first use (it loads the workspace while the user reads). */
  start(): void {
    this.worker.start();
  }

  get runningCallIds(): string[] {
    return [...this.calls.keys()];
  }

  execute(
    tool: Pick<ToolDefinition, 'name' | 'inputSchema'>,
    args: Record<string, unknown>,
    options: ExecuteOptions = {},
  ): ExecutionHandle {
    const id = `call-${++this.callCount}`;
    const timeoutMs = options.timeoutMs ?? callTimeoutMs(tool, args, this.defaultTimeoutMs);
    const done = new Promise<ExecutionRecord>((resolve) => {
      const call: PendingCall = {
        id,
        ...(options.toolset !== undefined ? { toolset: options.toolset } : {}),
        tool: tool.name,
        args,
        summary: tool.name,
        risk: null,
        startedAt: Date.now(),
        timeoutMs,
        timeoutFixed: options.timeoutMs !== undefined,
        remainingMs: timeoutMs + this.timeoutGraceMs,
        runningSince: null,
        timer: null,
        cancelTimer: null,
        pauses: new Set(),
        onProgress: options.onProgress,
        onQueued: options.onQueued,
        resolve,
      };
      this.calls.set(id, call);
      if (this.disposed) {
        this.finishCall(call, cancelled('The runtime was shut down'), false);
        return;
      }
      const target: CallTarget = {
        ...(options.toolset !== undefined ? { toolset: options.toolset } : {}),
        ...(options.imported !== undefined ? { imported: options.imported } : {}),
      };
      const request: PageToWorkerMessage =
        this.defaultTimeoutMs === undefined
          ? { type: 'execute', id, tool: tool.name, args, ...target }
          : { type: 'execute', id, tool: tool.name, args, defaultTimeoutMs: this.defaultTimeoutMs, ...target };
      void this.worker.request(request, { onProgress: (event) => this.handleMessage(event) }).then((outcome) => {
        // A call the watchdog or a restart ended has its record already.
        if (this.calls.get(id) !== call) return;
        if (outcome.ok) this.complete(call, outcome.value as CallCompletion);
        else
          this.finishCall(
            call,
            { ...cancelled(`The runtime failed: ${outcome.error}`), durationMs: Date.now() - call.startedAt },
            false,
          );
      });
      this.resumeWatchdog(call);
    });
    return { id, done };
  }

  /** Ask the worker to stop a call; if it does not answer within the grace period, kill it. */
  cancel(id: string): void {
    const call = this.calls.get(id);
    if (!call || call.cancelTimer) return;
    this.send({ type: 'cancel', id });
    call.cancelTimer = setTimeout(() => this.killWorker('cancel', id), this.cancelGraceMs);
  }

  /** `args`: the arguments as edited in the dialog, when they were. */
  respondApproval(dialogId: string, approved: boolean, args?: Record<string, unknown>): void {
    const call = this.calls.get(this.dialogs.get(dialogId) ?? '');
    if (call && approved && args !== undefined) call.approvedArgs = args;
    this.closeDialog(dialogId);
    this.send(
      args !== undefined
        ? { type: 'approval-response', dialogId, approved, args }
        : { type: 'approval-response', dialogId, approved },
    );
  }

  respondAsk(dialogId: string, answer: string | null): void {
    this.closeDialog(dialogId);
    this.send({ type: 'ask-response', dialogId, answer });
  }

  respondConfirm(dialogId: string, confirmed: boolean): void {
    this.closeDialog(dialogId);
    this.send({ type: 'confirm-response', dialogId, confirmed });
  }

  async request<K extends WorkspaceRequestType>(
    kind: K,
    params: WorkspaceRequestMap[K]['params'],
  ): Promise<WorkspaceRequestMap[K]['result']> {
    if (this.disposed) throw new Error('The runtime was shut down');
    const message = { type: 'request', kind, params } as PageToWorkerMessage;
    const transfer =
      kind === 'import-zip'
        ? [(params as WorkspaceRequestMap['import-zip']['params']).bytes.buffer as ArrayBuffer]
        : [];
    const outcome = await this.worker.request(message, { transfer });
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.value as WorkspaceRequestMap[K]['result'];
  }

  dispose(): void {
    this.disposed = true;
    this.teardownWorker('The runtime was shut down');
    this.listeners.clear();
  }

  /** A message the worker only takes (a cancel, a dialog's answer): its answer carries nothing. */
  private send(message: PageToWorkerMessage): void {
    void this.worker.request(message);
  }

  private emit(event: RuntimeEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  /** What a call reports while it runs, and what the worker says of its own accord. */
  private handleMessage(message: Exclude<WorkerToPageMessage, CallCompletion>): void {
    switch (message.type) {
      case 'ready':
        this.emit({ type: 'ready', source: message.source, error: message.error });
        return;
      case 'queued': {
        const call = this.calls.get(message.id);
        if (!call) return;
        // Waiting for a slot is not running: the call's time limit starts when it does.
        pauseWatchdog(call, 'queued');
        call.onQueued?.({ position: message.position, limit: message.limit });
        return;
      }
      case 'started': {
        const call = this.calls.get(message.id);
        if (call?.pauses.has('queued')) {
          call.onQueued?.(null);
          this.resumeAfter(call, 'queued');
        }
        if (call) {
          call.summary = message.summary;
          call.risk = message.risk;
          const timeoutMs = !call.timeoutFixed && message.timeoutMs > 0 ? message.timeoutMs : call.timeoutMs;
          restartWatchdog(call, timeoutMs, this.timeoutGraceMs, this.expire);
        }
        this.emit({
          type: 'started',
          id: message.id,
          tool: message.tool,
          summary: message.summary,
          risk: message.risk,
        });
        return;
      }
      case 'progress':
        this.calls.get(message.id)?.onProgress?.(message.report);
        this.emit({ type: 'progress', id: message.id, report: message.report });
        return;
      case 'approval-request':
      case 'ask-request':
      case 'confirm-request': {
        const { type, ...request } = message;
        this.dialogs.set(request.dialogId, request.callId);
        const call = this.calls.get(request.callId);
        if (call) pauseWatchdog(call, request.dialogId);
        if (type === 'approval-request') this.emit({ type, request: request as ApprovalRequest });
        else if (type === 'ask-request') this.emit({ type, request: request as AskRequest });
        else this.emit({ type, request: request as ConfirmRequest });
        return;
      }
      case 'dialog-closed':
        this.closeDialog(message.dialogId);
        this.emit({ type: 'dialog-closed', dialogId: message.dialogId });
        return;
      case 'runtime-loading': {
        const call = message.callId ? this.calls.get(message.callId) : undefined;
        if (call) {
          if (message.state === 'loading') pauseWatchdog(call, `runtime:${message.runtime}`);
          else this.resumeAfter(call, `runtime:${message.runtime}`);
        }
        this.emit({ ...message });
        return;
      }
      case 'workspace-changed':
        this.emit({ type: 'workspace-changed' });
        return;
    }
  }

  /** The worker's answer to a call: its record, and a restart once idle when it left the worker short of memory. */
  private complete(call: PendingCall, message: CallCompletion): void {
    call.summary = message.summary;
    call.risk = message.risk;
    if (message.outOfMemory === undefined) {
      this.finishCall(call, message.result, message.filesChanged);
      return;
    }
    this.restartWhenIdle = true;
    this.finishCall(call, withMemoryRestartNote(message.result, message.outOfMemory), message.filesChanged);
  }

  private closeDialog(dialogId: string): void {
    const callId = this.dialogs.get(dialogId);
    this.dialogs.delete(dialogId);
    const call = callId ? this.calls.get(callId) : undefined;
    if (call) this.resumeAfter(call, dialogId);
  }

  private resumeAfter(call: PendingCall, reason: string): void {
    call.pauses.delete(reason);
    this.resumeWatchdog(call);
  }

  private resumeWatchdog(call: PendingCall): void {
    if (this.calls.has(call.id)) resumeWatchdog(call, this.expire);
  }

  private readonly expire = (call: PendingCall): void => this.killWorker('timeout', call.id);

  private finishCall(
    call: PendingCall,
    result: ToolResult,
    filesChanged: boolean,
    killed?: 'timeout' | 'cancel',
  ): void {
    if (call.timer) clearTimeout(call.timer);
    if (call.cancelTimer) clearTimeout(call.cancelTimer);
    this.calls.delete(call.id);
    for (const [dialogId, callId] of this.dialogs) {
      if (callId === call.id) {
        this.dialogs.delete(dialogId);
        this.emit({ type: 'dialog-closed', dialogId });
      }
    }
    const record = callRecord(call, result, filesChanged, killed);
    call.resolve(record);
    this.emit({ type: 'completed', record });
    if (this.restartWhenIdle && this.calls.size === 0 && !this.disposed) this.restartForMemory();
  }

  /** End the worker and start a fresh one from the saved workspace: the only way to give back a grown heap. */
  private restartForMemory(): void {
    this.restartWhenIdle = false;
    this.teardownWorker('The runtime restarted to give its memory back');
    this.emit({ type: 'worker-restarted', reason: 'memory' });
    this.worker.start();
  }

  /**
   * The worker did not answer in time: terminate it (the only way to stop a synchronous loop),
   * end every call it held, and let the next message start a fresh worker, which restores the
   * last persisted workspace.
   */
  private killWorker(reason: 'timeout' | 'cancel' | 'crash', callId: string | null, crashMessage?: string): void {
    const victim = callId ? this.calls.get(callId) : undefined;
    this.teardownWorker('The runtime restarted before answering', victim, reason, crashMessage);
    if (this.disposed) return;
    this.emit({ type: 'worker-restarted', reason });
    // Start the replacement now so the explorer and the next call find it loaded; after a crash,
    // wait for the next message instead, so a worker that cannot load does not restart in a loop.
    if (reason !== 'crash') this.worker.start();
  }

  private teardownWorker(
    requestError: string,
    victim?: PendingCall,
    reason?: 'timeout' | 'cancel' | 'crash',
    crashMessage?: string,
  ): void {
    this.restartWhenIdle = false;
    // Ends the worker; its workspace requests fail with the reason, its calls get their records below.
    this.worker.restart(crashMessage ?? requestError);
    for (const call of [...this.calls.values()]) {
      const elapsed = Date.now() - call.startedAt;
      if (call === victim && reason === 'timeout') {
        this.finishCall(call, { ...timedOut(call.timeoutMs), durationMs: elapsed }, false, 'timeout');
      } else if (call === victim && reason === 'cancel') {
        this.finishCall(call, { ...cancelled(), durationMs: elapsed }, false, 'cancel');
      } else {
        const message = crashMessage ? `The runtime failed: ${crashMessage}` : 'Interrupted: the runtime was restarted';
        // A failed runtime is the call's error too (the result's headline), not only its message.
        const error = crashMessage ? { error: message } : {};
        this.finishCall(call, { ...cancelled(message), ...error, durationMs: elapsed }, false);
      }
    }
  }
}
