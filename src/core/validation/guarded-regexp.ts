/**
 * The regular-expression engine Ajv is given (its `code.regExp` option) for every regex it compiles itself:
 * `patternProperties` keys, and through them `additionalProperties`. The `pattern` keyword has its own guarded
 * keyword (compile.ts); this gives the keys the same guard — RE2 where it can run them, the backtracking
 * analysis of regex/ otherwise — so a key such as `^(a+)+$` can no longer take seconds per property.
 */
import { describeDegree } from './describe';
import { compilePattern, type PatternTester } from './regex';

interface GuardedPattern extends PatternTester {
  toString(): string;
}

/** Ajv calls this once per regex while compiling; a pattern the guard refuses fails compilation with why. */
export function guardedRegExp(pattern: string, _flags: string): GuardedPattern {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) throw new Error(`the regular expression ${JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 59)}…` : pattern)} is refused: ${compiled.reason}`);
  const { expression, maxInput } = compiled;
  // A key longer than a polynomial pattern's safe input is not tested (it matches nothing): property names are
  // short, and a long one must never reach a slow pattern.
  const test = Number.isFinite(maxInput) ? (text: string) => text.length <= maxInput && expression.test(text) : (text: string) => expression.test(text);
  return { test, toString: () => `/${pattern}/${compiled.engine}${Number.isFinite(maxInput) ? `:${describeDegree(compiled.degree)}` : ''}` };
}

/** How generated standalone validators reach this function (see standalone.ts, which turns `require` into an import). */
guardedRegExp.code = 'require("../../core/validation/guarded-regexp.ts").guardedRegExp';
