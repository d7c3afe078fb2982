/** Eval suites in IndexedDB (their own database), with the last results of each, so a reload loses nothing. */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { CaseRun, EvalSuite } from '../../../core/evals';
import { tryWriteAsync, type WriteResult } from '../../lib/storageFailure';

export interface SuiteResults {
  runs: CaseRun[];
  /** Runs planned; more than runs.length when the run was cancelled. */
  total: number;
  cancelled: boolean;
  /** Where the runs came from: models run on the page, or a file scored offline. */
  source: 'models' | 'offline';
  finishedAt: string;
}

export interface StoredSuite {
  id: string;
  suite: EvalSuite;
  updatedAt: string;
  results?: SuiteResults;
}

let store: UseStore | null = null;
const suiteStore = (): UseStore => (store ??= createStore('tool-schema-playground-eval-suites', 'suites'));

export async function loadSuites(): Promise<StoredSuite[]> {
  try {
    const all = await entries<string, StoredSuite>(suiteStore());
    return all.map(([, value]) => value).sort((left, right) => right.updatedAt.localeCompare(left.updatedAt));
  } catch {
    return [];
  }
}

/** Never rejects: a refusal (storage full) comes back with its reason, and the page keeps the suite as it is. */
export function saveSuite(stored: StoredSuite): Promise<WriteResult> {
  return tryWriteAsync(() => set(stored.id, structuredClone(stored), suiteStore()));
}

export async function deleteSuite(id: string): Promise<void> {
  await del(id, suiteStore());
}

export const newSuiteId = (): string => `suite-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
