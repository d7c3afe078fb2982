/**
 * How sure a pass rate is, from the repetitions.
 *
 * Interval: the Wilson score interval (95% by default). Unlike the normal approximation it stays
 * inside [0, 1] and is not zero-width at 0/n or n/n, which is where small eval runs usually land.
 *
 * Difference between two variants (two models, two toolset versions): a two-sided test of equal
 * proportions. With every expected cell count at least 5 it is the pooled two-proportion z-test; below
 * that the normal approximation is poor, so Fisher's exact test is used instead (hypergeometric,
 * two-sided by summing the tables no more likely than the observed one, as R's fisher.test does).
 * The difference is "real" when p < alpha (0.05). Non-overlapping Wilson intervals are reported too,
 * but are not the test: they are stricter than needed (overlap does not mean no difference).
 */
export interface Interval {
  rate: number;
  low: number;
  high: number;
}

const Z_95 = 1.959963984540054;

export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval {
  if (trials <= 0) return { rate: 0, low: 0, high: 1 };
  const rate = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (rate + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials));
  return { rate, low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** Standard normal CDF, via erf (Abramowitz & Stegun 7.1.26, absolute error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials[k] = logFactorials[k - 1]! + Math.log(k);
  return logFactorials[n]!;
}

/** Two-sided Fisher exact p-value of the 2×2 table [[a, b], [c, d]]. */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const total = a + b + c + d;
  const logP = (x: number): number =>
    logFactorial(row1) +
    logFactorial(total - row1) +
    logFactorial(col1) +
    logFactorial(total - col1) -
    logFactorial(total) -
    logFactorial(x) -
    logFactorial(row1 - x) -
    logFactorial(col1 - x) -
    logFactorial(total - row1 - col1 + x);
  const observed = logP(a);
  let p = 0;
  for (let x = Math.max(0, row1 + col1 - total); x <= Math.min(row1, col1); x++) {
    const value = logP(x);
    // The relative tolerance R uses, so tables as likely as the observed one are not lost to rounding.
    if (value <= observed + 1e-7) p += Math.exp(value);
  }
  return Math.min(1, p);
}

export interface Comparison {
  /** rate of A minus rate of B. */
  difference: number;
  pValue: number;
  method: 'two-proportion z-test' | 'Fisher exact test';
  /** p < alpha: the repetitions tell the difference from noise. */
  distinguishable: boolean;
  intervalsOverlap: boolean;
}

export function comparePassRates(
  passesA: number,
  runsA: number,
  passesB: number,
  runsB: number,
  alpha = 0.05,
): Comparison {
  const a = wilsonInterval(passesA, runsA);
  const b = wilsonInterval(passesB, runsB);
  const intervalsOverlap = a.low <= b.high && b.low <= a.high;
  const difference = a.rate - b.rate;
  if (runsA === 0 || runsB === 0)
    return { difference, pValue: 1, method: 'Fisher exact test', distinguishable: false, intervalsOverlap };
  const pooled = (passesA + passesB) / (runsA + runsB);
  const smallestCell = Math.min(runsA * pooled, runsA * (1 - pooled), runsB * pooled, runsB * (1 - pooled));
  let pValue: number;
  let method: Comparison['method'];
  if (smallestCell >= 5) {
    const se = Math.sqrt(pooled * (1 - pooled) * (1 / runsA + 1 / runsB));
    pValue = se === 0 ? 1 : 2 * (1 - normalCdf(Math.abs(difference) / se));
    method = 'two-proportion z-test';
  } else {
    pValue = fisherExact(passesA, runsA - passesA, passesB, runsB - passesB);
    method = 'Fisher exact test';
  }
  return { difference, pValue, method, distinguishable: pValue < alpha, intervalsOverlap };
}
