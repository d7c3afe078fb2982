import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunRecord } from '../../core/model/agent/trace';
import { createRunHistory } from './runHistory';

afterEach(() => vi.restoreAllMocks());

const run = (id: string) => ({ id, startedAt: '2026-01-01T00:00:00.000Z' }) as unknown as RunRecord;

describe('the run history', () => {
  it('saves runs newest first', async () => {
    const history = createRunHistory();
    await history.clear();
    expect((await history.save(run('a'))).result).toEqual({ ok: true });
    const { runs } = await history.save(run('b'));
    expect(runs.map((entry) => entry.id)).toEqual(['b', 'a']);
    expect((await history.load()).map((entry) => entry.id)).toEqual(['b', 'a']);
  });

  it('on a full disk keeps the run in the list it answers and says why it was not stored', async () => {
    const history = createRunHistory();
    await history.clear();
    await history.save(run('a'));
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const { runs, result } = await history.save(run('b'));
    expect(runs.map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(!result.ok && result.message).toMatch(
      /^The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. Free space/,
    );
    vi.restoreAllMocks();
    expect((await history.load()).map((entry) => entry.id)).toEqual(['a']);
  });
});
