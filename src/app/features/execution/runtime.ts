/**
 * The page's one runtime client, the history it feeds, and small shared stores (explorer drawer,
 * Python loading state) the execution UI reads with React hooks.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createRuntimeClient, type RuntimeClient, type RuntimeEvent } from '../../worker/client';
import type { ApprovalRequest, AskRequest, ConfirmRequest, WorkspaceTree } from '../../worker/protocol';
import { historyStore, statusOf, keepHistoryInMemory } from './historyStore';
import { readDefaultTimeoutMs } from './timeoutSetting';

let sharedClient: RuntimeClient | null = null;
let workspaceKey: string | undefined;

/**
 * Gives this page a workspace of its own (an embed: `embed:<id>`) and a history kept in memory, so it never
 * touches the site's workspace or history. Call before the first `getRuntimeClient()`.
 */
export function setSeparateWorkspace(key: string): void {
  if (sharedClient) throw new Error('The runtime has started already: choose the workspace before the first call.');
  workspaceKey = key;
  keepHistoryInMemory();
}

export function getRuntimeClient(): RuntimeClient {
  if (!sharedClient) {
    const client = createRuntimeClient({ defaultTimeoutMs: readDefaultTimeoutMs(), ...(workspaceKey ? { workspaceKey } : {}) });
    client.subscribe((event) => {
      if (event.type !== 'completed') return;
      const { record } = event;
      historyStore().add({
        id: record.id,
        ...(record.toolset !== undefined ? { toolset: record.toolset } : {}),
        tool: record.tool,
        summary: record.summary,
        args: record.args,
        status: statusOf(record.result.success, record.result.errorCode),
        ...(record.result.errorCode ? { errorCode: record.result.errorCode } : {}),
        risk: record.risk,
        durationMs: record.result.durationMs,
        startedAt: record.startedAt,
      });
    });
    client.subscribe(trackLoading);
    client.subscribe(trackDialogs);
    client.start();
    flushWhenHidden(client);
    sharedClient = client;
  }
  return sharedClient;
}

/**
 * Results are persisted before they are shown; this also asks the worker to write anything still
 * pending when the tab is hidden or the page is left, as a last chance before the worker goes away.
 */
function flushWhenHidden(client: RuntimeClient): void {
  if (typeof document === 'undefined' || typeof window === 'undefined') return;
  const flush = (): void => {
    client.request('flush', {}).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

/** Listen to runtime events while the component is mounted. */
export function useRuntimeEvents(listener: (event: RuntimeEvent) => void): void {
  const [client] = useState(getRuntimeClient);
  useEffect(() => client.subscribe(listener), [client, listener]);
}

/** A tiny external store: a value, a setter, and React's subscription. */
function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export interface ExplorerState {
  open: boolean;
  /** The file shown in the viewer, with an optional line to scroll to. */
  selected: { path: string; line?: number } | null;
}

const explorerStore = createStore<ExplorerState>({ open: false, selected: null });

export function useExplorerState(): ExplorerState {
  return useSyncExternalStore(explorerStore.subscribe, explorerStore.get, explorerStore.get);
}

export function openExplorer(file?: { path: string; line?: number }): void {
  explorerStore.set({ open: true, selected: file ?? explorerStore.get().selected });
}

export function closeExplorer(): void {
  explorerStore.set({ ...explorerStore.get(), open: false });
}

export function selectExplorerFile(file: { path: string; line?: number } | null): void {
  explorerStore.set({ ...explorerStore.get(), selected: file });
}

export type PendingDialog =
  | { kind: 'approval'; request: ApprovalRequest }
  | { kind: 'ask'; request: AskRequest }
  | { kind: 'confirm'; request: ConfirmRequest };

/** The runtime's open questions to the person, oldest first; page-wide so no navigation loses one. */
const dialogStore = createStore<PendingDialog[]>([]);

function trackDialogs(event: RuntimeEvent): void {
  const queue = dialogStore.get();
  if (event.type === 'approval-request') dialogStore.set([...queue, { kind: 'approval', request: event.request }]);
  else if (event.type === 'ask-request') dialogStore.set([...queue, { kind: 'ask', request: event.request }]);
  else if (event.type === 'confirm-request') dialogStore.set([...queue, { kind: 'confirm', request: event.request }]);
  else if (event.type === 'dialog-closed') dialogStore.set(queue.filter((item) => item.request.dialogId !== event.dialogId));
}

export function usePendingDialogs(): PendingDialog[] {
  return useSyncExternalStore(dialogStore.subscribe, dialogStore.get, dialogStore.get);
}

export function dismissDialog(dialogId: string): void {
  dialogStore.set(dialogStore.get().filter((item) => item.request.dialogId !== dialogId));
}

/** The message while Python loads (first run), else null. */
const loadingStore = createStore<string | null>(null);

function trackLoading(event: RuntimeEvent): void {
  if (event.type === 'runtime-loading') loadingStore.set(event.state === 'loading' ? event.message : null);
  else if (event.type === 'worker-restarted' || event.type === 'completed') loadingStore.set(null);
}

export function useRuntimeLoading(): string | null {
  return useSyncExternalStore(loadingStore.subscribe, loadingStore.get, loadingStore.get);
}

/** The workspace tree, refreshed whenever the runtime says files changed or restarted. */
export function useWorkspaceTree(active = true): { tree: WorkspaceTree | null; error: string | null; refresh: () => void } {
  const [tree, setTree] = useState<WorkspaceTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    getRuntimeClient()
      .request('workspace-tree', {})
      .then(
        (value) => {
          if (cancelled) return;
          setTree(value);
          setError(null);
        },
        (thrown: unknown) => {
          if (!cancelled) setError(thrown instanceof Error ? thrown.message : String(thrown));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [active, generation]);

  useRuntimeEvents(
    useCallback(
      (event: RuntimeEvent) => {
        if (event.type === 'workspace-changed' || event.type === 'worker-restarted' || event.type === 'ready') refresh();
      },
      [refresh],
    ),
  );
  return { tree, error, refresh };
}

/** Only the first mounted instance of a page-wide part (dialogs, drawer) renders; the rest stay empty. */
const instances = new Map<string, symbol[]>();
const ownerStore = createStore(0);

export function useSingleton(key: string): boolean {
  const [token] = useState(() => Symbol(key));
  useSyncExternalStore(ownerStore.subscribe, ownerStore.get, ownerStore.get);
  useEffect(() => {
    instances.set(key, [...(instances.get(key) ?? []), token]);
    ownerStore.set(ownerStore.get() + 1);
    return () => {
      instances.set(key, (instances.get(key) ?? []).filter((candidate) => candidate !== token));
      ownerStore.set(ownerStore.get() + 1);
    };
  }, [key, token]);
  return instances.get(key)?.[0] === token;
}
