/**
 * The runtime worker, started inside a hidden frame that is sandboxed to an opaque origin and served with a
 * policy that forbids every connection (runtime-sandbox.html and its rule in netlify.toml). Code a tool runs —
 * Python, node, the shell, a mock's function — therefore owns none of the site's storage and reaches no network,
 * whoever called the tool: the playground, an embed, a model in the agent loop.
 *
 * The page talks to the worker over a MessagePort it hands the frame, and serves the worker's requests
 * (./host-channel): its workspace snapshot, the site's own files, and a web tool's request when the call that
 * asks is in progress and names that URL in its arguments. To the runtime client this is a Worker.
 */
import type { WorkerLike } from './client-types';
import {
  isHostMessage,
  type AssetResponse,
  type HostMessage,
  type HostRequest,
  type NetRequest,
  type NetResponse,
} from './host-channel';
import { mergeSnapshots } from '../../core/workspace/merge-snapshots';
import type { WorkspaceSnapshot } from '../../core/workspace/types';
import type { SaveOutcome, VersionedSnapshot, VersionedSnapshotStore } from './snapshot-store';
import { StorageWriteError } from '../lib/storageFailure';
import { runtimeLoadFailure } from './runtime-load-failure';

export interface SandboxedWorkerOptions {
  /** The runtime worker's module, on the site's origin. */
  workerUrl: string;
  /** runtime-sandbox.html, on the site's origin. */
  sandboxUrl: string;
  name: string;
  /** Where this workspace's snapshot lives (the page's IndexedDB). */
  store: VersionedSnapshotStore;
  /** Tabs on the same workspace tell each other of their saves here (a BroadcastChannel name). */
  channelName?: string;
  /** Another tab saved this workspace: the worker should take its changes before it writes again. */
  onOtherTabSaved?(): void;
  /** The arguments a call in progress runs with; undefined when no such call is in progress. */
  callArgs(callId: string): Record<string, unknown> | undefined;
  fetch?: typeof fetch;
  document?: Document;
}

async function readBounded(response: Response, maxBytes: number): Promise<ArrayBuffer> {
  const reader = response.body?.getReader();
  if (!reader) return (await response.arrayBuffer()).slice(0, maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.length > room ? value.slice(0, room) : value);
    size += Math.min(value.length, room);
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes.buffer;
}

export function createSandboxedWorker(options: SandboxedWorkerOptions): WorkerLike {
  const doc = options.document ?? document;
  const pageFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const siteOrigin = new URL(options.sandboxUrl, doc.baseURI).origin;
  const channel = new MessageChannel();
  const port = channel.port1;
  const inFlight = new Map<string, AbortController>();
  let terminated = false;
  /** The copy this worker last loaded or saved: what a save merges against when another tab wrote meanwhile. */
  let seen: VersionedSnapshot = { snapshot: null, version: 0 };
  const saves =
    options.channelName && typeof BroadcastChannel === 'function' ? new BroadcastChannel(options.channelName) : null;
  if (saves) {
    saves.onmessage = (event: MessageEvent<{ version?: unknown }>) => {
      // Another tab saved: this worker takes its changes before it writes again.
      if (!terminated && typeof event.data?.version === 'number' && event.data.version > seen.version)
        options.onOtherTabSaved?.();
    };
  }

  const frame = doc.createElement('iframe');
  // Scripts only: no same-origin (so an opaque origin), no forms, popups, navigation of the page or downloads.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.title = 'Tool runtime';
  frame.hidden = true;
  frame.src = options.sandboxUrl;

  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message: unknown, transfer: Transferable[] = []) {
      if (!terminated) port.postMessage(message, transfer);
    },
    terminate() {
      if (terminated) return;
      terminated = true;
      for (const controller of inFlight.values()) controller.abort(new Error('The runtime was stopped'));
      inFlight.clear();
      window.removeEventListener('message', onFrameMessage);
      saves?.close();
      port.close();
      frame.remove();
    },
  };

  const fail = (message: string) => {
    if (terminated) return;
    worker.onerror?.(new ErrorEvent('error', { message }));
  };

  async function asset(url: string, signal: AbortSignal): Promise<AssetResponse> {
    const parsed = new URL(url);
    if (parsed.origin !== siteOrigin) throw new Error('only the site’s own files can be read');
    const response = await pageFetch(`${parsed.origin}${parsed.pathname}`, { credentials: 'same-origin', signal });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: await response.arrayBuffer(),
    };
  }

  async function net(request: NetRequest, signal: AbortSignal): Promise<NetResponse> {
    // The arguments of the call as it asks, before the checks' code loads.
    const args = options.callArgs(request.callId);
    const { refusalOfNetRequest } = await import('./net-refusal');
    const refusal = refusalOfNetRequest(request, args);
    if (refusal) throw new Error(`The request to ${request.url.slice(0, 200)} was refused: ${refusal}`);
    const response = await pageFetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      credentials: 'omit',
      signal,
    });
    if (response.type === 'opaqueredirect') return { status: 0, statusText: '', headers: {}, body: new ArrayBuffer(0) };
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return {
      status: response.status,
      statusText: response.statusText,
      headers,
      body: await readBounded(response, request.maxBytes),
    };
  }

  /** Saves, or merges with the copy another tab saved since this one was seen, and tells the other tabs. */
  async function save(ours: WorkspaceSnapshot): Promise<SaveOutcome | null> {
    let snapshot = ours;
    let outcome: SaveOutcome | null = null;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const written = await options.store.saveIf(snapshot, seen.version);
      if (written.saved) {
        seen = { snapshot, version: written.version };
        saves?.postMessage({ version: written.version });
        return outcome;
      }
      const theirs = written.current;
      outcome =
        theirs.snapshot && seen.snapshot
          ? mergeSnapshots(seen.snapshot, snapshot, theirs.snapshot)
          : { merged: snapshot, conflicts: [] };
      snapshot = outcome.merged;
      seen = { snapshot: theirs.snapshot, version: theirs.version };
    }
    throw new Error('another tab kept saving the same workspace; try again');
  }

  async function answer(
    request: HostRequest,
    signal: AbortSignal,
  ): Promise<{ value: unknown; transfer: Transferable[] }> {
    switch (request.kind) {
      case 'snapshot-load':
        seen = await options.store.load();
        return { value: seen.snapshot, transfer: [] };
      case 'snapshot-save':
        // The browser's refusal (a DOMException, often with no message) goes back with its reason and what to do.
        return {
          value: await save(request.params).catch((error: unknown) =>
            Promise.reject(error instanceof DOMException ? new StorageWriteError(error) : error),
          ),
          transfer: [],
        };
      case 'snapshot-clear':
        await options.store.clear();
        seen = { snapshot: null, version: 0 };
        return { value: null, transfer: [] };
      case 'asset': {
        const value = await asset(request.params.url, signal);
        return { value, transfer: [value.body] };
      }
      case 'net': {
        const value = await net(request.params, signal);
        return { value, transfer: [value.body] };
      }
    }
  }

  function handleHost(message: HostMessage): void {
    if (message.type === 'host-abort') {
      inFlight.get(message.hostId)?.abort(new Error('Cancelled'));
      inFlight.delete(message.hostId);
      return;
    }
    if (message.type !== 'host-request') return;
    const controller = new AbortController();
    inFlight.set(message.hostId, controller);
    answer(message, controller.signal).then(
      ({ value, transfer }) => {
        if (inFlight.delete(message.hostId) && !terminated)
          port.postMessage(
            { type: 'host-response', hostId: message.hostId, ok: true, value } satisfies HostMessage,
            transfer,
          );
      },
      (thrown: unknown) => {
        const error = thrown instanceof Error ? thrown.message : String(thrown);
        if (inFlight.delete(message.hostId) && !terminated)
          port.postMessage({ type: 'host-response', hostId: message.hostId, ok: false, error } satisfies HostMessage);
      },
    );
  }

  port.onmessage = (event: MessageEvent) => {
    if (terminated) return;
    if (isHostMessage(event.data)) handleHost(event.data);
    else worker.onmessage?.(event);
  };

  function onFrameMessage(event: MessageEvent): void {
    if (event.source !== frame.contentWindow || terminated) return;
    const data = event.data as { type?: unknown; message?: unknown } | null;
    if (data?.type !== 'runtime-error') return;
    const reported =
      typeof data.message === 'string' && data.message ? data.message : 'The runtime worker failed to start';
    // A server without the site's headers is named as the cause, in place of the browser's bare import failure.
    void runtimeLoadFailure(reported, new URL(options.workerUrl, doc.baseURI).href, pageFetch).then(fail);
  }
  window.addEventListener('message', onFrameMessage);

  frame.addEventListener(
    'load',
    () => {
      if (terminated || !frame.contentWindow) return;
      // The frame's origin is opaque, so no target origin can name it; what it receives is only the port.
      frame.contentWindow.postMessage(
        { type: 'start-runtime', workerUrl: new URL(options.workerUrl, doc.baseURI).href, name: options.name },
        '*',
        [channel.port2],
      );
    },
    { once: true },
  );
  (doc.body ?? doc.documentElement).append(frame);
  return worker;
}
