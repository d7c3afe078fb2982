import { argumentProblem, hasFlag, parseArguments } from '../args';
import { columns } from '../format';
import { formatBytes, measureMemory, TARGETS } from '../measure';
import { createStyle } from '../style';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  lines,
  ok,
  usageError,
  type CommandContext,
  type CommandResult,
} from '../types';
import type { JsonObject } from '../../core/toolset/types';
import { tokensReport } from './tokens';
import { isJsonObject } from '../../core/json/is-json-object';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const STATS_USAGE = `Usage: tool-schemas stats [--memory] [--tokens] [--json]

  Counts of the toolset: tools, categories, parameters, examples and the bundle's size.

  --memory   also measure the memory the loaded schemas and their compiled validators take
             (heap deltas around loading a copy of the bundle and compiling every schema),
             beside the target of 10 MB; exit 1 when it is missed
  --tokens   the tokens each tool's definition costs in a request, per provider (OpenAI exact with
             o200k_base; Anthropic, Gemini and MCP approximate), heaviest first, against a
             3,000-token budget for the toolset
  --json     print the figures as JSON`;

/** Parameters at any depth: properties, array items and map values that are schemas. */
const countParameters = (schema: unknown): number => {
  if (schema === null || typeof schema !== 'object') return 0;
  const node = schema as JsonObject;
  let count = 0;
  const properties = node.properties;
  if (isJsonObject(properties)) {
    for (const child of Object.values(properties)) count += 1 + countParameters(child);
  }
  return count + countParameters(node.items) + countParameters(node.additionalProperties);
};

export const statsCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { switches: ['memory', 'json', 'tokens'] });
  if (hasFlag(parsed, 'help')) return ok(`${STATS_USAGE}\n`);
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length > 0 ? `Unexpected argument: ${parsed.positionals.join(' ')}` : undefined);
  if (problem) return usageError(problem, STATS_USAGE);
  if (hasFlag(parsed, 'tokens')) {
    if (hasFlag(parsed, 'memory')) return usageError('Give --tokens or --memory, not both', STATS_USAGE);
    if (!context.tokenizer)
      return {
        stdout: '',
        stderr: 'Tokens cannot be counted here: the tokenizer is not loaded.\n',
        exitCode: EXIT_USAGE,
      };
    return tokensReport(context.bundle, context.tokenizer, hasFlag(parsed, 'json'), context.color);
  }
  const wantsMemory = hasFlag(parsed, 'memory');
  if (wantsMemory && context.runtime === undefined) {
    return {
      stdout: '',
      stderr: 'Memory cannot be measured here: this host reports no memory usage.\n',
      exitCode: EXIT_USAGE,
    };
  }

  const { bundle } = context;
  const counts = {
    tools: bundle.tools.length,
    categories: bundle.manifest.categories.length,
    parameters: bundle.tools.reduce((sum, tool) => sum + countParameters(tool.inputSchema), 0),
    examples: bundle.tools.reduce((sum, tool) => sum + tool.examples.length, 0),
    invalidExamples: bundle.tools.reduce((sum, tool) => sum + tool.invalidExamples.length, 0),
    bundleBytes: new TextEncoder().encode(JSON.stringify(bundle)).length,
  };
  const memory = wantsMemory && context.runtime ? measureMemory(bundle, context.runtime, context.validator) : undefined;
  const memoryOk = memory === undefined || memory.totalBytes < TARGETS.memoryBytes;
  const exitCode = memoryOk ? EXIT_OK : EXIT_FAILURE;

  if (hasFlag(parsed, 'json')) {
    const report = {
      ...counts,
      memory: memory === undefined ? undefined : { ...memory, targetBytes: TARGETS.memoryBytes, ok: memoryOk },
    };
    return { stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '', exitCode };
  }
  const style = createStyle(context.color);
  const rows = [
    ['Tools:', String(counts.tools)],
    ['Categories:', String(counts.categories)],
    ['Parameters:', String(counts.parameters)],
    ['Examples:', `${counts.examples} valid, ${counts.invalidExamples} invalid`],
    ['Bundle size:', formatBytes(counts.bundleBytes)],
  ];
  const out = [bundle.manifest.name, '', ...columns(rows)];
  if (memory !== undefined) {
    out.push(
      '',
      'Memory (heap retained after load and compile):',
      ...columns([
        ['  Schemas (loaded bundle):', formatBytes(memory.schemasBytes)],
        ['  Compiled validators:', formatBytes(memory.validatorsBytes)],
        [
          '  Total:',
          formatBytes(memory.totalBytes),
          `(target < ${formatBytes(TARGETS.memoryBytes)})`,
          memoryOk ? style.green('✓') : style.red('✗'),
        ],
      ]),
    );
    if (!memory.garbageCollected)
      out.push('', style.dim('Measured without a forced garbage collection: the figures may include garbage.'));
  }
  return { stdout: lines(out), stderr: '', exitCode };
};

export const command: Command = {
  name: 'stats',
  usage: STATS_USAGE,
  summary: `stats [--memory] [--tokens] [--json]                          counts, bundle size, schema memory, token cost`,
  // The tokenizer's tables are large: loaded only when tokens are counted.
  run: async (argv, context) =>
    withToolset(statsCommand)(
      argv,
      argv.includes('--tokens') && !context.tokenizer && context.loadTokenizer
        ? { ...context, tokenizer: await context.loadTokenizer() }
        : context,
    ),
};
