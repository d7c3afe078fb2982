import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyStore } from './keyStore';

afterEach(() => vi.restoreAllMocks());

describe('the key store', () => {
  it('remembers a key on this device', async () => {
    expect(await createKeyStore().remember('openai-chat', 'sk-remembered')).toEqual({ ok: true });
    expect(await createKeyStore().loadRemembered('openai-chat')).toBe('sk-remembered');
  });

  it('on a full disk answers why and never rejects; the key is not remembered', async () => {
    const keys = createKeyStore();
    await keys.forget('anthropic');
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    const result = await keys.remember('anthropic', 'sk-refused');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/storage in the browser is full \(QuotaExceededError\)/);
    expect(!result.ok && result.message).not.toContain('sk-refused');
    vi.restoreAllMocks();
    expect(await createKeyStore().loadRemembered('anthropic')).toBeNull();
  });
});
