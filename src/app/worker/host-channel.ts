/**
 * What the runtime worker asks of the page it serves. The worker runs in an opaque-origin frame whose policy
 * forbids every connection, so it owns no storage and reaches no network: the page keeps its workspace snapshot,
 * hands it the site's own static files (the interpreters' WebAssembly, the grammars), and makes the one request a
 * web tool's call names in its arguments. Nothing else crosses.
 */
import type { WorkspaceSnapshot } from '../../core/workspace/types';

/** A web tool's request as the worker planned it; the page checks it against the call before it is sent. */
export interface NetRequest {
  callId: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  maxBytes: number;
}

/** A response as plain data: status 0 stands for a redirect the browser did not follow (its target is hidden). */
export interface NetResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: ArrayBuffer;
}

export interface AssetResponse {
  status: number;
  contentType: string;
  body: ArrayBuffer;
}

export interface HostRequestMap {
  'snapshot-load': { params: null; result: WorkspaceSnapshot | null };
  /** Null when saved as given; merged when another tab had saved in between. */
  'snapshot-save': { params: WorkspaceSnapshot; result: { merged: WorkspaceSnapshot; conflicts: string[] } | null };
  'snapshot-clear': { params: null; result: null };
  asset: { params: { url: string }; result: AssetResponse };
  net: { params: NetRequest; result: NetResponse };
}

export type HostRequestKind = keyof HostRequestMap;

export type HostRequest = {
  [K in HostRequestKind]: { type: 'host-request'; hostId: string; kind: K; params: HostRequestMap[K]['params'] };
}[HostRequestKind];

export type HostMessage =
  | HostRequest
  | { type: 'host-abort'; hostId: string }
  | { type: 'host-response'; hostId: string; ok: true; value: unknown }
  | { type: 'host-response'; hostId: string; ok: false; error: string };

const KINDS: ReadonlySet<string> = new Set<HostRequestKind>([
  'snapshot-load',
  'snapshot-save',
  'snapshot-clear',
  'asset',
  'net',
]);

export function isHostMessage(value: unknown): value is HostMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; hostId?: unknown; kind?: unknown };
  if (typeof message.hostId !== 'string') return false;
  if (message.type === 'host-request') return typeof message.kind === 'string' && KINDS.has(message.kind);
  return message.type === 'host-abort' || message.type === 'host-response';
}

/** The worker's side: a request to the page, answered as a promise; aborting tells the page to stop. */
export function createHostCaller(port: Pick<MessagePort, 'postMessage'>): {
  call<K extends HostRequestKind>(
    kind: K,
    params: HostRequestMap[K]['params'],
    options?: { signal?: AbortSignal; transfer?: Transferable[] },
  ): Promise<HostRequestMap[K]['result']>;
  receive(message: HostMessage): boolean;
} {
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void }>();
  let counter = 0;
  return {
    call(kind, params, options = {}) {
      const hostId = `host-${++counter}`;
      return new Promise((resolve, reject) => {
        const { signal } = options;
        if (signal?.aborted) {
          reject(signal.reason instanceof Error ? signal.reason : new Error('Cancelled'));
          return;
        }
        const onAbort = () => {
          pending.delete(hostId);
          port.postMessage({ type: 'host-abort', hostId } satisfies HostMessage);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('Cancelled'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(hostId, {
          resolve: (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(value as never);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        port.postMessage({ type: 'host-request', hostId, kind, params } as HostRequest, options.transfer ?? []);
      });
    },
    receive(message) {
      if (message.type !== 'host-response') return false;
      const waiting = pending.get(message.hostId);
      if (!waiting) return true;
      pending.delete(message.hostId);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new TypeError(message.error));
      return true;
    },
  };
}
