/**
 * The page's timeout for calls whose tool sets none (no `timeout_seconds`): the runtime default
 * unless the `tsp:default-timeout-seconds` localStorage entry sets another, read when the page
 * loads. Tests use it to reach a runaway call's kill in seconds rather than half a minute.
 */
import type { KeyValueStore } from '../../lib/storage';

export const DEFAULT_TIMEOUT_SETTING_KEY = 'tsp:default-timeout-seconds';
/** Beyond an hour a stuck worker would hold the runtime for too long to be useful. */
const MAX_SECONDS = 3_600;

function browserStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The configured default in milliseconds, or undefined (use the runtime's) when unset or not a sensible number. */
export function readDefaultTimeoutMs(store: KeyValueStore | null = browserStore()): number | undefined {
  let stored: string | null = null;
  try {
    stored = store?.getItem(DEFAULT_TIMEOUT_SETTING_KEY) ?? null;
  } catch {
    return undefined;
  }
  if (stored === null || stored.trim() === '') return undefined;
  const seconds = Number(stored);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SECONDS) return undefined;
  return Math.round(seconds * 1000);
}
