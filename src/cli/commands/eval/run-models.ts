/**
 * `eval <suite> --model provider:model…`: the suite run on up to three models (and, with --versus, on
 * a second version of the toolset), then reported and gated like offline scoring. Keys come from the
 * environment only; a key is sent in the request header and nowhere else (not printed, not in --json).
 */
import { createCheckContext } from '../../../core/calls/check';
import {
  createModelCaller,
  parseModelSpec,
  parseShard,
  runSuite,
  shardSuite,
  type CaseRun,
  type ModelTarget,
} from '../../../core/evals';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../../args';
import { chooseToolset, loadToolsetFile } from '../../toolset-option';
import { EXIT_USAGE, usageError, type CommandContext, type CommandResult } from '../../types';
import { parseBar } from './shared';
import { finish, loadSuite } from './suite';

export const MODELS_USAGE = `       tool-schemas eval <suite> --model <provider:model> [--model …] [--base-url <url>]… [--repeat N]
                         [--concurrency N] [--versus <toolset>] [--json] [--junit <file>] [--fail-under <p>]

  Runs the suite on up to three models: each case's messages are sent with the toolset exactly as
  'export' writes it for the provider; the calls that come back are graded. A 429 is retried after
  the provider's Retry-After (else with exponential backoff); Ctrl-C stops and reports the runs done.

  --model <p:m>      provider:model, the provider one of openai (Chat Completions), openai-responses,
                     anthropic, gemini, openai-compatible (needs --base-url); up to three
  --base-url <url>   the provider's address: one for all models, or one per --model in order
  --repeat N         runs per case and model (default: the suite's "repetitions")
  --concurrency N    requests in flight at once (default 4)
  --versus <t>       a second version of the toolset (an id or a definitions file): every model
                     runs on both, and the report says whether each difference can be noise
  Keys are read from the environment: OPENAI_API_KEY (openai, openai-responses), ANTHROPIC_API_KEY,
  GEMINI_API_KEY, API_KEY (openai-compatible; optional there).`;

export interface ModelRunIo {
  env: Record<string, string | undefined>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** One line per finished run (the binary writes it to standard error). */
  progress?: (line: string) => void;
}

export const isModelEval = (argv: readonly string[]): boolean =>
  argv[0] === 'eval' && argv.some((argument) => argument === '--model' || argument.startsWith('--model='));

/** Every value of a flag that may be repeated, and the arguments without it. */
function takeRepeated(argv: readonly string[], name: string): { values: string[]; rest: string[]; missing: boolean } {
  const values: string[] = [];
  const rest: string[] = [];
  let missing = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === `--${name}`) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) missing = true;
      else values.push(value);
      index++;
    } else if (argument.startsWith(`--${name}=`)) values.push(argument.slice(name.length + 3));
    else rest.push(argument);
  }
  return { values, rest, missing };
}

const positiveInteger = (
  text: string | undefined,
  flag: string,
  most: number,
): number | undefined | { error: string } => {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= most
    ? value
    : { error: `${flag} must be a whole number from 1 to ${most} (got '${text}')` };
};

function targetsOf(specs: string[], baseUrls: string[], env: ModelRunIo['env']): ModelTarget[] | { error: string } {
  if (specs.length > 3) return { error: `--model: at most three models at once (got ${specs.length})` };
  if (baseUrls.length > 1 && baseUrls.length !== specs.length)
    return {
      error: `--base-url: give one for all models or one per --model (got ${baseUrls.length} for ${specs.length})`,
    };
  const targets: ModelTarget[] = [];
  for (const [index, spec] of specs.entries()) {
    const parsed = parseModelSpec(spec);
    if ('error' in parsed) return parsed;
    const adapter = PROVIDER_ADAPTERS[parsed.provider];
    const baseUrl =
      baseUrls[index] ?? baseUrls[0] ?? (parsed.provider === 'openai-compatible' ? undefined : adapter.defaultBaseUrl);
    if (baseUrl === undefined) return { error: `--model '${spec}': an OpenAI-compatible server needs --base-url` };
    try {
      new URL(baseUrl);
    } catch {
      return { error: `--base-url '${baseUrl}': not an address (e.g. http://localhost:11434/v1)` };
    }
    const apiKey = env[adapter.keyVariable] ?? '';
    if (apiKey === '' && parsed.provider !== 'openai-compatible')
      return { error: `--model '${spec}': set the key in the environment variable ${adapter.keyVariable}` };
    const label = `${parsed.provider === 'openai-chat' ? 'openai' : parsed.provider}:${parsed.model}`;
    if (targets.some((target) => target.label === label)) return { error: `--model '${spec}' is given twice` };
    targets.push({ label, provider: parsed.provider, model: parsed.model, baseUrl, apiKey });
  }
  return targets;
}

function versusToolset(
  value: string,
  context: CommandContext,
): { ok: true; bundle: ToolsetBundle } | { ok: false; message: string } {
  const bundled = context.toolsets.find((toolset) => toolset.manifest.id === value.toLowerCase());
  if (bundled) return { ok: true, bundle: bundled };
  if (!context.readFile) return { ok: false, message: '--versus: files cannot be read here' };
  const loaded = loadToolsetFile(value, context.readFile, context.validator);
  return loaded.ok
    ? { ok: true, bundle: loaded.bundle }
    : { ok: false, message: loaded.message.replace(/^--toolset/, '--versus') };
}

export async function runEvalModelsCli(
  argv: readonly string[],
  context: CommandContext,
  io: ModelRunIo,
): Promise<CommandResult> {
  const choice = chooseToolset(argv, context.toolsets, context.validator, context.readFile);
  if (!choice.ok) return { stdout: '', stderr: `${choice.message}\n`, exitCode: EXIT_USAGE };
  const withToolset = choice.bundle ? { ...context, bundle: choice.bundle } : context;
  const models = takeRepeated(choice.argv, 'model');
  const urls = takeRepeated(models.rest, 'base-url');
  const parsed = parseArguments(urls.rest, {
    values: ['junit', 'fail-under', 'shard', 'repeat', 'concurrency', 'versus'],
    switches: ['json', 'lenient'],
  });
  const bar = parseBar(flagValue(parsed, 'fail-under'));
  const repeat = positiveInteger(flagValue(parsed, 'repeat'), '--repeat', 1000);
  const concurrency = positiveInteger(flagValue(parsed, 'concurrency'), '--concurrency', 64);
  const shard = flagValue(parsed, 'shard') === undefined ? undefined : parseShard(flagValue(parsed, 'shard')!);
  const targets = targetsOf(models.values, urls.values, io.env);
  const problem =
    argumentProblem(parsed) ??
    (models.missing ? 'Option --model needs a value' : urls.missing ? 'Option --base-url needs a value' : undefined) ??
    (parsed.positionals.length !== 1
      ? 'Give one suite file: tool-schemas eval <suite> --model <provider:model>'
      : undefined) ??
    (typeof bar === 'object' ? bar.error : undefined) ??
    (typeof repeat === 'object' ? repeat.error : undefined) ??
    (typeof concurrency === 'object' ? concurrency.error : undefined) ??
    (shard !== undefined && 'error' in shard ? shard.error : undefined) ??
    ('error' in targets ? targets.error : undefined);
  if (
    problem !== undefined ||
    'error' in targets ||
    typeof bar === 'object' ||
    typeof repeat === 'object' ||
    typeof concurrency === 'object' ||
    (shard !== undefined && 'error' in shard)
  ) {
    return usageError(problem ?? '', MODELS_USAGE);
  }
  const loaded = loadSuite(parsed.positionals[0]!, withToolset);
  if (!loaded.ok) return { stdout: '', stderr: `${loaded.message}\n`, exitCode: EXIT_USAGE };
  const versusName = flagValue(parsed, 'versus');
  const versus = versusName === undefined ? undefined : versusToolset(versusName, context);
  if (versus !== undefined && !versus.ok) return { stdout: '', stderr: `${versus.message}\n`, exitCode: EXIT_USAGE };

  const base = shard ? shardSuite(loaded.suite, shard) : loaded.suite;
  const suite =
    repeat === undefined
      ? base
      : { ...base, repetitions: repeat, cases: base.cases.map(({ repetitions: _ignored, ...rest }) => rest) };
  const versions: { label?: string; bundle: ToolsetBundle }[] = versus
    ? [
        { label: `A (${loaded.bundle.manifest.version})`, bundle: loaded.bundle },
        { label: `B (${versus.bundle.manifest.version})`, bundle: versus.bundle },
      ]
    : [{ ...(suite.toolsetVersion !== undefined ? { label: suite.toolsetVersion } : {}), bundle: loaded.bundle }];
  const runs: CaseRun[] = [];
  let cancelled = false;
  for (const version of versions) {
    if (io.signal?.aborted) break;
    const result = await runSuite({
      suite,
      models: targets.map((target) => target.label),
      callModel: createModelCaller({ targets, tools: version.bundle.tools, ...(io.fetch ? { fetch: io.fetch } : {}) }),
      context: createCheckContext(context.validator, version.bundle.tools, { lenient: hasFlag(parsed, 'lenient') }),
      ...(version.label !== undefined ? { toolsetVersion: version.label } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: ({ done, total, run }) =>
        io.progress?.(
          `[${done}/${total}] ${run.case} · ${run.model}${run.toolsetVersion ? ` @ ${run.toolsetVersion}` : ''} · ${run.grade.pass ? 'pass' : run.error ? 'error' : 'fail'}\n`,
        ),
    });
    runs.push(...result.runs);
    cancelled ||= result.cancelled;
  }
  const problems = [
    ...loaded.warnings,
    ...(cancelled
      ? [`Cancelled: ${runs.length} run${runs.length === 1 ? '' : 's'} finished are reported; the rest did not run.`]
      : []),
  ];
  return finish(
    { suite: suite.name, ...(shard ? { shard } : {}), runs },
    {
      json: hasFlag(parsed, 'json'),
      junit: flagValue(parsed, 'junit'),
      bar,
      barGiven: flagValue(parsed, 'fail-under') !== undefined,
      problems,
    },
    withToolset,
  );
}
