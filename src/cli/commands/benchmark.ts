import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { columns } from '../format';
import {
  formatBytes,
  formatMicroseconds,
  measureCompilation,
  measureMemory,
  measureValidation,
  TARGETS,
} from '../measure';
import { createStyle } from '../style';
import { unknownToolMessage } from '../suggest';
import { EXIT_FAILURE, EXIT_OK, lines, ok, usageError, type CommandContext, type CommandResult } from '../types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const BENCHMARK_USAGE = `Usage: tool-schemas benchmark [tool] [--iterations <n>] [--json]

  The average validation time per call for each tool (its valid and invalid examples, on compiled
  schemas), the time to compile every schema from a cold cache, and the memory of the schemas and
  their validators, each beside its target (< 1 ms, < 500 ms, < 10 MB). Exit 1 when a target is
  missed.

  --iterations <n>   rounds over each tool's examples (default 500)
  --json             print the figures as JSON`;

export const benchmarkCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: ['iterations'], switches: ['json'] });
  if (hasFlag(parsed, 'help')) return ok(`${BENCHMARK_USAGE}\n`);
  const iterationsText = flagValue(parsed, 'iterations');
  const iterations = iterationsText === undefined ? 500 : Number(iterationsText);
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length > 1 ? 'Give at most one tool name' : undefined) ??
    (!Number.isInteger(iterations) || iterations < 1 || iterations > 1_000_000
      ? '--iterations must be a whole number from 1 to 1000000'
      : undefined);
  if (problem) return usageError(problem, BENCHMARK_USAGE);
  const name = parsed.positionals[0];
  const tools = name === undefined ? context.bundle.tools : context.bundle.tools.filter((tool) => tool.name === name);
  if (name !== undefined && tools.length === 0) return usageError(unknownToolMessage(context.bundle, name));

  // Compilation first, while the process is cold, as a CLI run or a page load compiles.
  const now = context.runtime?.now;
  const compilation = measureCompilation(tools, context.validator, now);
  const validation = measureValidation(tools, iterations, context.validator, now);
  const memory = context.runtime
    ? measureMemory({ ...context.bundle, tools }, context.runtime, context.validator)
    : undefined;

  const validationOk = validation.averageMicroseconds < TARGETS.validationMilliseconds * 1000;
  const compilationOk = compilation.totalMilliseconds < TARGETS.compilationMilliseconds;
  const memoryOk = memory === undefined || memory.totalBytes < TARGETS.memoryBytes;
  const exitCode = validationOk && compilationOk && memoryOk ? EXIT_OK : EXIT_FAILURE;

  if (hasFlag(parsed, 'json')) {
    const report = {
      tools: tools.length,
      iterations,
      validation: { ...validation, targetMilliseconds: TARGETS.validationMilliseconds, ok: validationOk },
      compilation: { ...compilation, targetMilliseconds: TARGETS.compilationMilliseconds, ok: compilationOk },
      memory: memory === undefined ? null : { ...memory, targetBytes: TARGETS.memoryBytes, ok: memoryOk },
    };
    return { stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '', exitCode };
  }

  const style = createStyle(context.color);
  const mark = (passed: boolean) => (passed ? style.green('✓') : style.red('✗'));
  const table = columns([
    ['  tool', 'calls', 'avg per call'],
    ...validation.perTool.map((entry) => [
      `  ${style.cyan(entry.name)}`,
      String(entry.calls),
      formatMicroseconds(entry.averageMicroseconds),
    ]),
  ]);
  const summary = columns([
    [
      'Average validation time:',
      `${formatMicroseconds(validation.averageMicroseconds)} per call`,
      `(target < ${TARGETS.validationMilliseconds} ms)`,
      mark(validationOk),
    ],
    [
      'Schema compilation time:',
      `${compilation.totalMilliseconds.toFixed(1)} ms total`,
      `(target < ${TARGETS.compilationMilliseconds} ms)`,
      mark(compilationOk),
    ],
    ...(memory === undefined
      ? []
      : [
          [
            'Memory for schemas:',
            formatBytes(memory.totalBytes),
            `(target < ${formatBytes(TARGETS.memoryBytes)})`,
            mark(memoryOk),
          ],
        ]),
  ]);
  const notes =
    memory !== undefined && !memory.garbageCollected
      ? ['', style.dim('Memory measured without a forced garbage collection: the figure may include garbage.')]
      : [];
  return {
    stdout: lines(
      `Schema benchmark: ${tools.length} tool${tools.length === 1 ? '' : 's'}, ${iterations} rounds over each tool's examples`,
      '',
      table,
      '',
      summary,
      notes,
    ),
    stderr: '',
    exitCode,
  };
};

export const command: Command = {
  name: 'benchmark',
  usage: BENCHMARK_USAGE,
  summary: `benchmark [tool] [--iterations <n>] [--json]                  validation and compile time, schema memory`,
  run: withToolset(benchmarkCommand),
};
