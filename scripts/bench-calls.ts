// Bulk call checking: 100,000 calls of the Acode examples (valid and invalid, as JSON Lines) checked in
// one process (aim < 1 s), beside the bare validator on the same calls; the CLI's `validate --batch`
// on the same file against a plain Node loop that JSON.parses each line and runs raw Ajv (aim ≤ 1.5×,
// CPU time of each child, median of interleaved runs); unknown tool names against a 300-tool toolset
// (bench-unknown-names.ts); and peak RSS of a child process streaming 100,000 and 1,000,000 lines (flat
// memory: the two peaks should be close).
// Compiles schemas on demand (the page only runs validators generated at build time).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCallStream } from '../src/core/calls';
import { bundle } from '../src/core/toolset/bundle';
import { timedSpawn } from './bench-children';
import { benchUnknownNames } from './bench-unknown-names';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const TARGETS = { hundredThousandCallsMs: 1000, batchVsPlainLoop: 1.5 };
/** Runs of each side in `validate --batch` against the plain loop. */
const RUNS = 9;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every example of every Acode tool, valid and invalid, as {tool, arguments} lines. */
export function exampleLines(): string[] {
  const lines: string[] = [];
  for (const tool of bundle.tools) {
    for (const example of tool.examples) lines.push(JSON.stringify({ tool: tool.name, arguments: example.arguments }));
    for (const example of tool.invalidExamples)
      lines.push(JSON.stringify({ tool: tool.name, arguments: example.arguments }));
  }
  return lines;
}

function* cycled(lines: readonly string[], count: number): Generator<string> {
  for (let index = 0; index < count; index++) yield lines[index % lines.length]!;
}

async function checkAll(lines: Iterable<string>): Promise<{ milliseconds: number; calls: number; valid: number }> {
  const started = performance.now();
  const check = checkCallStream(lines, bundle.tools, { validator });
  for await (const result of check.results) void result;
  const summary = check.summary();
  return { milliseconds: performance.now() - started, calls: summary.calls, valid: summary.valid };
}

/** The child: stream `count` generated lines, then report its own peak RSS. */
async function child(count: number): Promise<void> {
  const examples = exampleLines();
  const result = await checkAll(cycled(examples, count));
  process.stdout.write(JSON.stringify({ ...result, maxRssMb: round(process.resourceUsage().maxRSS / 1024) }));
}

function peakRss(
  count: number,
): { lines: number; seconds: number; maxRssMb: number } | { lines: number; error: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(count)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  try {
    const parsed = JSON.parse(run.stdout) as { milliseconds: number; maxRssMb: number };
    return { lines: count, seconds: round(parsed.milliseconds / 1000, 2), maxRssMb: parsed.maxRssMb };
  } catch {
    return { lines: count, error: (run.stderr || run.stdout).slice(0, 300) };
  }
}

export async function benchCalls(): Promise<object> {
  const examples = exampleLines();
  const count = 100_000;
  const lines = [...cycled(examples, count)];
  await checkAll(lines.slice(0, 5_000)); // warm: compile every schema once
  const runs: number[] = [];
  let last = { calls: 0, valid: 0 };
  for (let run = 0; run < 5; run++) {
    const result = await checkAll(lines);
    runs.push(result.milliseconds);
    last = result;
  }
  // Reference: the validator alone on the same calls, already parsed (what any surface pays per call).
  const parsed = lines.map((line) => JSON.parse(line) as { tool: string; arguments: unknown });
  const tools = new Map(bundle.tools.map((tool) => [tool.name, tool]));
  const bare: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    for (const call of parsed) validator.validate(tools.get(call.tool)!, call.arguments);
    bare.push(performance.now() - started);
  }

  // The CLI on a file of the same calls against the plain loop on it: one process each, start-up included.
  const directory = mkdtempSync(join(tmpdir(), 'bench-calls-'));
  const file = join(directory, 'calls.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const batch = batchAgainstPlainLoop(file, last);
  rmSync(directory, { recursive: true, force: true });

  const checkMs = median(runs);
  const bareMs = median(bare);
  return {
    examples: examples.length,
    calls: last.calls,
    valid: last.valid,
    hundredThousandCallsMs: round(checkMs),
    target: TARGETS.hundredThousandCallsMs,
    met: checkMs < TARGETS.hundredThousandCallsMs,
    callsPerSecond: Math.round(last.calls / (checkMs / 1000)),
    bareValidatorMs: round(bareMs),
    ratioToBareValidator: round(checkMs / bareMs, 2),
    validateBatch: batch,
    unknownNames: await benchUnknownNames(),
    streaming: [peakRss(100_000), peakRss(1_000_000)],
  };
}

/**
 * `validate --batch` (the prebuilt CLI, as users run it) against scripts/bench-plain-loop.mjs on the same file,
 * each as its own process, in turn, nine times each; the CLI's counts must be the in-process checker's. The ratio
 * is the median of the nine pairs' ratios (as bench-ratios.ts does): a neighbour's load moves the two runs of a pair
 * alike, where the ratio of the two medians swung from 1.32 to 1.58 over five runs of the bench on one quiet morning.
 */
function batchAgainstPlainLoop(file: string, expected: { calls: number; valid: number }): object {
  const cliEntry = fileURLToPath(new URL('../bin/tool-schemas.js', import.meta.url));
  const plainEntry = fileURLToPath(new URL('./bench-plain-loop.mjs', import.meta.url));
  const bundleFile = fileURLToPath(new URL('../src/generated/bundle.json', import.meta.url));
  const cliTimes: number[] = [];
  const plainTimes: number[] = [];
  const pairRatios: number[] = [];
  let clock = 'cpu';
  for (let run = 0; run < RUNS; run++) {
    const cli = timedSpawn(process.execPath, [cliEntry, 'validate', '--batch', file, '--json']);
    const summary = JSON.parse(cli.run.stdout || '{}') as { calls?: number; valid?: number };
    if (summary.calls !== expected.calls || summary.valid !== expected.valid) {
      throw new Error(
        `bench refused to time a wrong answer: validate --batch counted ${summary.calls} calls, ${summary.valid} valid; the checker counts ${expected.calls}, ${expected.valid} (${cli.run.stderr.slice(0, 300)})`,
      );
    }
    const plain = timedSpawn(process.execPath, [plainEntry, file, bundleFile]);
    const counted = JSON.parse(plain.run.stdout || '{}') as { calls?: number };
    if (counted.calls !== expected.calls)
      throw new Error(
        `the plain loop read ${counted.calls} calls, not ${expected.calls}: ${plain.run.stderr.slice(0, 300)}`,
      );
    cliTimes.push(cli.milliseconds);
    plainTimes.push(plain.milliseconds);
    pairRatios.push(cli.milliseconds / plain.milliseconds);
    clock = cli.clock;
  }
  const ratio = median(pairRatios);
  return {
    note: `${clock === 'cpu' ? 'CPU' : 'wall'} time of each process, start-up included, ${RUNS} runs each taking turns; the ratio is the median of the pairs' ratios; the plain loop switches the path formats off`,
    lines: expected.calls,
    cliMs: round(median(cliTimes)),
    plainLoopMs: round(median(plainTimes)),
    ratio: round(ratio, 2),
    pairRatios: pairRatios.map((value) => round(value, 2)),
    aim: TARGETS.batchVsPlainLoop,
    met: ratio <= TARGETS.batchVsPlainLoop,
  };
}

if (process.argv[2] === '--child') await child(Number(process.argv[3]));
else if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await benchCalls(), null, 2));
