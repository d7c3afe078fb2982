import { useEffect, useState } from 'react';
import type { SuiteStore, StoredSuite } from './suiteStore';

/**
 * The suites kept in this browser, the one selected, and why a suite's last change was not stored. A suite made or
 * imported before the store answered is kept beside the stored ones.
 */
export function useSuites(suiteStore: SuiteStore, now: () => string) {
  const [suites, setSuites] = useState<StoredSuite[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Per suite: why the browser did not store its last change (the suite stays here as edited, for export or retry).
  const [notSaved, setNotSaved] = useState<Record<string, string>>({});
  useEffect(() => {
    void suiteStore.load().then((loaded) => {
      // A suite made or imported before the store answered (an impatient first click) is kept, not overwritten.
      setSuites((current) => [
        ...current,
        ...loaded.filter((stored) => !current.some((entry) => entry.id === stored.id)),
      ]);
      setSelectedId((current) => current ?? loaded[0]?.id ?? null);
    });
  }, [suiteStore]);

  const selected = suites.find((stored) => stored.id === selectedId) ?? null;
  const store = async (stored: StoredSuite) => {
    const next = { ...stored, updatedAt: now() };
    setSuites((current) => [next, ...current.filter((entry) => entry.id !== next.id)]);
    setSelectedId(next.id);
    const result = await suiteStore.save(next);
    setNotSaved((current) => {
      const { [next.id]: _earlier, ...rest } = current;
      return result.ok
        ? rest
        : { ...rest, [next.id]: `This suite was not saved in the browser: ${result.message} Export it to keep it.` };
    });
  };
  const remove = (id: string) => {
    void suiteStore.remove(id);
    setSuites((current) => current.filter((entry) => entry.id !== id));
    setSelectedId(null);
  };
  return { suites, selectedId, setSelectedId, selected, notSaved, store, remove };
}
