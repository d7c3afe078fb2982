// Validation against raw Ajv, per bundled tool of every toolset and in total, on both paths: the page's
// (validators generated at build time) and the CLI's (schemas compiled at run time). Two references, both
// Ajv 2020 with our options: one given the same path-format functions and running the tool's warning patterns on a
// valid call (the price of our layer: error mapping, warning messages, relationships, remarks), one that ignores the
// path formats and runs no pattern (the whole price).
// Every verdict is checked before anything is timed: a fast wrong answer fails the bench.
// Times are interleaved (ours, reference, reference, ours, …) and each ratio is the median of per-round
// ratios, so load from other processes on a shared machine moves both sides alike.
// `npm run bench` runs this in a process of its own with V8 single-threaded (benchRatiosApart): a batch's CPU time is
// the process's, and V8's compiler and garbage collector threads charged their work to whichever batch was running.
// Measured: ask_user's rejected calls read 10-16× raw Ajv in one run and 5.5× in the next, its batches 500-3,000 ns
// for the same calls; single-threaded they settle within three rounds, and two runs agree (4.6×, 4.6×).
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { collection } from '../src/core/toolset/bundle';
import type { ToolDefinition } from '../src/core/toolset/types';
import { compilableSchema, createAjv, createCompilingValidator, RE2_ENGINE } from '../src/core/validation/compile';
import { PATH_FORMATS } from '../src/core/validation/path-formats';
import { nativeTwinSource } from '../src/core/validation/warning-pattern';
import { createValidator, type PrecompiledValidator, type Validator } from '../src/core/validation/validator';
import { validators as generatedValidators } from '../src/generated/validators.js';

export const RATIO_AIMS = { validVsSameFormats: 1.5, validVsIgnoringFormats: 2, invalidVsSameFormats: 5 };

type Call = () => unknown;

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * Nanoseconds per call of one batch, in this process's CPU time: on a shared machine wall time also counts
 * the moments the process waits for a core (measured: 2-ms batches reading 9-13 ms now and then, where CPU
 * time stays within 20%).
 */
function batch(call: Call, calls: number): number {
  const started = process.cpuUsage();
  for (let index = 0; index < calls; index++) call();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1e3) / calls;
}

/** Each batch of the fastest function lasts at least this long (CPU time). */
const MIN_BATCH_NS = 1_500_000;

/**
 * Median ns per call of `ours` and of each reference, and the median of the per-round ratios. A batch is at least
 * `calls` calls and long enough to last MIN_BATCH_NS: a fixed 2,000 calls of a 36-ns reference was a 72-µs batch, and
 * the same build's per-tool ratios then swung from 0.67× to 6× between runs (an interrupt or a migration weighs on a
 * batch that short).
 */
function interleaved(
  ours: Call,
  references: Call[],
  rounds: number,
  minimumCalls: number,
): { oursNs: number; referenceNs: number[]; ratios: number[] } {
  let fastestNs = Infinity;
  // Warmed up first (compiled by then), then timed once to size the batches.
  for (const call of [ours, ...references]) batch(call, minimumCalls * 3);
  for (const call of [ours, ...references]) fastestNs = Math.min(fastestNs, batch(call, minimumCalls));
  const calls = Math.max(minimumCalls, Math.ceil(MIN_BATCH_NS / Math.max(fastestNs, 1)));
  const oursTimes: number[] = [];
  const referenceTimes: number[][] = references.map(() => []);
  const ratioRounds: number[][] = references.map(() => []);
  for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
    const mine = batch(ours, calls);
    oursTimes.push(mine);
    references.forEach((reference, index) => {
      const theirs = batch(reference, calls);
      referenceTimes[index]!.push(theirs);
      ratioRounds[index]!.push(mine / theirs);
    });
  }
  return { oursNs: median(oursTimes), referenceNs: referenceTimes.map(median), ratios: ratioRounds.map(median) };
}

/** Round-robin over a tool's examples: one call is one example. */
function cycling(items: readonly unknown[], run: (item: unknown) => unknown): Call {
  let next = 0;
  return () => {
    const item = items[next]!;
    next = next + 1 === items.length ? 0 : next + 1;
    return run(item);
  };
}

/** Where a reference's pattern tests land, so the engine cannot leave them out. */
let patternSink = 0;

/**
 * The tool's warning patterns as a reference runs them: each `security_concern` / `compatibility` rule's pattern as a
 * native RegExp (its RE2 meaning spelled out where warning-pattern.ts writes one, letter case ignored), tested on the
 * string at its parameter; each `large_value` rule's length compared. Null when the tool has none.
 */
function rawWarningPatterns(tool: ToolDefinition): ((args: Record<string, unknown>) => void) | null {
  const checks: { path: string[]; pattern: RegExp | null; maxChars: number }[] = [];
  for (const rule of tool.warnings ?? []) {
    if (rule.code === 'security_concern' || rule.code === 'compatibility')
      checks.push({
        path: rule.parameter.split('.'),
        pattern: new RegExp(nativeTwinSource(rule.matches) ?? rule.matches, 'i'),
        maxChars: 0,
      });
    else if (rule.code === 'large_value')
      checks.push({ path: rule.parameter.split('.'), pattern: null, maxChars: rule.maxChars });
  }
  if (checks.length === 0) return null;
  return (args) => {
    for (const check of checks) {
      let value: unknown = args;
      for (const key of check.path) value = (value as Record<string, unknown> | undefined)?.[key];
      if (typeof value !== 'string') continue;
      if (check.pattern === null ? value.length > check.maxChars : check.pattern.test(value)) patternSink += 1;
    }
  };
}

/** `validate` followed by the tool's warning patterns on valid arguments, as the reference to a call of ours. */
function withWarningPatterns(tool: ToolDefinition, validate: (data: unknown) => unknown): (data: unknown) => unknown {
  const patterns = rawWarningPatterns(tool);
  if (patterns === null) return validate;
  return (data: unknown) => {
    const valid = validate(data);
    if (valid) patterns(data as Record<string, unknown>);
    return valid;
  };
}

function rawValidators(tools: readonly ToolDefinition[]): {
  same: Map<string, ValidateFunction>;
  ignoring: Map<string, ValidateFunction>;
} {
  const sameAjv = createAjv();
  const ignoringAjv = createAjv();
  for (const format of PATH_FORMATS) ignoringAjv.addFormat(format, true);
  const same = new Map<string, ValidateFunction>();
  const ignoring = new Map<string, ValidateFunction>();
  for (const tool of tools) {
    // Without $id: the two instances must not share a registered schema, and ids are per instance anyway.
    const { $id: _id, ...schema } = tool.inputSchema;
    same.set(tool.name, sameAjv.compile(compilableSchema(sameAjv, schema)));
    ignoring.set(tool.name, ignoringAjv.compile(compilableSchema(ignoringAjv, schema)));
  }
  return { same, ignoring };
}

/** Throws unless ours and the reference give the bundled verdicts: examples valid, invalid examples invalid. */
function checkVerdicts(
  validator: Validator,
  path: string,
  tool: ToolDefinition,
  same: (data: unknown) => unknown,
  ignoring: ValidateFunction,
): void {
  const fail = (what: string) => {
    throw new Error(`bench refused to time a wrong answer (${path}, ${tool.name}): ${what}`);
  };
  for (const example of tool.examples) {
    const ours = validator.validate(tool, example.arguments);
    if (!ours.valid)
      fail(`example '${example.title}' is reported invalid: ${ours.errors.map((error) => error.message).join('; ')}`);
    if (!same(example.arguments)) fail(`raw Ajv rejects example '${example.title}'`);
    if (!ignoring(example.arguments)) fail(`raw Ajv without path formats rejects example '${example.title}'`);
  }
  for (const example of tool.invalidExamples) {
    const ours = validator.validate(tool, example.arguments);
    if (ours.valid) fail(`invalid example '${example.title}' is reported valid`);
    const { code, parameter } = example.expected;
    if (!ours.errors.some((error) => error.code === code && error.parameter === parameter))
      fail(`invalid example '${example.title}' lacks its ${code} error at '${parameter}'`);
  }
}

interface PathFigures {
  validNs: number;
  validVsSameFormats: number;
  validVsIgnoringFormats: number;
  invalidNs: number;
  invalidVsSameFormats: number;
}

function measurePath(
  validator: Validator,
  path: 'page' | 'cli',
  tools: readonly ToolDefinition[],
  raw: ReturnType<typeof rawValidators>,
  rounds: number,
): { perTool: Record<string, PathFigures>; total: PathFigures } {
  const perTool: Record<string, PathFigures> = {};
  const totals = { ours: 0, same: 0, ignoring: 0, oursInvalid: 0, sameInvalid: 0 };
  const generated = generatedValidators as Record<string, PrecompiledValidator>;
  for (const tool of tools) {
    // The page's reference is the generated validator itself: raw Ajv (standalone) with the same formats.
    const id = tool.inputSchema.$id;
    const same = withWarningPatterns(
      tool,
      path === 'page' && typeof id === 'string' && generated[id] !== undefined
        ? generated[id].validate
        : raw.same.get(tool.name)!,
    );
    const ignoring = raw.ignoring.get(tool.name)!;
    checkVerdicts(validator, path, tool, same, ignoring);
    const valid = tool.examples.map((example) => example.arguments);
    const invalid = tool.invalidExamples.map((example) => example.arguments);
    const validTimes = interleaved(
      cycling(valid, (args) => validator.validate(tool, args)),
      [cycling(valid, (args) => same(args)), cycling(valid, (args) => ignoring(args))],
      rounds,
      2000,
    );
    const invalidTimes = interleaved(
      cycling(invalid, (args) => validator.validate(tool, args)),
      [cycling(invalid, (args) => same(args))],
      rounds,
      500,
    );
    perTool[tool.name] = {
      validNs: Math.round(validTimes.oursNs),
      validVsSameFormats: round(validTimes.ratios[0]!),
      validVsIgnoringFormats: round(validTimes.ratios[1]!),
      invalidNs: Math.round(invalidTimes.oursNs),
      invalidVsSameFormats: round(invalidTimes.ratios[0]!),
    };
    totals.ours += validTimes.oursNs;
    totals.same += validTimes.referenceNs[0]!;
    totals.ignoring += validTimes.referenceNs[1]!;
    totals.oursInvalid += invalidTimes.oursNs;
    totals.sameInvalid += invalidTimes.referenceNs[0]!;
  }
  return {
    perTool,
    total: {
      validNs: Math.round(totals.ours / tools.length),
      validVsSameFormats: round(totals.ours / totals.same),
      validVsIgnoringFormats: round(totals.ours / totals.ignoring),
      invalidNs: Math.round(totals.oursInvalid / tools.length),
      invalidVsSameFormats: round(totals.oursInvalid / totals.sameInvalid),
    },
  };
}

const met = (figures: PathFigures) =>
  figures.validVsSameFormats <= RATIO_AIMS.validVsSameFormats &&
  figures.validVsIgnoringFormats <= RATIO_AIMS.validVsIgnoringFormats &&
  figures.invalidVsSameFormats <= RATIO_AIMS.invalidVsSameFormats;

const shown = (figures: PathFigures) =>
  `${String(figures.validVsSameFormats).padStart(5)}× ${String(figures.validVsIgnoringFormats).padStart(5)}× ${String(figures.invalidVsSameFormats).padStart(5)}×`;

/** Both paths, every tool of every bundled toolset; the CLI path runs with no generated validator registered. */
export function benchRatios(rounds = 15): object {
  const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
  const raw = rawValidators(tools);

  // The page's validator: generated validators only, nothing compiled (as under the page's policy); RE2 as once it has loaded it.
  const page = measurePath(
    createValidator({
      precompiled: generatedValidators as Record<string, PrecompiledValidator>,
      regexEngine: RE2_ENGINE,
    }),
    'page',
    tools,
    raw,
    rounds,
  );
  const cli = measurePath(createCompilingValidator(), 'cli', tools, raw, rounds);

  const table = [`${'tool'.padEnd(22)} ${'page: valid/same valid/ignoring invalid/same'.padEnd(26)} | cli: the same`];
  for (const tool of tools)
    table.push(`${tool.name.padEnd(22)} ${shown(page.perTool[tool.name]!)} | ${shown(cli.perTool[tool.name]!)}`);
  table.push(`${'total'.padEnd(22)} ${shown(page.total)} | ${shown(cli.total)}`);
  return {
    note: 'ours ÷ raw Ajv 2020 (same options): "same" given the same path-format functions (on the page path, the generated validator itself) and running the tool\'s warning patterns as native RegExps on a valid call, "ignoring" with the path formats switched off and no pattern run; CPU time, median of per-round ratios, interleaved; every verdict checked first',
    patternSink,
    aims: RATIO_AIMS,
    table,
    page: { ...page, met: met(page.total), everyToolMet: Object.values(page.perTool).every(met) },
    cli: { ...cli, met: met(cli.total), everyToolMet: Object.values(cli.perTool).every(met) },
  };
}

/** benchRatios in a child process with V8 single-threaded (see the top of this file); its error, if it fails. */
export function benchRatiosApart(): object {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--single-threaded', '--import', 'tsx', script], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (child.status !== 0)
    throw new Error(
      `The ratios against raw Ajv could not be measured: ${child.stderr.trim() || `exit ${String(child.status)}`}`,
    );
  return JSON.parse(child.stdout) as object;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(JSON.stringify(benchRatios()));
}
