/**
 * The run settings last used, shared by the Models page and the tool page's panel and kept across visits
 * (localStorage). They hold no key: RunSettings has no key field, and keys live in keyStore.ts only.
 */
import { PROVIDERS } from '../../../core/model/spec';
import { MAX_EXTRA_COLUMNS, NO_COMPARE, type CompareSettings } from './compareSettings';
import { DEFAULT_SETTINGS, type RunSettings } from './settings';
import { tryWrite, type WriteResult } from '../../lib/storageFailure';

const STORAGE_KEY = 'tsp:model-settings';
/** What carries over: the endpoint and model, the prompts, the options; never the toolset, which each view picks. */
const KEPT = [
  'provider',
  'baseUrl',
  'model',
  'system',
  'userMessage',
  'temperature',
  'mode',
  'maxSteps',
  'toolChoice',
] as const;

/** What was kept, read now; null when nothing (or nothing readable) was. */
export function savedSettings(): Partial<Record<string, unknown>> | null {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<
      Record<string, unknown>
    > | null;
    return saved && typeof saved === 'object' ? saved : null;
  } catch {
    return null;
  }
}

/**
 * `saved` is read when this is called, not when React runs an updater made of it: React may run an updater again
 * after the settings were kept anew (an edit rendered first), and would then recall the edit's own write.
 */
export function recalledSettings(
  base: RunSettings = DEFAULT_SETTINGS,
  saved: Partial<Record<string, unknown>> | null = savedSettings(),
): RunSettings {
  try {
    if (!saved) return base;
    const next: RunSettings = { ...base };
    if (typeof saved.provider === 'string' && (PROVIDERS as readonly string[]).includes(saved.provider))
      next.provider = saved.provider as RunSettings['provider'];
    for (const field of ['baseUrl', 'model', 'system', 'userMessage'] as const)
      if (typeof saved[field] === 'string') next[field] = saved[field];
    if (saved.temperature === null || typeof saved.temperature === 'number') next.temperature = saved.temperature;
    if (saved.mode === 'judge' || saved.mode === 'agent') next.mode = saved.mode;
    // Steps as typed, out of range included: the form says what is wrong with them, rather than losing them.
    if (typeof saved.maxSteps === 'number' && Number.isFinite(saved.maxSteps)) next.maxSteps = saved.maxSteps;
    // A tool named as the choice belongs to the toolset it was chosen in, which is not kept: only the toolset-free kinds carry over.
    const choice = saved.toolChoice as { type?: unknown } | null | undefined;
    if (choice && (choice.type === 'auto' || choice.type === 'required' || choice.type === 'none'))
      next.toolChoice = { type: choice.type };
    return next;
  } catch {
    return base;
  }
}

/** Refused (storage full or off): the settings are then this view's only, and the answer says why. */
export function keepSettings(settings: RunSettings): WriteResult {
  return tryWrite(() =>
    globalThis.localStorage?.setItem(
      STORAGE_KEY,
      JSON.stringify(Object.fromEntries(KEPT.map((field) => [field, settings[field]]))),
    ),
  );
}

const COMPARE_KEY = 'tsp:model-compare';

/** Side by side as last typed: the columns' providers, addresses and models (never their keys), or the toolset variant. */
export function recalledCompare(): CompareSettings {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(COMPARE_KEY) ?? 'null') as Partial<
      Record<string, unknown>
    > | null;
    if (!saved || typeof saved !== 'object') return NO_COMPARE;
    const kind = saved.kind === 'models' || saved.kind === 'toolsets' ? saved.kind : 'off';
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const extra = (Array.isArray(saved.extra) ? saved.extra : [])
      .filter(
        (column): column is Record<string, unknown> =>
          column !== null &&
          typeof column === 'object' &&
          (PROVIDERS as readonly unknown[]).includes((column as Record<string, unknown>).provider),
      )
      .slice(0, MAX_EXTRA_COLUMNS)
      .map((column) => ({
        provider: column.provider as RunSettings['provider'],
        baseUrl: text(column.baseUrl),
        model: text(column.model),
        apiKey: '',
      }));
    return {
      kind,
      extra,
      editTool: text(saved.editTool),
      editDescription: text(saved.editDescription),
      editVersion: text(saved.editVersion),
    };
  } catch {
    return NO_COMPARE;
  }
}

/** Refused (storage full or off): the columns are then this view's only, and the answer says why. */
export function keepCompare(compare: CompareSettings): WriteResult {
  const extra = compare.extra.map(({ provider, baseUrl, model }) => ({ provider, baseUrl, model }));
  return tryWrite(() => globalThis.localStorage?.setItem(COMPARE_KEY, JSON.stringify({ ...compare, extra })));
}
