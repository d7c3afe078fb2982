/** Suites run on models through the real clients, against the provider emulator on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITED_DESCRIPTION_MARK } from '../model/emulator/scenarios';
import { useProviderEmulator } from '../../../e2e/servers/provider-emulator-hooks';
import { createCheckContext } from '../calls/check';
import { exportTools } from '../export';
import { bundle } from '../toolset/bundle';
import { createModelCaller, parseModelSpec, toModelMessages, type ModelTarget } from './model-runs';
import { runSuite } from './run-suite';
import type { EvalCase, EvalSuite } from './types';
import { createCompilingValidator } from '../validation/compile';

// The validator of these tests: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const emulator = useProviderEmulator({ beforeAll, afterAll });

const KEY = 'test-key-eval-0000';
const readme = { tool: 'read_file', arguments: { path: { equals: 'README.md' } } };
const evalCase = (id: string, prompt: string, calls: EvalCase['expect']['calls']): EvalCase => ({
  id,
  messages: [
    { role: 'system', content: 'You are testing tools.' },
    { role: 'user', content: prompt },
  ],
  expect: { calls, order: 'any', noCall: false, mustNotCall: [], allowExtraCalls: false },
});
const suite = (cases: EvalCase[], repetitions = 1): EvalSuite => ({
  name: 'emulated',
  toolset: bundle.manifest.id,
  repetitions,
  cases,
});
const target = (model: string, provider: ModelTarget['provider'] = 'openai-chat'): ModelTarget => ({
  label: `${provider}:${model}`,
  provider,
  model,
  baseUrl: `${emulator.url}${provider.startsWith('openai') ? '/v1' : ''}`,
  apiKey: KEY,
});
const context = createCheckContext(validator, bundle.tools);

describe('model spec and messages', () => {
  it('reads provider:model with short provider names and names the rule it breaks', () => {
    expect(parseModelSpec('openai:gpt-4o')).toEqual({ provider: 'openai-chat', model: 'gpt-4o' });
    expect(parseModelSpec('anthropic:claude-x:latest')).toEqual({ provider: 'anthropic', model: 'claude-x:latest' });
    expect(parseModelSpec('gpt-4o')).toMatchObject({ error: expect.stringMatching(/provider:model/) });
    expect(parseModelSpec('openai:')).toMatchObject({
      error: expect.stringMatching(/model id after the colon is empty/),
    });
  });

  it('sends system messages as the system prompt and the rest in order', () => {
    const converted = toModelMessages([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'U' },
      { role: 'assistant', content: 'A' },
      { role: 'tool', content: 'R' },
    ]);
    expect(converted.system).toBe('S');
    expect(converted.messages).toEqual([
      { role: 'user', text: 'U' },
      { role: 'assistant', text: 'A', toolCalls: [] },
      { role: 'user', text: 'Tool result:\nR' },
    ]);
  });
});

describe.each(['openai-chat', 'anthropic', 'gemini'] as const)('a suite on %s over loopback', (provider) => {
  it('passes the right call, fails a wrong tool, retries after a 429, and sends the exported tools unchanged', async () => {
    const sleeps: number[] = [];
    const large = target('emulated-large', provider);
    const small = target('emulated-small', provider);
    const result = await runSuite({
      suite: suite([
        evalCase('pass', '[compare] read the readme', [readme]),
        evalCase('wrong-tool', '[compare] list the folder', [{ tool: 'list_directory' }]),
        evalCase('limited', '[ratelimit-once] read the readme', [readme]),
      ]),
      models: [large.label, small.label],
      callModel: createModelCaller({ targets: [large, small], tools: bundle.tools }),
      context,
      concurrency: 2,
      sleep: async (milliseconds) => void sleeps.push(milliseconds),
    });
    const verdicts = result.runs.map((run) => `${run.case}/${run.model.split(':')[1]}:${run.grade.pass}`);
    expect(verdicts).toEqual([
      'pass/emulated-large:true',
      'pass/emulated-small:false',
      'wrong-tool/emulated-large:false',
      'wrong-tool/emulated-small:false',
      'limited/emulated-large:true',
      'limited/emulated-small:false',
    ]);
    // The small model forgets `path`: the validator says so.
    expect(result.runs[1]!.grade.missing).toContain('read_file.path');
    expect(result.runs[2]!.grade.toolsCorrect).toBe(false);
    // One 429 per model, each waited for as its Retry-After said.
    expect(sleeps).toEqual([1000, 1000]);
    expect(result.runs.every((run) => run.error === undefined)).toBe(true);
    expect(result.runs[0]!.usage?.outputTokens).toBe(20);
    const sent = emulator.requests.at(-1)!;
    const sentTools =
      provider === 'gemini'
        ? (sent.body.tools as { functionDeclarations: unknown }[])[0]!.functionDeclarations
        : sent.body.tools;
    expect(sentTools).toEqual(exportTools(bundle.tools, provider === 'openai-chat' ? 'openai-chat' : provider));
    expect(JSON.stringify(result)).not.toContain(KEY);
  });
});

describe('cancel and toolset versions', () => {
  it('keeps the runs finished before Cancel and drops the one cut short', async () => {
    const controller = new AbortController();
    const large = target('emulated-large');
    const result = await runSuite({
      suite: suite([
        evalCase('quick', '[compare] read the readme', [readme]),
        evalCase('slow', '[slow] talk', []),
        evalCase('never', '[compare] again', [readme]),
      ]),
      models: [large.label],
      callModel: createModelCaller({ targets: [large], tools: bundle.tools }),
      context,
      concurrency: 1,
      onProgress: ({ run }) => {
        if (run.case === 'quick') setTimeout(() => controller.abort(), 50);
      },
      signal: controller.signal,
    });
    expect(result.cancelled).toBe(true);
    expect(result.total).toBe(3);
    expect(result.runs.map((run) => run.case)).toEqual(['quick']);
  });

  it('tells two toolset versions apart when the edited description changes what the model does', async () => {
    const large = target('emulated-large');
    const edited = bundle.tools.map((tool) =>
      tool.name === 'read_file' ? { ...tool, description: `${tool.description} ${EDITED_DESCRIPTION_MARK}` } : tool,
    );
    const both = suite(
      [
        evalCase('read-then-list', '[compare] read the readme then list src', [
          readme,
          { tool: 'list_directory', arguments: { path: { equals: 'src' } } },
        ]),
      ],
      2,
    );
    const runs = [];
    for (const [version, tools] of [
      ['v1', bundle.tools],
      ['v2', edited],
    ] as const) {
      const run = await runSuite({
        suite: both,
        models: [large.label],
        callModel: createModelCaller({ targets: [large], tools }),
        context: createCheckContext(validator, tools),
        toolsetVersion: version,
      });
      runs.push(...run.runs);
    }
    expect(runs.map((run) => `${run.toolsetVersion}:${run.grade.pass}`)).toEqual([
      'v1:false',
      'v1:false',
      'v2:true',
      'v2:true',
    ]);
  });
});
