/**
 * Patterns run on RE2 (linear-regex.ts) wherever RE2 can express them, which makes catastrophic
 * backtracking impossible rather than detected; only a pattern the analysis (analyse.ts) reads as
 * linear keeps the faster native engine. What is left — lookaround and backreferences, which only a
 * backtracking engine runs — is guarded here. The same analysis serves the schema lint, which warns
 * about patterns that other (backtracking) validators of the same schema would choke on.
 *
 * A native RegExp cannot be interrupted once it runs (in the page or the CLI), so the only safe place
 * to stop a runaway backtracking pattern is before it runs:
 *
 * - Exponential shapes — a repeated group whose iterations can match the same text in more than one
 *   way, like `(a+)+`, `(\w+\s?)*` or `(a|a)*` — are refused when the schema compiles. No length cap
 *   helps there: `^(a+)+$` takes seconds on 28 characters.
 * - Polynomial shapes are rated by their degree (degree.ts). A pattern of degree d is tested only on
 *   values up to 10^(8/d) characters (quadratic 10,000, cubic 464, …), about 10^8 steps or a tenth of
 *   a second at worst; a longer value is refused with its own error. Linear patterns are tested on any length.
 *
 * The one analysis of regex sources: the search tools use it with their own flags for the patterns
 * RE2 cannot run, so a pattern gets the same verdict everywhere.
 */

import type { CompileLinear } from '../linear-engine';
import { analysePattern } from './analyse';
import { maxPatternInput } from './budget';

/** What a compiled pattern needs to offer: a RegExp, or a linear-time RE2 matcher. */
export interface PatternTester {
  test(text: string): boolean;
}

export type CompiledPattern =
  | {
      ok: true;
      expression: PatternTester;
      /** `re2` runs in linear time whatever the pattern; `backtracking` is a native RegExp judged by the analysis here. */
      engine: 're2' | 'backtracking';
      /** 1 linear, 2 quadratic, 3 cubic, … */
      degree: number;
      /** Longer values are not tested (see maxPatternInput). */
      maxInput: number;
    }
  | {
      ok: false;
      /** `invalid`: not a regular expression; `exponential`: refused by the analysis; `unreadable` / `too-complex`: refused unjudged. */
      code: PatternRefusal;
      reason: string;
    };

type PatternRefusal = 'invalid' | 'exponential' | 'unreadable' | 'too-complex';

const compiledPatterns = new Map<string, CompiledPattern>();
/** The verdicts with RE2, per engine given (one in practice: linear-regex.ts's compileLinear). */
const withEngine = new WeakMap<CompileLinear, Map<string, CompiledPattern>>();
const MAX_CACHED_PATTERNS = 500;

/**
 * The pattern as a native RegExp judged by the backtracking analysis alone: what a backtracking
 * validator (Ajv's default, most agent runtimes) would face. The lint uses it to warn schema authors;
 * the validator uses it only for patterns RE2 cannot run.
 */
export function compileBacktracking(pattern: string): CompiledPattern {
  return cached(`b/${pattern}`, () => {
    let expression: RegExp;
    try {
      expression = new RegExp(pattern, 'u');
    } catch (error) {
      return {
        ok: false,
        code: 'invalid',
        reason: `it is not a valid regular expression (${error instanceof Error ? error.message : 'syntax error'})`,
      };
    }
    const verdict = analysePattern(pattern, 'u');
    if (verdict.ok)
      return {
        ok: true,
        expression,
        engine: 'backtracking',
        degree: verdict.degree,
        maxInput: maxPatternInput(verdict.degree),
      };
    return {
      ok: false,
      code: verdict.code,
      reason: verdict.exponential
        ? `it can backtrack exponentially (${verdict.problem}); ${verdict.advice}`
        : verdict.problem,
    };
  });
}

/**
 * The pattern as the validator runs it (`u` flag syntax, as JSON Schema and Ajv read it), or why it is
 * refused. A pattern the analysis reads as linear keeps the native engine: re2js is about 60 times
 * slower on everyday patterns (63 ms against 1 ms on a megabyte, `npm run bench`), and a linear shape
 * cannot backtrack. Every other pattern RE2 can express runs on RE2 (`compileLinear`, the validator's engine), in
 * linear time on any input, so no shape is refused and no length capped. Lookaround and backreferences keep the
 * backtracking guard, as does every such pattern while `compileLinear` is null. Cached.
 */
export function compilePattern(pattern: string, compileLinear: CompileLinear | null): CompiledPattern {
  let byEngine = compileLinear === null ? undefined : withEngine.get(compileLinear);
  const found = byEngine?.get(pattern);
  if (found !== undefined) return found;
  const backtracking = compileBacktracking(pattern);
  if (!backtracking.ok && backtracking.code === 'invalid') return backtracking;
  if (backtracking.ok && backtracking.degree <= 1) return backtracking;
  // Without RE2 here (the page before it loads it) the backtracking guard decides, and is not remembered.
  if (compileLinear === null) return backtracking;
  if (byEngine === undefined) withEngine.set(compileLinear, (byEngine = new Map()));
  const linear = compileLinear(pattern);
  const result: CompiledPattern =
    linear !== null ? { ok: true, expression: linear, engine: 're2', degree: 1, maxInput: Infinity } : backtracking;
  if (byEngine.size >= MAX_CACHED_PATTERNS) byEngine.clear();
  byEngine.set(pattern, result);
  return result;
}

/** Whether compilePattern would run this pattern on RE2 (a valid pattern the analysis does not read as linear). */
export function patternWantsLinearEngine(pattern: string): boolean {
  const backtracking = compileBacktracking(pattern);
  return backtracking.ok ? backtracking.degree > 1 : backtracking.code !== 'invalid';
}

function cached(key: string, compile: () => CompiledPattern): CompiledPattern {
  const found = compiledPatterns.get(key);
  if (found !== undefined) return found;
  const result = compile();
  if (compiledPatterns.size >= MAX_CACHED_PATTERNS) compiledPatterns.clear();
  compiledPatterns.set(key, result);
  return result;
}
