/** The page's live connections for components: made on first use and kept on the page's services. */
import { useSyncExternalStore } from 'react';
import { useServices, type Services } from '../Services';
import { createConnections, type Connections } from './connections';
import type { LiveConnection } from './connectionStore';

export function connectionsOf(services: Services): Connections {
  const holder = services.connections;
  if (holder.current) return holder.current;
  holder.current = createConnections({ toolsets: services.toolsets, schemaChecks: services.schemaChecks });
  for (const listener of holder.onCreated) listener();
  return holder.current;
}

export const useLiveConnections = (): Connections => connectionsOf(useServices());

export function useConnections(): LiveConnection[] {
  const { store } = useLiveConnections();
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}

export function useConnection(url: string | undefined): LiveConnection | undefined {
  const { store } = useLiveConnections();
  return useSyncExternalStore(
    store.subscribe,
    () => (url ? store.get(url) : undefined),
    () => undefined,
  );
}
