/**
 * The nesting limit on arguments, walked only when Ajv's verdict does not already prove it (a schema whose
 * nesting is bounded, schema-shape.ts `nestingBound`).
 */
import { appendPath } from './describe';
import { MAX_NESTING_DEPTH } from './limits';

/** The top-level parameter holding a value nested deeper than the limit, or null. */
export function findTooDeep(args: Record<string, unknown>): string | null {
  for (const key in args) {
    if (!Object.prototype.hasOwnProperty.call(args, key)) continue;
    const value = args[key];
    if (value !== null && typeof value === 'object' && exceedsDepth(value, 2)) return appendPath('', key);
  }
  return null;
}

function exceedsDepth(value: object, depth: number): boolean {
  if (depth > MAX_NESTING_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item !== null && typeof item === 'object' && exceedsDepth(item, depth + 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item: unknown = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && exceedsDepth(item, depth + 1)) return true;
  }
  return false;
}
