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

export type CompileLinear = (
  source: string,
  options?: { ignoreCase?: boolean; multiline?: boolean },
) => LinearRegex | null;

/**
 * The backtracking analysis (regex/) of a warning pattern's native twin (warning-pattern.ts), run case-insensitively:
 * its polynomial degree, or null where the analysis refuses it (then only RE2 runs the pattern).
 */
type TwinDegree = (twin: string) => number | null;

/** What an engine brings: RE2, and the analysis that says how far the native twin of a warning pattern may run. */
export interface EngineParts {
  compile: CompileLinear;
  twinDegree: TwinDegree;
}

export interface RegexEngine {
  /** RE2's compile function, or null while it is not here (the page before it has loaded it). */
  current(): CompileLinear | null;
  /**
   * A native twin's degree (TwinDegree), or undefined while this engine cannot tell: the page before it has loaded the
   * analysis, for a pattern the build did not read.
   */
  twinDegree(twin: string): number | null | undefined;
  /** Brings it here (once; a failed load is tried again on the next call). Rejects where there is none to load. */
  load(): Promise<void>;
}

/** An engine present from the start: the CLI's, the workers', the build's and the tests'. */
export function readyRegexEngine(parts: EngineParts): RegexEngine {
  return { current: () => parts.compile, twinDegree: parts.twinDegree, load: () => Promise.resolve() };
}

/**
 * An engine loaded when first asked for (the page's); until then `current()` is null, and twin degrees are those the
 * build worked out for the bundled tools' patterns (`known`), so the page ships the analysis only with RE2.
 */
export function lazyRegexEngine(
  importEngine: () => Promise<EngineParts>,
  known: Readonly<Record<string, number | null>> = {},
): RegexEngine {
  let engine: EngineParts | null = null;
  let loading: Promise<void> | null = null;
  return {
    current: () => (engine === null ? null : engine.compile),
    twinDegree: (twin) =>
      engine !== null
        ? engine.twinDegree(twin)
        : Object.prototype.hasOwnProperty.call(known, twin)
          ? known[twin]
          : undefined,
    load() {
      if (engine !== null) return Promise.resolve();
      loading ??= importEngine().then(
        (parts) => {
          engine ??= parts;
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

/** No engine at all: warning patterns stay unchecked, schema patterns keep the backtracking guard. */
export const NO_REGEX_ENGINE: RegexEngine = Object.freeze({
  current: () => null,
  twinDegree: () => undefined,
  load: () => Promise.reject(new Error('no regular-expression engine is given to this validator')),
});
