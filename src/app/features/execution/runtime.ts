/**
 * The page's one runtime client, the history it feeds, and small shared stores (explorer drawer,
 * Python loading state) the execution UI reads with React hooks.
 */
import { useCallback, useEffect, useState } from 'react';
import { createRuntimeClient, type RuntimeClient, type RuntimeEvent } from '../../worker/client';
import type { WorkspaceTree } from '../../worker/protocol';
import { historyStore, statusOf } from './historyStore';
import { startRuntimeWorkspace, trackDialogs, trackLoading } from './stores';
import { readDefaultTimeoutMs } from './timeoutSetting';
import { afterEditor } from '../../lib/editorSettled';

export * from './stores';

let sharedClient: RuntimeClient | null = null;

export function getRuntimeClient(): RuntimeClient {
  if (!sharedClient) {
    const workspaceKey = startRuntimeWorkspace();
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
    // Loads the workspace while the user reads, once the page's editor is drawn; a call made before starts it then.
    afterEditor(() => client.start());
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

/** The workspace tree, refreshed whenever the runtime says files changed or restarted. */
export function useWorkspaceTree(active = true): { tree: WorkspaceTree | null; error: string | null; refresh: () => void } {
  const [tree, setTree] = useState<WorkspaceTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    // Asking for the tree starts the runtime: on a page that opens with an editor, not before it is drawn.
    afterEditor(() => {
      if (cancelled) return;
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
    });
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
