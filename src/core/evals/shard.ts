/**
 * `--shard i/n`: a suite split across CI runners as Playwright shards tests. Case k (0-based, in file
 * order) goes to shard (k mod n) + 1, so shards stay within one case of each other in size and the
 * split depends only on the suite. `mergeShards` joins their outputs and refuses overlaps.
 */
import type { CaseRun, EvalSuite } from './types';

export interface Shard {
  index: number;
  total: number;
}

export function parseShard(text: string): Shard | { error: string } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const total = match ? Number(match[2]) : NaN;
  if (!match || total < 1 || index < 1 || index > total)
    return { error: `--shard must be i/n with 1 ≤ i ≤ n (for example 1/4), got '${text}'` };
  return { index, total };
}

export function shardSuite(suite: EvalSuite, shard: Shard): EvalSuite {
  return { ...suite, cases: suite.cases.filter((_, position) => position % shard.total === shard.index - 1) };
}

/** What one shard writes with --json, and merge reads back. */
export interface ShardOutput {
  suite: string;
  shard?: Shard;
  runs: CaseRun[];
}

export function mergeShards(outputs: readonly ShardOutput[]): { suite: string; runs: CaseRun[] } | { error: string } {
  if (outputs.length === 0) return { error: 'nothing to merge' };
  const suite = outputs[0]!.suite;
  const other = outputs.find((output) => output.suite !== suite);
  if (other !== undefined) return { error: `the files are from different suites: '${suite}' and '${other.suite}'` };
  const totals = new Set(outputs.map((output) => output.shard?.total).filter((total) => total !== undefined));
  if (totals.size > 1)
    return { error: `the files are from different splits: ${[...totals].map((total) => `/${total}`).join(' and ')}` };
  const seenShards = new Set<number>();
  for (const output of outputs) {
    if (output.shard === undefined) continue;
    if (seenShards.has(output.shard.index))
      return { error: `shard ${output.shard.index}/${output.shard.total} is given twice` };
    seenShards.add(output.shard.index);
  }
  const owner = new Map<string, number>();
  const runs: CaseRun[] = [];
  outputs.forEach((output, file) => {
    for (const run of output.runs) {
      const first = owner.get(run.case);
      if (first !== undefined && first !== file) continue;
      owner.set(run.case, file);
      runs.push(run);
    }
  });
  const overlapping = outputs.some((output, file) => output.runs.some((run) => owner.get(run.case) !== file));
  if (overlapping)
    return { error: 'the same case appears in more than one file: merge the outputs of distinct shards' };
  return { suite, runs };
}
