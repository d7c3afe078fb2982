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

export interface SuiteStore {
  /** Every stored suite, the last changed first; none when the browser keeps none. */
  load(): Promise<StoredSuite[]>;
  /** Never rejects: a refusal (storage full) comes back with its reason, and the page keeps the suite as it is. */
  save(stored: StoredSuite): Promise<WriteResult>;
  remove(id: string): Promise<void>;
}

/** The suites' database, opened on first use. */
export function createSuiteStore(): SuiteStore {
  let database: UseStore | null = null;
  const suites = (): UseStore => (database ??= createStore('tool-schema-playground-eval-suites', 'suites'));
  return {
    async load() {
      try {
        const all = await entries<string, StoredSuite>(suites());
        return all.map(([, value]) => value).sort((left, right) => right.updatedAt.localeCompare(left.updatedAt));
      } catch {
        return [];
      }
    },
    save(stored) {
      return tryWriteAsync(() => set(stored.id, structuredClone(stored), suites()));
    },
    async remove(id) {
      await del(id, suites());
    },
  };
}

export const newSuiteId = (): string => `suite-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
