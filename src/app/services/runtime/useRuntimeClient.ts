/** The page's runtime client for components: importing this module loads the worker client. */
import { useCallback, useEffect, useState } from 'react';
import type { RuntimeClient, RuntimeEvent } from '../../worker/client';
import type { WorkspaceTree } from '../../worker/protocol';
import { runtimeClient } from './client';
import { useRuntimeState } from './useRuntimeState';

/** The page's runtime client (started on first use). */
function useRuntimeClient(): RuntimeClient {
  const state = useRuntimeState();
  const [client] = useState(() => runtimeClient(state));
  return client;
}

/** Listen to runtime events while the component is mounted. */
export function useRuntimeEvents(listener: (event: RuntimeEvent) => void): void {
  const client = useRuntimeClient();
  useEffect(() => client.subscribe(listener), [client, listener]);
}

/** The workspace tree, refreshed whenever the runtime says files changed or restarted. */
export function useWorkspaceTree(active = true): {
  tree: WorkspaceTree | null;
  error: string | null;
  refresh: () => void;
} {
  const state = useRuntimeState();
  const [tree, setTree] = useState<WorkspaceTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    // Asking for the tree starts the runtime: on a page that opens with an editor, not before it is drawn.
    state.editor.after(() => {
      if (cancelled) return;
      runtimeClient(state)
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
  }, [state, active, generation]);

  useRuntimeEvents(
    useCallback(
      (event: RuntimeEvent) => {
        if (event.type === 'workspace-changed' || event.type === 'worker-restarted' || event.type === 'ready')
          refresh();
      },
      [refresh],
    ),
  );
  return { tree, error, refresh };
}
