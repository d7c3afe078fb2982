import { describe, expect, it } from 'vitest';
import {
  checkedWrite,
  isQuotaError,
  notSavedLine,
  storageFailureMessage,
  StorageWriteError,
  tryWrite,
  tryWriteAsync,
} from './storageFailure';

describe('the message for a write the browser refused', () => {
  it('names a full storage, whatever the browser called it, and says what to do', () => {
    const chromium = new DOMException('', 'QuotaExceededError');
    const firefox = Object.assign(new Error('Persistent storage maximum size reached'), {
      name: 'NS_ERROR_DOM_QUOTA_REACHED',
      code: 1014,
    });
    expect(isQuotaError(chromium)).toBe(true);
    expect(isQuotaError(firefox)).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(storageFailureMessage(chromium)).toBe(
      "The browser refused to store it: this site's storage in the browser is full (QuotaExceededError). Free space (delete imported toolsets, runs or suites you no longer need, or clear other sites’ data) and try again.",
    );
    expect(storageFailureMessage(firefox)).toContain(
      'storage in the browser is full (NS_ERROR_DOM_QUOTA_REACHED: Persistent storage maximum size reached)',
    );
  });

  it('gives the browser’s own words when it knows no better, and never an empty reason', () => {
    expect(storageFailureMessage(new Error('Disk I/O failed.'))).toMatch(
      /^The browser refused to store it: Disk I\/O failed\. Free space/,
    );
    expect(storageFailureMessage(new DOMException('', 'SecurityError'))).toContain(
      'does not let this page use storage',
    );
    expect(storageFailureMessage(undefined)).toMatch(/^The browser refused to store it: the browser gave no reason\./);
  });

  it('wraps a refused write once, keeping the cause', async () => {
    const full = new DOMException('', 'QuotaExceededError');
    const refused = await checkedWrite(() => Promise.reject(full)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageWriteError);
    expect((refused as Error).cause).toBe(full);
    await expect(checkedWrite(() => Promise.reject(refused))).rejects.toBe(refused);
    expect(await checkedWrite(async () => 7)).toBe(7);
  });
});

describe('a checked write', () => {
  it('answers ok when the write went through', async () => {
    expect(tryWrite(() => undefined)).toEqual({ ok: true });
    expect(await tryWriteAsync(async () => 1)).toEqual({ ok: true });
  });

  it('answers refused with the reason and what to do, and never throws', async () => {
    const full = new DOMException('', 'QuotaExceededError');
    const sync = tryWrite(() => {
      throw full;
    });
    expect(sync).toMatchObject({ ok: false, cause: full });
    expect(!sync.ok && sync.message).toMatch(
      /^The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. Free space \(delete imported toolsets, runs/,
    );
    const async = await tryWriteAsync(() => Promise.reject(new StorageWriteError(full)));
    expect(async).toMatchObject({ ok: false, cause: full });
    expect(notSavedLine('This suite was', async)).toMatch(
      /^This suite was not saved\. The browser refused to store it: this site's storage in the browser is full/,
    );
    expect(notSavedLine('This suite was', { ok: true })).toBeNull();
  });
});
