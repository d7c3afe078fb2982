/** The runtime's page-wide state, read by components through the page's services (no worker client loads with it). */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../Services';
import type { ExplorerState, PendingDialog, RuntimeState } from './state';

export const useRuntimeState = (): RuntimeState => useServices().runtime;

export function useExplorerState(): ExplorerState {
  const { explorer } = useRuntimeState();
  return useSyncExternalStore(explorer.subscribe, explorer.get, explorer.get);
}

export function usePendingDialogs(): PendingDialog[] {
  const { dialogs } = useRuntimeState();
  return useSyncExternalStore(dialogs.subscribe, dialogs.get, dialogs.get);
}

export function useRuntimeLoading(): string | null {
  const { loading } = useRuntimeState();
  return useSyncExternalStore(loading.subscribe, loading.get, loading.get);
}

/** Only the first mounted instance of a page-wide part (dialogs, drawer) renders; the rest stay empty. */
export function useSingleton(key: string): boolean {
  const { instances, owners } = useRuntimeState();
  const [token] = useState(() => Symbol(key));
  useSyncExternalStore(owners.subscribe, owners.get, owners.get);
  useEffect(() => {
    instances.set(key, [...(instances.get(key) ?? []), token]);
    owners.set(owners.get() + 1);
    return () => {
      instances.set(
        key,
        (instances.get(key) ?? []).filter((candidate) => candidate !== token),
      );
      owners.set(owners.get() + 1);
    };
  }, [instances, owners, key, token]);
  return instances.get(key)?.[0] === token;
}
