/**
 * The run settings last used, shared by the Models page and the tool page's panel and kept across visits
 * (localStorage). They hold no key: RunSettings has no key field, and keys live in keyStore.ts only.
 */
import { PROVIDERS } from '../../../core/model/spec';
import { DEFAULT_SETTINGS, type RunSettings } from './settings';

const STORAGE_KEY = 'tsp:model-settings';
/** What carries over: the endpoint and model, the prompts, the options; never the toolset, which each view picks. */
const KEPT = ['provider', 'baseUrl', 'model', 'system', 'userMessage', 'temperature', 'mode', 'maxSteps'] as const;

export function recalledSettings(base: RunSettings = DEFAULT_SETTINGS): RunSettings {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Record<string, unknown>> | null;
    if (!saved || typeof saved !== 'object') return base;
    const next: RunSettings = { ...base };
    if (typeof saved.provider === 'string' && (PROVIDERS as readonly string[]).includes(saved.provider)) next.provider = saved.provider as RunSettings['provider'];
    for (const field of ['baseUrl', 'model', 'system', 'userMessage'] as const) if (typeof saved[field] === 'string') next[field] = saved[field];
    if (saved.temperature === null || typeof saved.temperature === 'number') next.temperature = saved.temperature;
    if (saved.mode === 'judge' || saved.mode === 'agent') next.mode = saved.mode;
    // Steps as typed, out of range included: the form says what is wrong with them, rather than losing them.
    if (typeof saved.maxSteps === 'number' && Number.isFinite(saved.maxSteps)) next.maxSteps = saved.maxSteps;
    return next;
  } catch {
    return base;
  }
}

export function keepSettings(settings: RunSettings): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(KEPT.map((field) => [field, settings[field]]))));
  } catch {
    // Storage can be off (privacy mode): the settings are then this view's only.
  }
}
