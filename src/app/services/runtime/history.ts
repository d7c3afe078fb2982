/**
 * The history of executed calls, kept in localStorage (newest first, capped) so a reload keeps it.
 * Arguments are stored as given; results are reduced to what the list shows.
 */
import type { RuntimeErrorCode } from '../../../core/runtime/types';
import type { RiskLevel } from '../../../core/toolset/types';
import type { KeyValueStore } from '../../lib/storage';
import { notSavedLine, tryWrite } from '../../lib/storageFailure';

export const HISTORY_KEY = 'tsp:execution-history';
const HISTORY_LIMIT = 200;

export type HistoryStatus = 'success' | 'failed' | 'denied' | 'cancelled' | 'timeout';

export interface HistoryEntry {
  id: string;
  /** Absent: the default toolset (entries written before there were several). */
  toolset?: string;
  tool: string;
  summary: string;
  args: Record<string, unknown>;
  status: HistoryStatus;
  errorCode?: RuntimeErrorCode;
  risk: RiskLevel | null;
  durationMs: number;
  /** Epoch milliseconds when the call started. */
  startedAt: number;
}

export function statusOf(success: boolean, errorCode: RuntimeErrorCode | undefined): HistoryStatus {
  if (success) return 'success';
  if (errorCode === 'denied') return 'denied';
  if (errorCode === 'cancelled') return 'cancelled';
  if (errorCode === 'timeout') return 'timeout';
  return 'failed';
}

const STATUSES: readonly string[] = ['success', 'failed', 'denied', 'cancelled', 'timeout'] satisfies HistoryStatus[];

function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<HistoryEntry>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.tool === 'string' &&
    typeof entry.summary === 'string' &&
    typeof entry.args === 'object' &&
    entry.args !== null &&
    !Array.isArray(entry.args) &&
    typeof entry.status === 'string' &&
    STATUSES.includes(entry.status) &&
    typeof entry.durationMs === 'number' &&
    typeof entry.startedAt === 'number'
  );
}

function defaultStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

type Listener = (entries: HistoryEntry[]) => void;

export class HistoryStore {
  private entries: HistoryEntry[];
  private readonly listeners = new Set<Listener>();
  private refusal: string | null = null;

  constructor(
    private readonly store: KeyValueStore | null = defaultStore(),
    private readonly limit = HISTORY_LIMIT,
  ) {
    this.entries = this.read();
  }

  list(): HistoryEntry[] {
    return this.entries;
  }

  /** Why the browser refused the last write (the history then holds for this page only), or null. */
  get notSaved(): string | null {
    return this.refusal;
  }

  /** Whether the history outlives the page (an embed's lives in memory only). */
  get persistent(): boolean {
    return this.store !== null;
  }

  add(entry: HistoryEntry): void {
    this.entries = [entry, ...this.entries.filter((existing) => existing.id !== entry.id)].slice(0, this.limit);
    this.write();
  }

  remove(id: string): void {
    this.entries = this.entries.filter((entry) => entry.id !== id);
    this.write();
  }

  clear(): void {
    this.entries = [];
    this.write();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private read(): HistoryEntry[] {
    try {
      const text = this.store?.getItem(HISTORY_KEY);
      if (!text) return [];
      const parsed: unknown = JSON.parse(text);
      // Entries of an older or damaged shape are dropped, never shown half-broken.
      return Array.isArray(parsed) ? parsed.filter(isHistoryEntry).slice(0, this.limit) : [];
    } catch {
      return [];
    }
  }

  private write(): void {
    // Storage full or disabled: the in-memory history still works for this session, and says it was not saved.
    const { store } = this;
    this.refusal = store
      ? notSavedLine(
          'This history was',
          tryWrite(() => store.setItem(HISTORY_KEY, JSON.stringify(this.entries))),
        )
      : null;
    for (const listener of [...this.listeners]) listener(this.entries);
  }
}
