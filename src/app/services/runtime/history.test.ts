import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../lib/storage';
import { HISTORY_KEY, HistoryStore, statusOf, type HistoryEntry } from './history';

const entry = (id: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  tool: 'read_file',
  summary: `Read ${id}`,
  args: { path: id },
  status: 'success',
  risk: 'safe',
  durationMs: 12,
  startedAt: 1_700_000_000_000,
  ...overrides,
});

describe('HistoryStore', () => {
  it('keeps entries newest first and persists them', () => {
    const storage = createMemoryStore();
    const history = new HistoryStore(storage);
    history.add(entry('a'));
    history.add(entry('b'));
    expect(history.list().map((item) => item.id)).toEqual(['b', 'a']);
    expect(new HistoryStore(storage).list().map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('caps the number of entries, dropping the oldest', () => {
    const history = new HistoryStore(createMemoryStore(), 3);
    for (const id of ['1', '2', '3', '4', '5']) history.add(entry(id));
    expect(history.list().map((item) => item.id)).toEqual(['5', '4', '3']);
  });

  it('ignores stored data of another shape', () => {
    const storage = createMemoryStore();
    storage.setItem(
      HISTORY_KEY,
      JSON.stringify([entry('ok'), { id: 3 }, 'junk', entry('bad', { status: 'weird' as never })]),
    );
    expect(new HistoryStore(storage).list().map((item) => item.id)).toEqual(['ok']);
    storage.setItem(HISTORY_KEY, '{not json');
    expect(new HistoryStore(storage).list()).toEqual([]);
  });

  it('notifies subscribers, removes and clears', () => {
    const history = new HistoryStore(createMemoryStore());
    const seen: number[] = [];
    const unsubscribe = history.subscribe((entries) => seen.push(entries.length));
    history.add(entry('a'));
    history.add(entry('b'));
    history.remove('a');
    unsubscribe();
    history.clear();
    expect(seen).toEqual([1, 2, 1]);
    expect(history.list()).toEqual([]);
  });

  it('works without storage', () => {
    const history = new HistoryStore(null);
    history.add(entry('a'));
    expect(history.list()).toHaveLength(1);
  });
});

describe('statusOf', () => {
  it('maps error codes to statuses', () => {
    expect(statusOf(true, undefined)).toBe('success');
    expect(statusOf(false, 'denied')).toBe('denied');
    expect(statusOf(false, 'cancelled')).toBe('cancelled');
    expect(statusOf(false, 'timeout')).toBe('timeout');
    expect(statusOf(false, 'path_outside_workspace')).toBe('failed');
  });
});

describe('HistoryStore on a full disk', () => {
  it('keeps the entry for this page and says why it was not saved, until a write goes through', () => {
    const storage = createMemoryStore();
    let full = true;
    const refusing = {
      ...storage,
      setItem: (key: string, value: string) => {
        if (full) throw new DOMException('', 'QuotaExceededError');
        storage.setItem(key, value);
      },
    };
    const history = new HistoryStore(refusing);
    history.add(entry('a'));
    expect(history.list().map((item) => item.id)).toEqual(['a']);
    expect(history.notSaved).toMatch(
      /^This history was not saved\. The browser refused to store it: this site's storage in the browser is full/,
    );
    full = false;
    history.add(entry('b'));
    expect(history.notSaved).toBeNull();
    expect(new HistoryStore(storage).list().map((item) => item.id)).toEqual(['b', 'a']);
  });
});
