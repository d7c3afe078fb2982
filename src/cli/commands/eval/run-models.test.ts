/** `eval <suite> --model …` against the provider emulator on loopback: real HTTP, real clients, real validator. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITED_DESCRIPTION_MARK } from '../../../core/model/emulator/scenarios';
import { useProviderEmulator } from '../../../../e2e/servers/provider-emulator-hooks';
import { bundle, collection } from '../../../core/toolset/bundle';
import type { CommandContext } from '../../types';
import { runEvalModelsCli } from './run-models';
import { createCompilingValidator } from '../../../core/validation/compile';

// The validator of these tests: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const emulator = useProviderEmulator({ beforeAll, afterAll });

const KEY = 'sk-test-eval-cli-1234';
const readme = { tool: 'read_file', arguments: { path: 'README.md' } };
const files = new Map<string, string>([
  [
    'suite.json',
    JSON.stringify({
      name: 'CLI models',
      toolset: bundle.manifest.id,
      repetitions: 1,
      cases: [
        { id: 'pass', prompt: '[compare] read the readme', expect: { calls: [readme] } },
        { id: 'wrong-tool', prompt: '[compare] list the folder', expect: { calls: [{ tool: 'list_directory' }] } },
        { id: 'limited', prompt: '[ratelimit-once] read the readme', expect: { calls: [readme] } },
      ],
    }),
  ],
  [
    'slow.json',
    JSON.stringify({
      name: 'slow',
      toolset: bundle.manifest.id,
      cases: [
        { id: 'quick', prompt: '[compare] read it', expect: { calls: [readme] } },
        { id: 'slow', prompt: '[slow] talk', expect: { noCall: true } },
      ],
    }),
  ],
  [
    'both.json',
    JSON.stringify({
      name: 'versions',
      toolset: bundle.manifest.id,
      repetitions: 4,
      cases: [
        {
          id: 'read-then-list',
          prompt: '[compare] read, then list src',
          expect: { calls: [readme, { tool: 'list_directory', arguments: { path: 'src' } }] },
        },
      ],
    }),
  ],
  [
    'edited.json',
    JSON.stringify(
      bundle.tools.map((tool) =>
        tool.name === 'read_file' ? { ...tool, description: `${tool.description} ${EDITED_DESCRIPTION_MARK}` } : tool,
      ),
    ),
  ],
]);
const context: CommandContext = {
  validator,
  bundle,
  toolsets: collection.toolsets,
  color: false,
  readStdin: () => undefined,
  readFile: (path) => files.get(path) ?? '',
};
const run = (
  command: string,
  options: { env?: Record<string, string>; signal?: AbortSignal; progress?: (line: string) => void } = {},
) =>
  runEvalModelsCli(command.split(' '), context, {
    env: options.env ?? { OPENAI_API_KEY: KEY },
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.progress ? { progress: options.progress } : {}),
  });

describe('eval --model', () => {
  it('runs two models: a pass, a wrong tool, a 429 retried after Retry-After; the key is printed nowhere', async () => {
    const lines: string[] = [];
    const result = await run(
      `suite.json --model openai:emulated-large --model openai:emulated-small --base-url ${emulator.url}/v1 --concurrency 2 --json`,
      { progress: (line) => lines.push(line) },
    );
    const json = JSON.parse(result.stdout) as {
      runs: { case: string; model: string; grade: { pass: boolean }; error?: string }[];
      report: { groups: { model: string; passes: number }[] };
    };
    expect(json.runs.map((entry) => `${entry.case}/${entry.model}:${entry.grade.pass}`)).toEqual([
      'pass/openai:emulated-large:true',
      'pass/openai:emulated-small:false',
      'wrong-tool/openai:emulated-large:false',
      'wrong-tool/openai:emulated-small:false',
      'limited/openai:emulated-large:true',
      'limited/openai:emulated-small:false',
    ]);
    expect(json.runs.some((entry) => entry.error !== undefined)).toBe(false);
    expect(json.report.groups.map((group) => `${group.model} ${group.passes}`)).toEqual([
      'openai:emulated-large 2',
      'openai:emulated-small 0',
    ]);
    expect(result.exitCode).toBe(1);
    expect(lines).toHaveLength(6);
    const limited = emulator.requests.filter((request) => JSON.stringify(request.body).includes('[ratelimit-once]'));
    expect(limited).toHaveLength(4);
    expect(limited[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(`${result.stdout}${result.stderr}${lines.join('')}`).not.toContain(KEY);
  });

  it('prints the comparison of the models and exits 0 at the bar', async () => {
    const result = await run(
      `suite.json --model openai:emulated-large --model openai:emulated-small --base-url ${emulator.url}/v1 --repeat 3 --fail-under 0`,
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Compared with openai:emulated-large');
    expect(result.stdout).toMatch(
      /openai:emulated-small: -66\.7 points \(p = [\d.]+, Fisher exact test\): (a real difference|could be noise)/,
    );
  });

  it('runs two toolset versions and says whether the difference is real', async () => {
    const result = await run(
      `both.json --model openai:emulated-large --base-url ${emulator.url}/v1 --versus edited.json --fail-under 0`,
    );
    expect(result.stdout).toMatch(/openai:emulated-large @ A \([^)]*\): passed 0\/4/);
    expect(result.stdout).toMatch(/openai:emulated-large @ B \([^)]*\): passed 4\/4/);
    expect(result.stdout).toMatch(
      /@ B \([^)]*\): \+100\.0 points \(p = 0\.029, Fisher exact test\): a real difference/,
    );
  });

  it('stops on cancel and reports the runs that finished', async () => {
    const controller = new AbortController();
    const result = await run(
      `slow.json --model openai:emulated-large --base-url ${emulator.url}/v1 --concurrency 1 --fail-under 0`,
      {
        signal: controller.signal,
        progress: (line) => {
          if (line.includes('quick')) setTimeout(() => controller.abort(), 50);
        },
      },
    );
    expect(result.stdout).toContain("Suite 'slow': 1 case result, 1 run");
    expect(result.stderr).toContain('Cancelled: 1 run finished are reported; the rest did not run.');
  });

  it('names the rule a bad flag breaks, and the key variable when the key is missing', async () => {
    expect((await run('suite.json --model gpt-4o')).stderr).toMatch(/^--model 'gpt-4o': write provider:model/);
    expect(
      (await run('suite.json --model openai:a --model openai:b --model openai:c --model openai:d')).stderr,
    ).toMatch(/^--model: at most three models/);
    expect((await run('suite.json --model anthropic:claude', { env: {} })).stderr).toMatch(
      /set the key in the environment variable ANTHROPIC_API_KEY/,
    );
    expect((await run('suite.json --model openai:m --repeat 0')).stderr).toMatch(
      /^--repeat must be a whole number from 1/,
    );
    expect((await run('suite.json --model openai-compatible:llama')).stderr).toMatch(/needs --base-url/);
    expect((await run('suite.json --model openai:m --base-url nowhere')).exitCode).toBe(2);
  });
});
