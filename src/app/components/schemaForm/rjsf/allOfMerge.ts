/**
 * rjsf's allOf merge (@rjsf/utils' `shallowAllOfMerge`, which the build swaps for this module), loaded only for a
 * schema that has `allOf`: @x0k/json-schema-merge was 3.5 KB of the form's 41 KB gzip, and no bundled tool has one.
 * The form loads it before it draws such a schema (ArgumentsForm.tsx), so rjsf never meets an allOf without it, and
 * hands it to rjsf as the form's own merge (`experimental_customMergeAllOf`): the loaded merge lives on the value
 * createAllOfMerge makes (one a page, handed to every form on it), not in this module.
 */
import type { RJSFSchema } from '@rjsf/utils';

type Merge = (schema: RJSFSchema) => RJSFSchema;

/** Whether `allOf` appears in the schema as a key, at any depth (a property of that name too: loading is harmless). */
export function hasAllOf(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasAllOf);
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (key === 'allOf' || hasAllOf((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export interface AllOfMerge {
  /**
   * The one load of the merge while it is on its way, else null: once it is here, or once it failed (offline: the form
   * is then drawn as rjsf draws an allOf it cannot merge, without it, rather than waiting for ever).
   */
  loading(): Promise<void> | null;
  /** The form's `experimental_customMergeAllOf`: throws until loaded, which rjsf catches (it draws the schema without its allOf). */
  merge: Merge;
}

export function createAllOfMerge(): AllOfMerge {
  let loaded: Merge | null = null;
  let loading: Promise<void> | null = null;
  let failed = false;
  return {
    loading() {
      if (loaded !== null || failed) return null;
      loading ??= import('@rjsf/utils/lib/schema/shallowAllOfMerge.js').then(
        (module) => {
          loaded = module.default as Merge;
        },
        () => {
          failed = true;
        },
      );
      return loading;
    },
    merge(schema) {
      if (loaded === null) throw new Error('the allOf merge has not loaded');
      return loaded(schema);
    },
  };
}

/**
 * What rjsf calls in place of its own merge when a form names none: every form here names its own (ArgumentsForm), so
 * this only says so; rjsf catches it and draws the schema without its allOf.
 */
export default function shallowAllOfMerge(): RJSFSchema {
  throw new Error('the allOf merge is the form’s own (experimental_customMergeAllOf)');
}
