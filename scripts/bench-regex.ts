// User-regex figures: the validator's `pattern` and the search tools run on RE2 (linear time) where it
// can express the pattern. Printed next to the native engine on the same inputs: the price of never
// hanging on an everyday pattern, and what RE2 does where the native engine would hang.
import { compileLinear } from '../src/core/validation/linear-regex';
import { createGlobMatcher } from '../src/core/tools/support/glob';
import { importToolset } from '../src/core/import/import';
import type { ToolDefinition } from '../src/core/toolset/types';
import { compileBacktracking, maxPatternInput } from '../src/core/validation/regex';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function timeMs(run: () => void, repeat: number): number {
  const started = performance.now();
  for (let index = 0; index < repeat; index += 1) run();
  return (performance.now() - started) / repeat;
}

/**
 * The worst case of an import: an imported schema whose `patternProperties` key backtracks exponentially, validated with
 * a 28-character key (a native RegExp took ~18 s on it). The verdict is checked before timing. Aim: ≤ 10 ms.
 */
function worstPatternCase(): { ms: number; aimMs: number; met: boolean } {
  const schema = {
    type: 'object',
    properties: {},
    patternProperties: { '^(a+)+$': { type: 'string' } },
    additionalProperties: false,
  };
  const imported = importToolset(
    JSON.stringify({ tools: [{ name: 't', description: 'A tool.', inputSchema: schema }] }),
    { validator },
  );
  const tool = imported.toolset.tools[0] as ToolDefinition | undefined;
  if (!tool) throw new Error('worst pattern case: the schema did not import');
  const key = `${'a'.repeat(27)}!`;
  const verdict = validator.validate(tool, { [key]: 'x' });
  if (verdict.valid || verdict.errors[0]?.code !== 'invalid_value')
    throw new Error('worst pattern case: wrong verdict');
  const ms = timeMs(() => validator.validate(tool, { [key]: 'x' }), 20);
  return { ms: round(ms), aimMs: 10, met: ms <= 10 };
}

/**
 * Accepted polynomial patterns on the inputs that make them backtrack most, at the longest input the guard lets
 * the native engine see for their degree. Aim: each test ≤ 1 s (the cap is chosen for ~10^8 steps).
 */
function worstAtCap(): Record<string, { degree: number; inputLength: number; ms: number; met: boolean }> {
  const cases: [string, (cap: number) => string, boolean][] = [
    ['[^\\u0000]*$', (cap) => `${'a'.repeat(cap - 2)}\u0000x`, true],
    ['^\\S+@\\S+\\.\\S+$', (cap) => `${'@.'.repeat(Math.floor(cap / 2) - 1)} `, false],
    ['a.*b.*c', (cap) => 'ab'.repeat(Math.floor(cap / 2)), false],
  ];
  const figures: Record<string, { degree: number; inputLength: number; ms: number; met: boolean }> = {};
  for (const [pattern, input, matches] of cases) {
    const compiled = compileBacktracking(pattern);
    if (!compiled.ok) throw new Error(`worst at cap: ${pattern} was refused`);
    const value = input(maxPatternInput(compiled.degree));
    if (compiled.expression.test(value) !== matches) throw new Error(`worst at cap: wrong verdict for ${pattern}`);
    const ms = timeMs(() => compiled.expression.test(value), 3);
    figures[pattern] = { degree: compiled.degree, inputLength: value.length, ms: round(ms, 1), met: ms <= 1000 };
  }
  return figures;
}

export async function benchRegex(): Promise<object> {
  const everyday = '^[A-Za-z0-9_./-]+$';
  const path4k = 'src/'.repeat(1024);
  const oneMegabyte = 'a'.repeat(1024 * 1024);
  const linear = compileLinear(everyday)!;
  const native = new RegExp(everyday);
  const re2PathMs = timeMs(() => linear.test(path4k), 200);
  const nativePathMs = timeMs(() => native.test(path4k), 200);
  const re2MegabyteMs = timeMs(() => linear.test(oneMegabyte), 5);
  const nativeMegabyteMs = timeMs(() => native.test(oneMegabyte), 5);
  const nested = compileLinear('^(a+)+$')!;
  const nestedMs = timeMs(() => nested.test(`${'a'.repeat(100_000)}!`), 3);
  const glob = createGlobMatcher('*a*a*a*a*a*a*a*a*a*a*a*b');
  const globMs = timeMs(() => glob.matches('a'.repeat(5000)), 3);
  return {
    guardedWorstPatternPropertiesKeyMs: worstPatternCase(),
    acceptedPatternsWorstInputAtCap: worstAtCap(),
    everydayPattern4kPathMs: {
      re2: round(re2PathMs),
      native: round(nativePathMs),
      ratio: round(re2PathMs / nativePathMs, 1),
    },
    everydayPattern1MbMs: {
      re2: round(re2MegabyteMs, 1),
      native: round(nativeMegabyteMs, 1),
      ratio: round(re2MegabyteMs / nativeMegabyteMs, 1),
    },
    nestedQuantifierOn100kCharsMs: { re2: round(nestedMs, 1), native: 'does not finish (exponential)' },
    elevenWildcardGlobOn5kNameMs: { re2: round(globMs, 1), native: 'does not finish (degree 11)' },
  };
}
