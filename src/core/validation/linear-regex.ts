/**
 * User regular expressions on RE2 (re2js): matching time is linear in the input, so no pattern can
 * backtrack catastrophically, however it is written. RE2 cannot express lookaround or backreferences;
 * for those `compileLinear` returns null and the caller falls back to the backtracking analysis of
 * regex/compile.ts.
 *
 * Semantics follow RE2 where they differ from ECMAScript: `\s` and `\w` are ASCII, and `.` stops only
 * at `\n`. Validation and the search tools both read patterns this way, so they agree.
 */
import { RE2JS } from 're2js';

export interface LinearRegex {
  /** True when the pattern matches somewhere in `text` (RegExp.test without the `g` state). */
  test(text: string): boolean;
  /** Every match in `text`, as start index and length (at most `limit`), for highlighting hits. */
  matches(text: string, limit?: number): { index: number; length: number }[];
  readonly engine: 're2';
}

const cache = new Map<string, LinearRegex | null>();
const MAX_CACHED = 500;

/** The pattern on RE2, or null when RE2 cannot express it (lookaround, backreferences) or it is invalid. */
export function compileLinear(
  source: string,
  options: { ignoreCase?: boolean; multiline?: boolean } = {},
): LinearRegex | null {
  const key = `${options.ignoreCase ? 'i' : ''}${options.multiline ? 'm' : ''}/${source}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let compiled: LinearRegex | null = null;
  try {
    const flags = (options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (options.multiline ? RE2JS.MULTILINE : 0);
    const expression = RE2JS.compile(RE2JS.translateRegExp(source), flags);
    compiled = {
      engine: 're2',
      test: (text) => expression.matcher(text).find(),
      matches(text, limit = Infinity) {
        const found: { index: number; length: number }[] = [];
        const matcher = expression.matcher(text);
        let from = 0;
        while (found.length < limit && from <= text.length && matcher.find(from)) {
          const index = matcher.start();
          const length = matcher.end() - index;
          found.push({ index, length });
          from = length === 0 ? matcher.end() + 1 : matcher.end();
        }
        return found;
      },
    };
  } catch {
    compiled = null;
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, compiled);
  return compiled;
}
