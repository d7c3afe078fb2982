/**
 * Where RE2 (linear-regex.ts) is reached from code the page loads. re2js is about 45 KB gzip, more than the rest
 * of the validation runtime, and most tools never need it: it registers itself here when linear-regex.ts is
 * imported (statically by compile.ts, so the CLI, the workers, the tests and the build always have it), and the
 * page loads it on demand with `loadLinearEngine()` when a tool's warning rules or patterns call for it.
 *
 * Without it nothing falls back to an unguarded native RegExp: warning rules report that they could not check
 * yet (rules.ts) and schema patterns keep the backtracking guard (pattern-safety.ts).
 */
import type { LinearRegex } from './linear-regex';

export type CompileLinear = (source: string, options?: { ignoreCase?: boolean; multiline?: boolean }) => LinearRegex | null;

let engine: CompileLinear | null = null;
let loading: Promise<void> | null = null;

/** linear-regex.ts calls this when imported; `null` takes it away again (tests of the page's case). */
export function registerLinearEngine(compile: CompileLinear | null): void {
  engine = compile;
  if (compile === null) loading = null;
}

/** RE2's compile function, or null while it is not loaded in this context. */
export function linearEngine(): CompileLinear | null {
  return engine;
}

/** Loads RE2 once (a failed load is retried on the next call). */
export function loadLinearEngine(): Promise<void> {
  if (engine !== null) return Promise.resolve();
  loading ??= import('./linear-regex').then(
    (module) => {
      engine ??= module.compileLinear;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
