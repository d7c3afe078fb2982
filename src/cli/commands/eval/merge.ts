/** `eval merge <files…>`: the --json outputs of shards joined into one report and one gate. */
import { mergeShards, type ShardOutput } from '../../../core/evals';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../../args';
import { EXIT_USAGE, usageError, type CommandContext, type CommandResult } from '../../types';
import { parseBar, readNamed } from './shared';
import { finish, SUITE_USAGE } from './suite';
import { isJsonObject } from '../../../core/json/is-json-object';

export function mergeCommand(argv: readonly string[], context: CommandContext): CommandResult {
  const parsed = parseArguments(argv, { values: ['junit', 'fail-under'], switches: ['json'] });
  const barText = flagValue(parsed, 'fail-under');
  const bar = parseBar(barText);
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length === 0 ? 'Give the shard outputs: tool-schemas eval merge <shard.json>…' : undefined) ??
    (typeof bar === 'object' ? bar.error : undefined);
  if (problem !== undefined || typeof bar === 'object') return usageError(problem ?? '', SUITE_USAGE);
  const outputs: ShardOutput[] = [];
  for (const path of parsed.positionals) {
    const text = readNamed(context, path, 'merge');
    if (!text.ok) return { stdout: '', stderr: `${text.message}\n`, exitCode: EXIT_USAGE };
    let value: unknown;
    try {
      value = JSON.parse(text.text);
    } catch (error) {
      return {
        stdout: '',
        stderr: `merge: '${path}' is not JSON: ${(error as Error).message}\n`,
        exitCode: EXIT_USAGE,
      };
    }
    if (!isJsonObject(value) || typeof value.suite !== 'string' || !Array.isArray(value.runs)) {
      return {
        stdout: '',
        stderr: `merge: '${path}' is not the --json output of tool-schemas eval (it needs "suite" and "runs")\n`,
        exitCode: EXIT_USAGE,
      };
    }
    outputs.push(value as unknown as ShardOutput);
  }
  const merged = mergeShards(outputs);
  if ('error' in merged) return { stdout: '', stderr: `merge: ${merged.error}\n`, exitCode: EXIT_USAGE };
  return finish(
    merged,
    {
      json: hasFlag(parsed, 'json'),
      junit: flagValue(parsed, 'junit'),
      bar,
      barGiven: barText !== undefined,
      problems: [],
    },
    context,
  );
}
