/** Past runs in IndexedDB, newest first, at most 50. A run record holds no key (traces are redacted). */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { RunRecord } from '../../../core/model/agent/trace';

export const MAX_RUNS = 50;
const LIST = 'runs';
let store: UseStore | null = null;
const runStore = (): UseStore => (store ??= createStore('tool-schema-playground-model-runs', 'runs'));

export async function loadRuns(): Promise<RunRecord[]> {
  try {
    const runs = await get<RunRecord[]>(LIST, runStore());
    return Array.isArray(runs) ? runs : [];
  } catch {
    return [];
  }
}

export async function saveRun(run: RunRecord): Promise<RunRecord[]> {
  const runs = (await loadRuns()).filter((entry) => entry.id !== run.id);
  const next = [structuredClone(run), ...runs].slice(0, MAX_RUNS);
  await set(LIST, next, runStore());
  return next;
}

export async function deleteRuns(): Promise<void> {
  await set(LIST, [], runStore());
}
