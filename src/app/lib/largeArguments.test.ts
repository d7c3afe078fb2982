import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLargeTexts, hasLargeArgumentsText, lostTextMessage, markedLength } from './largeArguments';
import { createMemoryStore } from './storage';

afterEach(() => vi.restoreAllMocks());

const large = createLargeTexts();

describe('arguments too large for localStorage', () => {
  it('are kept in IndexedDB and marked, and read back', async () => {
    const store = createMemoryStore();
    expect(await large.save('write_file', 'x'.repeat(10), store)).toBeNull();
    expect(hasLargeArgumentsText('write_file', store)).toBe(true);
    expect(await large.load('write_file')).toBe('x'.repeat(10));
  });

  it('refused by the browser: say so with the reason, drop the older copy, and leave the mark for the reload to explain', async () => {
    const store = createMemoryStore();
    await large.save('read_file', 'older', store);
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const problem = await large.save('read_file', 'y'.repeat(6_000_000), store);
    expect(problem).toBe(
      "Not saved: the browser refused to store these arguments (6,000,000 characters): this site's storage in the browser is full (QuotaExceededError). They stay in the editor while this page is open: copy them somewhere safe, or free space (delete imported toolsets, runs or suites you no longer need, or clear other sites’ data) and edit them to save again.",
    );
    expect(await large.load('read_file')).toBeNull();
    expect(markedLength('read_file', store)).toBe(6_000_000);
    expect(lostTextMessage(6_000_000)).toMatch(
      /^Your last arguments here \(6,000,000 characters\) were not kept: .* The example is shown instead\.$/,
    );
  });

  it('with no room for the mark either, still says why', async () => {
    const store = {
      ...createMemoryStore(),
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    expect(await large.save('edit_file', '{}', store)).toMatch(
      /^Not saved: .*full \(QuotaExceededError: The quota has been exceeded\)\./,
    );
    expect(markedLength('edit_file', store)).toBeNull();
  });
});
