/**
 * The regular-expression engine Ajv is given (its `code.regExp` option) for every regex it compiles itself:
 * `patternProperties` keys, and through them `additionalProperties`. The `pattern` keyword has its own guarded
 * keyword (compile.ts); this gives the keys the same guard — RE2 where it can run them, the backtracking
 * analysis of regex/ otherwise — so a key such as `^(a+)+$` can no longer take seconds per property.
 */
import { describeDegree } from './describe';
import type { CompileLinear, RegexEngine } from './linear-engine';
import { compilePattern, type PatternTester } from './regex';

interface GuardedPattern extends PatternTester {
  toString(): string;
}

type GuardedRegExp = ((pattern: string, flags: string) => GuardedPattern) & { code: string };

function guard(pattern: string, compileLinear: CompileLinear | null): GuardedPattern {
  const compiled = compilePattern(pattern, compileLinear);
  if (!compiled.ok)
    throw new Error(
      `the regular expression ${JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 59)}…` : pattern)} is refused: ${compiled.reason}`,
    );
  const { expression, maxInput } = compiled;
  // A key longer than a polynomial pattern's safe input is not tested (it matches nothing): property names are
  // short, and a long one must never reach a slow pattern.
  const test = Number.isFinite(maxInput)
    ? (text: string) => text.length <= maxInput && expression.test(text)
    : (text: string) => expression.test(text);
  return {
    test,
    toString: () =>
      `/${pattern}/${compiled.engine}${Number.isFinite(maxInput) ? `:${describeDegree(compiled.degree)}` : ''}`,
  };
}

/** How generated standalone validators reach `guardedRegExp` (see standalone.ts, which turns `require` into an import). */
const STANDALONE_CODE = 'require("../../core/validation/guarded-regexp.ts").guardedRegExp';

/**
 * What generated standalone validators call, once per regex as their module loads: they carry no engine, so the
 * backtracking guard decides (no bundled schema has a key pattern whose verdict depends on RE2).
 */
export const guardedRegExp: GuardedRegExp = Object.assign((pattern: string, _flags: string) => guard(pattern, null), {
  code: STANDALONE_CODE,
});

/** The guard Ajv calls while compiling (its `code.regExp`), with the compiler's engine; a refused pattern fails compilation with why. */
export function guardedRegExpWith(engine: RegexEngine): GuardedRegExp {
  return Object.assign((pattern: string, _flags: string) => guard(pattern, engine.current()), {
    code: STANDALONE_CODE,
  });
}
