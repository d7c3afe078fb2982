/** The page's toolsets for components, through the page's services. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ToolSummary } from '../../core/toolset/types';
import type { ToolsetEntry } from '../lib/toolset';
import { useServices } from './Services';
import type { Toolsets } from './toolsets';

export const useToolsetStore = (): Toolsets => useServices().toolsets;

/** Every toolset, bundled first; re-renders when one is imported, renamed or deleted. */
export function useToolsets(): ToolsetEntry[] {
  const toolsets = useToolsetStore();
  return useSyncExternalStore(
    toolsets.subscribe,
    toolsets.entries,
    // A prerendered page lists the bundled toolsets only; imported ones join once the browser has taken it over.
    () => toolsets.bundled,
  );
}

/** Every toolset's summaries, by id, once `wanted` (search is open): null until they have arrived. */
export function useAllSummaries(wanted: boolean): ReadonlyMap<string, ToolSummary[]> | null {
  const toolsets = useToolsetStore();
  const entries = useToolsets();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ToolSummary[]> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    void Promise.all(
      entries.map((entry) =>
        toolsets.loadSummaries(entry.toolset.manifest.id).then((tools) => [entry.toolset.manifest.id, tools] as const),
      ),
    ).then(
      (pairs) => active && setLoaded(new Map(pairs)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [toolsets, wanted, entries]);
  return loaded;
}
