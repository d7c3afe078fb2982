import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSuiteStore, type StoredSuite } from './suiteStore';

const { load: loadSuites, save: saveSuite } = createSuiteStore();

afterEach(() => vi.restoreAllMocks());

const suite = (name: string): StoredSuite => ({
  id: 'suite-1',
  suite: { name, toolset: 'acode-core', repetitions: 1, cases: [] },
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the eval suite store', () => {
  it('saves a suite and says so', async () => {
    expect(await saveSuite(suite('First'))).toEqual({ ok: true });
    expect((await loadSuites()).map((stored) => stored.suite.name)).toEqual(['First']);
  });

  it('on a full disk answers why, never rejects, and the stored copy stays as it was', async () => {
    await saveSuite(suite('First'));
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const result = await saveSuite(suite('Renamed'));
    expect(!result.ok && result.message).toMatch(
      /^The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)/,
    );
    vi.restoreAllMocks();
    expect((await loadSuites()).map((stored) => stored.suite.name)).toEqual(['First']);
  });
});
