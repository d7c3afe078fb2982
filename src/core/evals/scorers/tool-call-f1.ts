/**
 * Precision, recall and F1 of tool calls.
 *
 * `toolNameF1` is promptfoo's `tool-call-f1` as its source defines it: sets of tool names, unordered,
 * frequency ignored — precision = |actual ∩ expected| / |actual|, recall = |actual ∩ expected| / |expected|,
 * F1 their harmonic mean, 0 when both are 0 (promptfoo refuses an empty expected set; here an empty
 * expectation met by no call scores 1, for the no-call cases).
 *
 * `callF1` is the call-level form the case grades use: a true positive is an expected call paired
 * with an actual call whose tool and arguments fit it, so a repeated or wrong-argument call counts.
 */
export interface F1 {
  precision: number;
  recall: number;
  f1: number;
}

const harmonic = (precision: number, recall: number): number =>
  precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;

export function callF1(matched: number, expected: number, actual: number): F1 {
  if (expected === 0 && actual === 0) return { precision: 1, recall: 1, f1: 1 };
  const precision = actual > 0 ? matched / actual : 0;
  const recall = expected > 0 ? matched / expected : 0;
  return { precision, recall, f1: harmonic(precision, recall) };
}

export function toolNameF1(expected: readonly string[], actual: readonly string[]): F1 {
  const expectedSet = new Set(expected);
  const actualSet = new Set(actual);
  if (expectedSet.size === 0 && actualSet.size === 0) return { precision: 1, recall: 1, f1: 1 };
  const intersection = [...expectedSet].filter((name) => actualSet.has(name)).length;
  const precision = actualSet.size > 0 ? intersection / actualSet.size : 0;
  const recall = expectedSet.size > 0 ? intersection / expectedSet.size : 0;
  return { precision, recall, f1: harmonic(precision, recall) };
}
