/**
 * RE2 (linear-regex.ts) as a value each entry point gives its validator (`createValidator({ regexEngine })`),
 * which passes it down to warning patterns, schema patterns and the audit. re2js is about 45 KB gzip, more than
 * the rest of the validation runtime, and most tools never need it: the CLI, the workers, the tests and the build
 * have it from the start (`readyRegexEngine`), the page loads it on demand (`lazyRegexEngine`) when a tool's
 * warning rules or patterns call for it.
 *
 * Without it nothing falls back to an unguarded native RegExp: warning rules report that they could not check
 * yet (rules.ts) and schema patterns keep the backtracking guard (regex/compile.ts).
 */
import type { LinearRegex } from './linear-regex';

export type CompileLinear = (source: string, options?: { ignoreCase?: boolean; multiline?: boolean }) => LinearRegex | null;

export interface RegexEngine {
  /** RE2's compile function, or null while it is not here (the page before it has loaded it). */
  current(): CompileLinear | null;
  /** Brings it here (once; a failed load is tried again on the next call). Rejects where there is none to load. */
  load(): Promise<void>;
}

/** An engine present from the start: the CLI's, the workers', the build's and the tests'. */
export function readyRegexEngine(compile: CompileLinear): RegexEngine {
  return { current: () => compile, load: () => Promise.resolve() };
}

/** An engine loaded when first asked for (the page's); until then `current()` is null. */
export function lazyRegexEngine(importEngine: () => Promise<CompileLinear>): RegexEngine {
  let engine: CompileLinear | null = null;
  let loading: Promise<void> | null = null;
  return {
    current: () => engine,
    load() {
      if (engine !== null) return Promise.resolve();
      loading ??= importEngine().then(
        (compile) => {
          engine ??= compile;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** No engine at all: warning patterns that need RE2 stay unchecked, schema patterns keep the backtracking guard. */
export const NO_REGEX_ENGINE: RegexEngine = Object.freeze({
  current: () => null,
  load: () => Promise.reject(new Error('no regular-expression engine is given to this validator')),
});
