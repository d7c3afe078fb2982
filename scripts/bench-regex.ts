// User-regex figures: the validator's `pattern` and the search tools run on RE2 (linear time) where it
// can express the pattern. Printed next to the native engine on the same inputs: the price of never
// hanging on an everyday pattern, and what RE2 does where the native engine would hang.
import { compileLinear } from '../src/core/validation/linear-regex';
import { globTester } from '../src/core/tools/support/glob';

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function timeMs(run: () => void, repeat: number): number {
  const started = performance.now();
  for (let index = 0; index < repeat; index += 1) run();
  return (performance.now() - started) / repeat;
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
  const glob = globTester('*a*a*a*a*a*a*a*a*a*a*a*b');
  const globMs = timeMs(() => glob('a'.repeat(5000)), 3);
  return {
    everydayPattern4kPathMs: { re2: round(re2PathMs), native: round(nativePathMs), ratio: round(re2PathMs / nativePathMs, 1) },
    everydayPattern1MbMs: { re2: round(re2MegabyteMs, 1), native: round(nativeMegabyteMs, 1), ratio: round(re2MegabyteMs / nativeMegabyteMs, 1) },
    nestedQuantifierOn100kCharsMs: { re2: round(nestedMs, 1), native: 'does not finish (exponential)' },
    elevenWildcardGlobOn5kNameMs: { re2: round(globMs, 1), native: 'does not finish (degree 11)' },
  };
}
