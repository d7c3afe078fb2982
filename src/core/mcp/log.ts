/**
 * The protocol log: a transport wrapper that records every JSON-RPC message both ways, with the time it
 * passed, before the SDK's client sees it. Wrapping the transport (not the client) records what was on the wire.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { markMalformedBlocks } from './result-blocks';
import { CLIENT_CAPABILITIES_META, declaringTasks, TASK_HANDLE, TASKS_EXTENSION } from './task-support';

export type LogDirection = 'sent' | 'received';

export interface LogEntry {
  /** Running number, from 1. */
  sequence: number;
  direction: LogDirection;
  /** Milliseconds since the log started. */
  at: number;
  /** Wall-clock time, ISO 8601. */
  time: string;
  /** `initialize`, `tools/call`, `notifications/progress`, or `response` / `error` for replies. */
  method: string;
  /** The request id a message carries or answers. */
  id?: string | number;
  /** For a reply: milliseconds since its request was sent. */
  elapsed?: number;
  message: JSONRPCMessage;
  /**
   * `app` for a message between the page and a tool's app (MCP Apps), which never reaches the server: `sent` is
   * the page's to the app, `received` the app's to the page. Absent for the server's messages.
   */
  peer?: 'app';
}

export type LogListener = (entry: LogEntry) => void;

const nowMs = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function describeMessage(message: JSONRPCMessage): { method: string; id?: string | number } {
  const record = message as { method?: unknown; id?: unknown; error?: unknown };
  const id = typeof record.id === 'string' || typeof record.id === 'number' ? record.id : undefined;
  const method = typeof record.method === 'string' ? record.method : record.error !== undefined ? 'error' : 'response';
  return id === undefined ? { method } : { method, id };
}

const isTaskHandle = (result: unknown): result is Record<string, unknown> =>
  typeof result === 'object' && result !== null && (result as { resultType?: unknown }).resultType === 'task';

/** The handle as a complete tools/call result, the task under `_meta[TASK_HANDLE]` (read by task-extension.ts). */
const carryTask = (handle: Record<string, unknown>): Record<string, unknown> => {
  const { resultType: _type, content: _content, _meta, ...task } = handle;
  void [_type, _content];
  return { resultType: 'complete', content: [], _meta: { ...(_meta as object | undefined), [TASK_HANDLE]: task } };
};

const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

type Params = { _meta?: Record<string, unknown>; notifications?: { taskIds?: unknown } };
const paramsOf = (message: JSONRPCMessage): Params | undefined => (message as { params?: Params }).params;

/**
 * A `subscriptions/listen` that asks for task status notifications declares the tasks extension, which the
 * extension requires of it; the SDK builds a listen's capabilities from the client's, which declare the extension on
 * no request but the calls that may run as tasks.
 */
function declaringTasksOnListen(message: JSONRPCMessage): JSONRPCMessage {
  const params = paramsOf(message);
  const meta = params?._meta ?? {};
  const capabilities = (meta[CLIENT_CAPABILITIES_META] ?? {}) as Record<string, unknown>;
  return { ...message, params: { ...params, _meta: declaringTasks(capabilities, meta) } } as JSONRPCMessage;
}

function declaresTasks(message: JSONRPCMessage): boolean {
  const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  const capabilities = meta?.[CLIENT_CAPABILITIES_META] as { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** Wraps a transport; `listener` sees every message, sent or received. */
export class LoggedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly started = nowMs();
  private sequence = 0;
  private readonly pending = new Map<string, number>();

  constructor(
    readonly inner: Transport,
    private readonly listener: LogListener = () => undefined,
  ) {
    // A stdio transport stays recognisable as one (its `pid` and `stderr`): the SDK then takes a probe that gets no
    // answer for a 2025-era server and falls back to initialize, where over HTTP silence is an outage.
    for (const name of ['pid', 'stderr'] as const)
      if (name in inner)
        Object.defineProperty(this, name, { get: () => (inner as unknown as Record<string, unknown>)[name] });
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.record('received', message);
      if (describeMessage(message).method === 'notifications/subscriptions/acknowledged')
        this.noteAcknowledged(message);
      this.onmessage?.(this.readable(message), extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** Whether each request has its own stream (Streamable HTTP): the modern era cancels by closing it. */
  get hasPerRequestStream(): boolean | undefined {
    return this.inner.hasPerRequestStream;
  }

  /** The version `initialize` or `server/discover` settled on (the client sets it on the transport). */
  protocolVersion: string | undefined;

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    this.inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.inner.setSupportedProtocolVersions?.(versions);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  /** The `subscriptions/listen` requests that asked for task ids, by request id, until acknowledged. */
  private readonly taskListens = new Set<string | number>();
  /**
   * The task ids a server agreed to send `notifications/tasks` for, from the acknowledgements of listens that asked
   * (the SDK's own reading of an acknowledgement keeps the core filter only).
   */
  readonly honoredTaskIds = new Set<string>();

  private noteAcknowledged(message: JSONRPCMessage): void {
    const params = paramsOf(message);
    const id = params?._meta?.[SUBSCRIPTION_ID_META];
    if ((typeof id !== 'string' && typeof id !== 'number') || !this.taskListens.delete(id)) return;
    const taskIds = params?.notifications?.taskIds;
    if (Array.isArray(taskIds))
      for (const taskId of taskIds) if (typeof taskId === 'string') this.honoredTaskIds.add(taskId);
  }

  /** The ids of tools/call requests sent and not answered yet. */
  private readonly toolCalls = new Set<string | number>();
  /** Those of them that declared the tasks extension: their answer may be a task handle. */
  private readonly taskCalls = new Set<string | number>();

  /**
   * A tools/call answer with a malformed content block reaches the client with that block replaced by a line naming
   * it and the rule it breaks (see result-blocks.ts), so the rest of the result is still read; the log keeps the
   * message as it came. A task handle answering a call that declared the tasks extension reaches it as a complete
   * result carrying the task (SDK v2 2.4.0 rejects `resultType: "task"` as unsupported before any caller sees it).
   */
  private readable<T extends JSONRPCMessage>(message: T): T {
    const { method, id } = describeMessage(message);
    if (id === undefined || (method !== 'response' && method !== 'error') || !this.toolCalls.delete(id)) return message;
    const declaredTasks = this.taskCalls.delete(id);
    if (method === 'error') return message;
    const result = (message as { result?: unknown }).result;
    if (declaredTasks && isTaskHandle(result)) return { ...message, result: carryTask(result) } as T;
    const marked = markMalformedBlocks(result);
    return marked === result ? message : ({ ...message, result: marked } as T);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const { method, id } = describeMessage(message);
    if (method === 'subscriptions/listen' && id !== undefined && paramsOf(message)?.notifications?.taskIds) {
      this.taskListens.add(id);
      message = declaringTasksOnListen(message);
    }
    if (method === 'tools/call' && id !== undefined) {
      this.toolCalls.add(id);
      if (declaresTasks(message)) this.taskCalls.add(id);
    }
    this.record('sent', message);
    await this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private record(direction: LogDirection, message: JSONRPCMessage): void {
    const at = nowMs() - this.started;
    const { method, id } = describeMessage(message);
    const entry: LogEntry = {
      sequence: ++this.sequence,
      direction,
      at: Math.round(at * 10) / 10,
      time: new Date().toISOString(),
      method,
      message,
      ...(id !== undefined ? { id } : {}),
    };
    const isRequest = method !== 'response' && method !== 'error' && id !== undefined;
    // A reply travels the other way from its request: key requests by the direction they went.
    if (isRequest) this.pending.set(`${direction}:${id}`, at);
    const requestKey = `${direction === 'sent' ? 'received' : 'sent'}:${id}`;
    if (!isRequest && id !== undefined && this.pending.has(requestKey)) {
      entry.elapsed = Math.round((at - this.pending.get(requestKey)!) * 10) / 10;
      this.pending.delete(requestKey);
    }
    try {
      this.listener(entry);
    } catch {
      // A failing listener must not break the connection.
    }
  }
}
