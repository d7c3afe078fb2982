/**
 * rjsf's allOf merge (@rjsf/utils' `shallowAllOfMerge`, which the build swaps for this module), loaded only for a
 * schema that has `allOf`: @x0k/json-schema-merge was 3.5 KB of the form's 41 KB gzip, and no bundled tool has one.
 * The form loads it before it draws such a schema (ArgumentsForm.tsx), so rjsf never meets an allOf without it.
 */
import type { RJSFSchema } from '@rjsf/utils';

type Merge = (schema: RJSFSchema) => RJSFSchema;

// eslint-disable-next-line no-restricted-syntax -- rjsf calls the merge synchronously through the module it replaces, with no page to ask: the loaded merge stays here
let merge: Merge | null = null;
// eslint-disable-next-line no-restricted-syntax -- rjsf calls the merge synchronously through the module it replaces, with no page to ask: the loaded merge stays here
let loading: Promise<void> | null = null;
// eslint-disable-next-line no-restricted-syntax -- rjsf calls the merge synchronously through the module it replaces, with no page to ask: the loaded merge stays here
let failed = false;

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

/**
 * The one load of the merge while it is on its way, else null: once it is here, or once it failed (offline: the form is
 * then drawn as rjsf draws an allOf it cannot merge, without it, rather than waiting for ever).
 */
export function allOfMergeLoading(): Promise<void> | null {
  if (merge !== null || failed) return null;
  loading ??= import('@rjsf/utils/lib/schema/shallowAllOfMerge.js').then(
    (module) => {
      merge = module.default as Merge;
    },
    () => {
      failed = true;
    },
  );
  return loading;
}

export default function shallowAllOfMerge(schema: RJSFSchema): RJSFSchema {
  // rjsf catches this and draws the schema without its allOf (retrieveSchema.js).
  if (merge === null) throw new Error('the allOf merge has not loaded');
  return merge(schema);
}
