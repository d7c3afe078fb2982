/**
 * What to tell the user when the browser refuses a write to its storage (localStorage or IndexedDB): the reason, in
 * words, and what to do. Browsers report a full disk or quota as `QuotaExceededError` (a DOMException, often with an
 * empty message), so the name decides, not the message.
 */

const REASONS: Record<string, string> = {
  QuotaExceededError: "this site's storage in the browser is full",
  SecurityError: 'the browser does not let this page use storage (a private window, or storage blocked for the site)',
  InvalidStateError:
    'the browser closed its storage for this page (a private window, or the site data was being cleared)',
  UnknownError: 'the browser could not write to its storage (the disk may be full)',
  AbortError: 'the browser stopped the write (the disk may be full)',
  DataCloneError: 'the data cannot be stored as it is',
};

/** How to make room, as the middle of a sentence. */
export const FREE_SPACE =
  'free space (delete imported toolsets, runs or suites you no longer need, or clear other sites’ data)';
const WHAT_TO_DO = `F${FREE_SPACE.slice(1)} and try again.`;

/** True for the refusal a full disk or quota gives, whichever browser raised it. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  // 22: Chromium and WebKit's legacy code; 1014 and NS_ERROR_DOM_QUOTA_REACHED: Firefox's.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/** Why the browser refused (with its own name and words for it), and what to do about it. */
export function storageRefusal(error: unknown): { reason: string; whatToDo: string } {
  const fields = typeof error === 'object' && error !== null ? (error as { name?: unknown; message?: unknown }) : {};
  const name = typeof fields.name === 'string' && fields.name !== 'Error' ? fields.name : '';
  const detail = (
    typeof fields.message === 'string'
      ? fields.message
      : error === undefined || error === null || typeof error === 'object'
        ? ''
        : String(error)
  )
    .trim()
    .replace(/\.$/, '');
  const known = isQuotaError(error) ? REASONS['QuotaExceededError'] : REASONS[name];
  const reason = known
    ? `${known} (${[name || 'QuotaExceededError', detail].filter(Boolean).join(': ')})`
    : `${detail || 'the browser gave no reason'}${name ? ` (${name})` : ''}`;
  return { reason, whatToDo: WHAT_TO_DO };
}

/** "The browser refused to store it: <reason> (<name>: <message>). <what to do>" — never without a reason. */
export function storageFailureMessage(error: unknown): string {
  const { reason, whatToDo } = storageRefusal(error);
  return `The browser refused to store it: ${reason}. ${whatToDo}`;
}

/** An error whose message is `storageFailureMessage`, keeping the browser's own as its cause. */
export class StorageWriteError extends Error {
  constructor(cause: unknown) {
    super(storageFailureMessage(cause), { cause });
    this.name = 'StorageWriteError';
  }
}

/** Runs a write; a refusal comes back as a StorageWriteError that says why and what to do. */
export async function checkedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw error instanceof StorageWriteError ? error : new StorageWriteError(error);
  }
}

/** What a write to storage came to: stored, or refused with the sentence to show by the thing that was not saved. */
export type WriteResult = { ok: true } | { ok: false; message: string; cause: unknown };

const refused = (cause: unknown): WriteResult => ({ ok: false, message: storageFailureMessage(cause), cause });

/** A synchronous write (localStorage, sessionStorage): never throws, answers whether it was stored and, if not, why. */
export function tryWrite(write: () => void): WriteResult {
  try {
    write();
    return { ok: true };
  } catch (error) {
    return refused(error instanceof StorageWriteError ? error.cause : error);
  }
}

/** An asynchronous write (IndexedDB): never rejects, answers whether it was stored and, if not, why. */
export async function tryWriteAsync(write: () => Promise<unknown>): Promise<WriteResult> {
  try {
    await write();
    return { ok: true };
  } catch (error) {
    return refused(error instanceof StorageWriteError ? error.cause : error);
  }
}

/** "Not saved: <what>. The browser refused …": the line shown beside the thing that was not saved. */
export const notSavedLine = (what: string, result: WriteResult): string | null =>
  result.ok ? null : `${what} not saved. ${result.message}`;
