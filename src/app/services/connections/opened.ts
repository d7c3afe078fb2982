import { useSyncExternalStore } from 'react';
import { useServices } from '../Services';

/**
 * Whether this page load has opened its live connections yet, without opening them: a page that may call a live
 * tool (the Models page, through a model) shows what a server asks only once there are connections to ask.
 */
export function useConnectionsOpened(): boolean {
  const { connections } = useServices();
  return useSyncExternalStore(
    (listener) => {
      connections.onCreated.add(listener);
      return () => void connections.onCreated.delete(listener);
    },
    () => connections.current !== null,
    () => false,
  );
}
