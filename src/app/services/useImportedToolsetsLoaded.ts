import { useEffect, useState } from 'react';
import { useToolsetStore } from './useToolsets';

/** Imported toolsets arrive from IndexedDB a moment after the first render; until then an unknown id is not yet "not found". */
export function useImportedToolsetsLoaded(): boolean {
  const toolsets = useToolsetStore();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    void toolsets.loadImported().then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [toolsets]);
  return loaded;
}
