/**
 * The execution UI's page-wide state (explorer drawer, the runtime's open dialogs, Python loading, singletons, the
 * history), apart from the runtime client: the header's workspace button reads it on every page, and the catalog must
 * not load the worker client or the protocol for a button (client.ts feeds this state once the client starts).
 */
import type { ApprovalRequest, AskRequest, ConfirmRequest } from '../../worker/protocol';
import type { RuntimeClient, RuntimeEvent } from '../../worker/client';
import type { EditorGate } from '../../lib/editorSettled';
import { HistoryStore } from './history';

/** A tiny external store: a value, a setter, and React's subscription. */
interface ExternalStore<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

function createExternalStore<T>(initial: T): ExternalStore<T> {
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

export type PendingDialog =
  | { kind: 'approval'; request: ApprovalRequest }
  | { kind: 'ask'; request: AskRequest }
  | { kind: 'confirm'; request: ConfirmRequest };

export interface RuntimeState {
  /** The page's own workspace key (an embed: `embed:<id>`); the history keeps to memory then. */
  readonly workspaceKey: string | undefined;
  /** The page's history of executed calls. */
  readonly history: HistoryStore;
  readonly explorer: ExternalStore<ExplorerState>;
  /** The runtime's open questions to the person, oldest first; page-wide so no navigation loses one. */
  readonly dialogs: ExternalStore<PendingDialog[]>;
  /** The message while Python loads (first run), else null. */
  readonly loading: ExternalStore<string | null>;
  /** Which mounted instance of a page-wide part (dialogs, drawer) renders, by the part's key. */
  readonly instances: Map<string, symbol[]>;
  readonly owners: ExternalStore<number>;
  /** Work put off until the page's editor is drawn: the runtime starts after it. */
  readonly editor: EditorGate;
  /** The runtime client, once client.ts has started it. */
  client: RuntimeClient | null;
  openExplorer(file?: { path: string; line?: number }): void;
  closeExplorer(): void;
  selectExplorerFile(file: { path: string; line?: number } | null): void;
  trackDialogs(event: RuntimeEvent): void;
  trackLoading(event: RuntimeEvent): void;
  dismissDialog(dialogId: string): void;
  /**
   * An approval the page itself asks for (a model's call to a live MCP tool runs on its server, not in the runtime
   * worker): the same dialog, answered here instead of in the worker.
   */
  askApprovalInPage(
    request: Omit<ApprovalRequest, 'dialogId'>,
    signal?: AbortSignal,
  ): Promise<{ approved: boolean; args?: Record<string, unknown> }>;
  /** Answers a dialog askApprovalInPage opened; false when the dialog is the worker's. */
  answerPageApproval(dialogId: string, approved: boolean, args?: Record<string, unknown>): boolean;
}

/**
 * The page's runtime state, made by the entry point. `workspaceKey` gives the page a workspace of its own and a
 * history kept in memory (an embed), so it never touches the site's workspace or history.
 */
export function createRuntimeState(options: { editor: EditorGate; workspaceKey?: string }): RuntimeState {
  const { workspaceKey, editor } = options;
  const explorer = createExternalStore<ExplorerState>({ open: false, selected: null });
  const dialogs = createExternalStore<PendingDialog[]>([]);
  const loading = createExternalStore<string | null>(null);
  const pageApprovals = new Map<string, (approved: boolean, args?: Record<string, unknown>) => void>();
  let pageDialogCount = 0;
  const dismissDialog = (dialogId: string): void =>
    dialogs.set(dialogs.get().filter((item) => item.request.dialogId !== dialogId));
  const state: RuntimeState = {
    workspaceKey,
    editor,
    history: workspaceKey !== undefined ? new HistoryStore(null) : new HistoryStore(),
    explorer,
    dialogs,
    loading,
    instances: new Map(),
    owners: createExternalStore(0),
    client: null,
    openExplorer: (file) => explorer.set({ open: true, selected: file ?? explorer.get().selected }),
    closeExplorer: () => explorer.set({ ...explorer.get(), open: false }),
    selectExplorerFile: (file) => explorer.set({ ...explorer.get(), selected: file }),
    trackDialogs(event) {
      const queue = dialogs.get();
      if (event.type === 'approval-request') dialogs.set([...queue, { kind: 'approval', request: event.request }]);
      else if (event.type === 'ask-request') dialogs.set([...queue, { kind: 'ask', request: event.request }]);
      else if (event.type === 'confirm-request') dialogs.set([...queue, { kind: 'confirm', request: event.request }]);
      else if (event.type === 'dialog-closed')
        dialogs.set(queue.filter((item) => item.request.dialogId !== event.dialogId));
    },
    trackLoading(event) {
      if (event.type === 'runtime-loading') loading.set(event.state === 'loading' ? event.message : null);
      else if (event.type === 'worker-restarted' || event.type === 'completed') loading.set(null);
    },
    dismissDialog,
    askApprovalInPage(request, signal) {
      const dialogId = `page-${++pageDialogCount}`;
      return new Promise((resolve) => {
        const onAbort = (): void => void state.answerPageApproval(dialogId, false);
        pageApprovals.set(dialogId, (approved, args) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(args ? { approved, args } : { approved });
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        dialogs.set([...dialogs.get(), { kind: 'approval', request: { ...request, dialogId } }]);
      });
    },
    answerPageApproval(dialogId, approved, args) {
      const answer = pageApprovals.get(dialogId);
      if (!answer) return false;
      pageApprovals.delete(dialogId);
      dismissDialog(dialogId);
      answer(approved, args);
      return true;
    },
  };
  return state;
}
