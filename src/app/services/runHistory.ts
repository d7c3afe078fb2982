/** Past model runs in IndexedDB, newest first, at most 50. A run record holds no key (traces are redacted). */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { RunRecord } from '../../core/model/agent/trace';
import { tryWriteAsync, type WriteResult } from '../lib/storageFailure';

const MAX_RUNS = 50;
const LIST = 'runs';

export interface RunHistory {
  load(): Promise<RunRecord[]>;
  /**
   * Saves the run (replacing one with its id) and answers the list as it now is, with whether the browser stored it.
   * A refused run stays in the list of this view.
   */
  save(run: RunRecord): Promise<{ runs: RunRecord[]; result: WriteResult }>;
  clear(): Promise<void>;
}

/** The page's run history, made by the entry point: the Models page writes it, Evals reads it. */
export function createRunHistory(): RunHistory {
  let database: UseStore | null = null;
  const runs = (): UseStore => (database ??= createStore('tool-schema-playground-model-runs', 'runs'));
  const load = async (): Promise<RunRecord[]> => {
    try {
      const list = await get<RunRecord[]>(LIST, runs());
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  };
  return {
    load,
    async save(run) {
      const earlier = (await load()).filter((entry) => entry.id !== run.id);
      const next = [structuredClone(run), ...earlier].slice(0, MAX_RUNS);
      const result = await tryWriteAsync(() => set(LIST, next, runs()));
      return { runs: next, result };
    },
    async clear() {
      await set(LIST, [], runs());
    },
  };
}
