import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../lib/storage';
import { DEFAULT_TIMEOUT_SETTING_KEY, readDefaultTimeoutMs } from './timeoutSetting';

function storeWith(value: string | null) {
  const store = createMemoryStore();
  if (value !== null) store.setItem(DEFAULT_TIMEOUT_SETTING_KEY, value);
  return store;
}

describe('readDefaultTimeoutMs', () => {
  it('reads seconds and returns milliseconds', () => {
    expect(readDefaultTimeoutMs(storeWith('3'))).toBe(3000);
    expect(readDefaultTimeoutMs(storeWith('0.5'))).toBe(500);
  });

  it('leaves the runtime default when unset, empty, not a number, not positive or absurdly long', () => {
    for (const value of [null, '', '  ', 'soon', '0', '-4', 'Infinity', '7200']) {
      expect(readDefaultTimeoutMs(storeWith(value)), String(value)).toBeUndefined();
    }
  });

  it('survives storage that is missing or throws', () => {
    expect(readDefaultTimeoutMs(null)).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(readDefaultTimeoutMs(throwing)).toBeUndefined();
  });
});
