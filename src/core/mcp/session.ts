/**
 * What a session's parts share: the options a connection is opened with, outcomes as values, time limits, and
 * the watch on replies that break JSON-RPC.
 */
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { classifyError, MalformedReply, malformedReason, type McpFailure } from './failures';
import type { ClientAnswers } from './input';
import type { LogListener } from './log';

/** A server that answers nothing for this long is reported as hanging. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A list (tools, resources, prompts) that keeps returning cursors stops here: a server looping on pages must not hang the page. */
export const MAX_TOOL_PAGES = 100;

export type McpOutcome<T> = { ok: true; value: T } | { ok: false; failure: McpFailure };

/** How a connection opens: `auto` probes with `server/discover` first, `modern` insists on it, `legacy` sends `initialize`. */
export type McpEra = 'auto' | 'modern' | 'legacy';

export interface ServerLogMessage {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

export interface ConnectOptions {
  /** The era to connect in; `auto` unless said. */
  era?: McpEra;
  /** Every JSON-RPC message both ways. */
  onMessage?: LogListener;
  /** `notifications/tools/list_changed` from the server. */
  onToolsChanged?: () => void;
  /** `notifications/resources/list_changed` and `prompts/list_changed`. */
  onListChanged?: (list: 'resources' | 'prompts') => void;
  /** `notifications/resources/updated` for a subscribed resource. */
  onResourceUpdated?: (uri: string) => void;
  /** `notifications/message`: a server's log, at the level asked for with `logLevel`. */
  onServerLog?: (message: ServerLogMessage) => void;
  /** The least severe log level to receive (per request in the modern era, `logging/setLevel` in the legacy one); none unless said. */
  logLevel?: ServerLogMessage['level'];
  /** What the client answers when the server asks (elicitation, sampling, roots). */
  answers?: ClientAnswers;
  /** The time limit of each request (initialize, lists, calls without their own). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Aborting gives up on connecting. */
  signal?: AbortSignal;
  /** The web page's origin: a fetch that fails is then probed to tell a refused CORS request from a server that is down. */
  pageOrigin?: string;
}

/**
 * Replies that break JSON-RPC reach the SDK's error handler, not the request waiting for them (which would wait
 * for its time limit). This aborts the requests waiting then, with a reason naming what was wrong. Every request
 * waiting fails: a malformed reply cannot say which request it was for.
 */
export class Violations {
  private controller = new AbortController();
  private readonly sent = new Set<string | number>();

  constructor(private readonly onMessage: LogListener | undefined) {}

  readonly listener: LogListener = (entry) => {
    if (entry.direction === 'sent' && entry.id !== undefined) this.sent.add(entry.id);
    this.onMessage?.(entry);
  };

  report(error: unknown): void {
    // A late reply to a request we gave up on (a timeout, Stop) is harmless.
    const reason = malformedReason(
      error,
      (id) => (typeof id === 'string' || typeof id === 'number') && this.sent.has(id),
    );
    if (!reason) return;
    this.controller.abort(new MalformedReply(reason));
    this.controller = new AbortController();
  }

  signal(other?: AbortSignal): AbortSignal {
    return other ? AbortSignal.any([other, this.controller.signal]) : this.controller.signal;
  }
}

/** The SDK wraps an abort's reason in its timeout error: a request aborted for a broken reply is told by its signal. */
export function failureOf(error: unknown, signal: AbortSignal, where: string, timeoutMs: number): McpFailure {
  const reason: unknown = signal.aborted ? signal.reason : undefined;
  return classifyError(reason instanceof MalformedReply ? reason : error, where, timeoutMs);
}
