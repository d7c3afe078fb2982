import runtimeWorkerUrl from './runtime.worker.ts?worker&url';
import { RuntimeClient, type RuntimeClientOptions } from './client';
import { createSandboxedWorker } from './sandbox-host';
import { createVersionedSnapshotStore, workspaceKeyFor } from './snapshot-store';

/**
 * The client over the real runtime worker, started in the runtime frame (./sandbox-host): an opaque origin with
 * no network, so code a tool runs reaches nothing of the site. The page keeps the workspace's snapshot.
 */
export function createRuntimeClient(
  options: Omit<RuntimeClientOptions, 'createWorker'> & { workspaceKey?: string } = {},
): RuntimeClient {
  const { workspaceKey, ...rest } = options;
  const name = workspaceKey ? `tool-runtime:${workspaceKey}` : 'tool-runtime';
  const store = createVersionedSnapshotStore(indexedDB, undefined, workspaceKeyFor(name));
  const client: RuntimeClient = new RuntimeClient({
    ...rest,
    createWorker: () =>
      createSandboxedWorker({
        workerUrl: runtimeWorkerUrl,
        sandboxUrl: `${import.meta.env.BASE_URL}runtime-sandbox.html`,
        name,
        store,
        channelName: `tool-playground-workspace:${workspaceKeyFor(name)}`,
        callArgs: (callId) => client.argsInEffect(callId),
        // Saving now meets the other tab's copy, merges, and takes its changes.
        onOtherTabSaved: () => void client.request('sync', {}).catch(() => undefined),
      }),
  });
  return client;
}
