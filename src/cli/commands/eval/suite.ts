/**
 * `eval <suite> --results <file>`: a suite scored offline against runs already logged, with no model
 * and no key, so CI can gate on it; `--shard i/n` scores one CI runner's share, `eval merge` joins them.
 */
import { createCheckContext } from '../../../core/calls/check';
import {
  buildReport,
  parseSuite,
  parseShard,
  readResults,
  scoreRecords,
  shardSuite,
  suiteToolProblems,
  toJunit,
  type EvalSuite,
  type Shard,
} from '../../../core/evals';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../../args';
import { loadToolsetFile } from '../../toolset-option';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  lines,
  usageError,
  type CommandContext,
  type CommandResult,
} from '../../types';
import { formatReport } from './format-report';
import { besides, parseBar, percent, readNamed } from './shared';

export const SUITE_USAGE = `Usage: tool-schemas eval <suite> --results <file> [--toolset <id or file>] [--json] [--junit <file>]
                         [--fail-under <p>] [--shard i/n] [--lenient]
       tool-schemas eval merge <shard.json>… [--json] [--junit <file>] [--fail-under <p>]
       tool-schemas eval export-bfcl <suite> --questions <file> --answers <file> [--toolset <id or file>]

  Scores an eval suite (JSON or YAML: cases, their messages and the calls expected) against runs
  already made: JSON Lines of {"case": "<id>", "model": "<name>", …calls in any format validate
  --batch reads}, or one transcript for a one-case suite. No model and no key needed, so a CI job
  can gate on logged runs. With --model (below) the suite runs on models instead; keys are read
  from the environment only, never from flags.

  --results <file>   the logged runs
  --toolset <t>      the tools to validate against (default: the suite's "toolset": a bundled id, or
                     a definitions file named relative to the suite)
  --json             the runs and the report as JSON (what eval merge reads)
  --junit <file>     also write JUnit XML: one test case per eval case and model
  --fail-under <p>   exit 1 when any model's pass rate is below p (0..1 or a percentage); default 1
  --shard i/n        score only the i-th of n shares of the cases (case k goes to shard k mod n + 1)
  --lenient          ignore unknown parameters when validating arguments

  Exit status: 0 at or above the bar, 1 below, 2 usage error or unreadable file.`;

type Loaded =
  { ok: true; suite: EvalSuite; bundle: ToolsetBundle; warnings: string[] } | { ok: false; message: string };

/** The suite file and the toolset it is graded against, with what in the suite the toolset lacks. */
export function loadSuite(path: string, context: CommandContext): Loaded {
  const loaded = loadSuiteAndToolset(path, context);
  if (!loaded.ok) return loaded;
  return {
    ...loaded,
    warnings: [
      ...loaded.warnings,
      ...suiteToolProblems(loaded.suite, loaded.bundle.tools).map((problem) => `note: ${problem}`),
    ],
  };
}

function loadSuiteAndToolset(path: string, context: CommandContext): Loaded {
  const text = readNamed(context, path, 'suite');
  if (!text.ok) return text;
  const parsed = parseSuite(text.text, path);
  if (!parsed.ok)
    return {
      ok: false,
      message: [
        `${path} is not a valid suite:`,
        ...parsed.problems.map((problem) => `  at ${problem.pointer}: ${problem.message}`),
      ].join('\n'),
    };
  const { suite } = parsed;
  // --toolset (already applied by the CLI) wins over the suite's own reference.
  if (context.bundle.manifest.id !== DEFAULT_TOOLSET_ID || suite.toolset === DEFAULT_TOOLSET_ID)
    return { ok: true, suite, bundle: context.bundle, warnings: [] };
  const wanted = suite.toolset.toLowerCase();
  const bundled = context.toolsets.find(
    (toolset) => toolset.manifest.id === wanted || toolset.manifest.name.toLowerCase() === wanted,
  );
  if (bundled) return { ok: true, suite, bundle: bundled, warnings: [] };
  if (!context.readFile || !/[./\\]/.test(suite.toolset)) {
    return {
      ok: false,
      message: `The suite's toolset '${suite.toolset}' is neither bundled nor a file: give --toolset <id or file>`,
    };
  }
  const loaded = loadToolsetFile(besides(path, suite.toolset), context.readFile, context.validator);
  return loaded.ok ? { ok: true, suite, bundle: loaded.bundle, warnings: loaded.warnings } : loaded;
}

function gate(report: ReturnType<typeof buildReport>, bar: number): boolean {
  return report.groups.length > 0 && report.groups.every((group) => group.passRate.rate >= bar);
}

/** What every offline scoring prints: the report, the gate, and JUnit when asked. */
export function finish(
  output: { suite: string; shard?: Shard; runs: Parameters<typeof buildReport>[1] },
  options: { json: boolean; junit: string | undefined; bar: number; barGiven: boolean; problems: string[] },
  context: CommandContext,
): CommandResult {
  const report = buildReport(output.suite, output.runs);
  // A shard can hold no logged run (more shards than cases): nothing to gate there; merge gates the whole.
  const passed = output.shard !== undefined && output.runs.length === 0 ? true : gate(report, options.bar);
  const exitCode = passed ? EXIT_OK : EXIT_FAILURE;
  const stderr = options.problems.length > 0 ? lines(options.problems) : '';
  if (options.junit !== undefined) {
    if (!context.writeFile)
      return { stdout: '', stderr: '--junit: files cannot be written here\n', exitCode: EXIT_USAGE };
    try {
      context.writeFile(options.junit, toJunit(report, options.bar));
    } catch (error) {
      return {
        stdout: '',
        stderr: `--junit: '${options.junit}' could not be written: ${(error as Error).message}\n`,
        exitCode: EXIT_USAGE,
      };
    }
  }
  if (options.json)
    return {
      stdout: `${JSON.stringify({ ...output, report, bar: options.bar, passed }, null, 2)}\n`,
      stderr,
      exitCode,
    };
  const head = `Suite '${output.suite}': ${report.cases.length} case result${report.cases.length === 1 ? '' : 's'}, ${output.runs.length} run${output.runs.length === 1 ? '' : 's'}${output.shard ? `, shard ${output.shard.index}/${output.shard.total}` : ''}`;
  if (output.runs.length === 0) return { stdout: lines(head, 'No run of this shard was logged.'), stderr, exitCode };
  const worst = Math.min(...report.groups.map((group) => group.passRate.rate));
  const verdict =
    options.barGiven || !passed
      ? [
          '',
          passed
            ? `✓ every model passes at least ${percent(options.bar)}`
            : `✗ lowest pass rate ${percent(worst)} is below ${percent(options.bar)}`,
        ]
      : [];
  return { stdout: lines(head, '', formatReport(report, context.color), verdict), stderr, exitCode };
}

export function suiteCommand(argv: readonly string[], context: CommandContext): CommandResult {
  const parsed = parseArguments(argv, {
    values: ['results', 'junit', 'fail-under', 'shard', 'model'],
    switches: ['json', 'lenient'],
  });
  const barText = flagValue(parsed, 'fail-under');
  const bar = parseBar(barText);
  const shardText = flagValue(parsed, 'shard');
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  const problem =
    argumentProblem(parsed) ??
    (parsed.flags.has('model')
      ? '--model runs over the network: it is dispatched asynchronously by the tool-schemas binary (runEvalModelsCli)'
      : undefined) ??
    (parsed.positionals.length !== 1 ? 'Give one suite file: tool-schemas eval <suite> --results <file>' : undefined) ??
    (flagValue(parsed, 'results') === undefined ? 'Give the logged runs: --results <file>' : undefined) ??
    (typeof bar === 'object' ? bar.error : undefined) ??
    (shard !== undefined && 'error' in shard ? shard.error : undefined);
  if (problem !== undefined || typeof bar === 'object' || (shard !== undefined && 'error' in shard))
    return usageError(problem ?? '', SUITE_USAGE);

  const loaded = loadSuite(parsed.positionals[0]!, context);
  if (!loaded.ok) return { stdout: '', stderr: `${loaded.message}\n`, exitCode: EXIT_USAGE };
  const resultsText = readNamed(context, flagValue(parsed, 'results')!, '--results');
  if (!resultsText.ok) return { stdout: '', stderr: `${resultsText.message}\n`, exitCode: EXIT_USAGE };

  const suite = shard ? shardSuite(loaded.suite, shard) : loaded.suite;
  const read = readResults(resultsText.text);
  const inShard = new Set(suite.cases.map((evalCase) => evalCase.id));
  // Records of cases in other shards are theirs to score, not problems of this one.
  const records = shard
    ? read.records.filter(
        (record) =>
          record.case === null ||
          inShard.has(record.case) ||
          !loaded.suite.cases.some((evalCase) => evalCase.id === record.case),
      )
    : read.records;
  const scored = scoreRecords(
    suite,
    records,
    createCheckContext(context.validator, loaded.bundle.tools, { lenient: hasFlag(parsed, 'lenient') }),
  );
  const problems = [
    ...loaded.warnings,
    ...[...read.problems, ...scored.problems].map((entry) => `--results line ${entry.line}: ${entry.message}`),
  ];
  if (scored.runs.length === 0 && !shard)
    return { stdout: '', stderr: lines('No run could be scored.', problems), exitCode: EXIT_USAGE };
  return finish(
    { suite: suite.name, ...(shard ? { shard } : {}), runs: scored.runs },
    {
      json: hasFlag(parsed, 'json'),
      junit: flagValue(parsed, 'junit'),
      bar,
      barGiven: barText !== undefined,
      problems,
    },
    context,
  );
}
