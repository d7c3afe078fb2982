/**
 * The execution UI's page-wide state (explorer drawer, the runtime's open dialogs, Python loading, singletons),
 * apart from the runtime client: the header's workspace button reads it on every page, and the catalog must not
 * load the worker client, the history or the protocol for a button (runtime.ts feeds these stores once started).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ApprovalRequest, AskRequest, ConfirmRequest } from '../../worker/protocol';
import type { RuntimeEvent } from '../../worker/client';

let separateWorkspace: string | undefined;
let runtimeStarted = false;

/**
 * Gives this page a workspace of its own (an embed: `embed:<id>`) and a history kept in memory, so it never
 * touches the site's workspace or history. Call before the first `getRuntimeClient()` (runtime.ts) and before the
 * history is read. Kept here, apart from the client, so an embed that never executes does not load it.
 */
export function setSeparateWorkspace(key: string): void {
  if (runtimeStarted) throw new Error('The runtime has started already: choose the workspace before the first call.');
  separateWorkspace = key;
}

/** The page's own workspace key, if it has one (the history keeps to memory then). */
export function separateWorkspaceKey(): string | undefined {
  return separateWorkspace;
}

/** runtime.ts, as it starts the client: the workspace is fixed from now on. */
export function startRuntimeWorkspace(): string | undefined {
  runtimeStarted = true;
  return separateWorkspace;
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

export function trackDialogs(event: RuntimeEvent): void {
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

export function trackLoading(event: RuntimeEvent): void {
  if (event.type === 'runtime-loading') loadingStore.set(event.state === 'loading' ? event.message : null);
  else if (event.type === 'worker-restarted' || event.type === 'completed') loadingStore.set(null);
}

export function useRuntimeLoading(): string | null {
  return useSyncExternalStore(loadingStore.subscribe, loadingStore.get, loadingStore.get);
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

/**
 * An approval the page itself asks for (a model's call to a live MCP tool runs on its server, not in the runtime
 * worker): the same dialog, answered here instead of in the worker.
 */
const pageApprovals = new Map<string, (approved: boolean, args?: Record<string, unknown>) => void>();
let pageDialogCount = 0;

export function askApprovalInPage(request: Omit<ApprovalRequest, 'dialogId'>, signal?: AbortSignal): Promise<{ approved: boolean; args?: Record<string, unknown> }> {
  const dialogId = `page-${++pageDialogCount}`;
  return new Promise((resolve) => {
    const onAbort = (): void => void answerPageApproval(dialogId, false);
    pageApprovals.set(dialogId, (approved, args) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(args ? { approved, args } : { approved });
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    dialogStore.set([...dialogStore.get(), { kind: 'approval', request: { ...request, dialogId } }]);
  });
}

/** Answers a dialog askApprovalInPage opened; false when the dialog is the worker's. */
export function answerPageApproval(dialogId: string, approved: boolean, args?: Record<string, unknown>): boolean {
  const answer = pageApprovals.get(dialogId);
  if (!answer) return false;
  pageApprovals.delete(dialogId);
  dismissDialog(dialogId);
  answer(approved, args);
  return true;
}
