/**
 * Records the sample runs the Models and Evals pages show without a key: the provider emulator's real wire
 * responses to the requests the pages send, written into each sample's JSON file beside what was asked. The
 * samples' own files say what to ask (model, prompt, suite, the emulator's scenario); this fills `exchanges`.
 *
 *   npx tsx scripts/record-samples.ts          writes the recorded exchanges
 *   (scripts/record-samples.test.ts records again and compares, so a sample cannot drift from the emulator)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createModelCaller, readSuite, runSuite } from '../src/core/evals';
import { createCheckContext } from '../src/core/calls/check';
import { startProviderEmulator } from '../src/core/model/emulator/server.node.js';
import { isScenario } from '../src/core/model/emulator/scenarios';
import { streamModel } from '../src/core/model/http';
import { PROVIDER_ADAPTERS } from '../src/core/model/providers';
import type { RecordedExchange } from '../src/core/model/replay';
import type { ProviderId } from '../src/core/model/spec';
import { collection } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';

export const MODEL_SAMPLE_FILE = fileURLToPath(
  new URL('../src/app/features/models/sample/sample-run.json', import.meta.url),
);
export const EVAL_SAMPLE_FILE = fileURLToPath(
  new URL('../src/app/features/evals/sample/sample-run.json', import.meta.url),
);

interface SampleBase {
  provider: ProviderId;
  /** The base URL the sample shows (the emulator started with --port 8765); recording swaps in the running emulator's. */
  baseUrl: string;
  scenario: string;
  exchanges: RecordedExchange[];
}
export interface ModelSampleFile extends SampleBase {
  model: string;
  toolset: string;
  system: string;
  userMessage: string;
}
export interface EvalSampleFile extends SampleBase {
  models: string[];
  suite: unknown;
}

const toolsOf = (id: string) => {
  const toolset = collection.toolsets.find((entry) => entry.manifest.id === id);
  if (!toolset) throw new Error(`record-samples: no bundled toolset '${id}'`);
  return toolset.tools;
};

/** A fetch that keeps every response it passes on, as received. */
function capturing(
  exchanges: RecordedExchange[],
  model: (body: string) => string,
  prompt: (body: string) => string,
): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.text();
    const sent = typeof init?.body === 'string' ? init.body : '';
    exchanges.push({
      model: model(sent),
      prompt: prompt(sent),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body,
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/** The first user message and the model of a Chat Completions body (the wire of both samples). */
const chatModel = (body: string): string => String((JSON.parse(body) as { model?: unknown }).model ?? '');
const chatPrompt = (body: string): string => {
  const messages = ((JSON.parse(body) as { messages?: { role: string; content: unknown }[] }).messages ?? []).filter(
    (message) => message.role === 'user',
  );
  return typeof messages[0]?.content === 'string' ? messages[0].content : '';
};

async function withEmulator<T>(scenario: string, run: (baseUrl: (shown: string) => string) => Promise<T>): Promise<T> {
  if (!isScenario(scenario)) throw new Error(`record-samples: unknown scenario '${scenario}'`);
  const emulator = await startProviderEmulator({ defaultScenario: scenario, record: false });
  try {
    return await run((shown) => `${emulator.url}${new URL(shown).pathname.replace(/\/$/, '')}`);
  } finally {
    await emulator.close();
  }
}

/** The Models sample's exchange: the request the page sends for one run, answered by the emulator. */
export function recordModelSample(sample: ModelSampleFile): Promise<RecordedExchange[]> {
  return withEmulator(sample.scenario, async (baseUrl) => {
    const exchanges: RecordedExchange[] = [];
    const adapter = PROVIDER_ADAPTERS[sample.provider];
    await streamModel(
      adapter,
      {
        provider: sample.provider,
        baseUrl: baseUrl(sample.baseUrl),
        model: sample.model,
        apiKey: '',
        system: sample.system,
        messages: [{ role: 'user', text: sample.userMessage }],
        tools: adapter.prepareTools(toolsOf(sample.toolset)),
        toolChoice: { type: 'auto' },
      },
      { fetch: capturing(exchanges, chatModel, chatPrompt) },
    );
    return exchanges;
  });
}

/** The Evals sample's exchanges: every case of the suite on every model, sent as the page's suite run sends them. */
export function recordEvalSample(sample: EvalSampleFile): Promise<RecordedExchange[]> {
  const read = readSuite(sample.suite);
  if (!read.ok)
    throw new Error(
      `record-samples: the eval sample's suite is invalid: ${read.problems.map((problem) => `${problem.pointer} ${problem.message}`).join('; ')}`,
    );
  const suite = read.suite;
  return withEmulator(sample.scenario, async (baseUrl) => {
    const exchanges: RecordedExchange[] = [];
    const tools = toolsOf(suite.toolset);
    const targets = sample.models.map((model) => ({
      label: `${sample.provider}:${model}`,
      provider: sample.provider,
      model,
      baseUrl: baseUrl(sample.baseUrl),
      apiKey: '',
    }));
    await runSuite({
      suite,
      models: targets.map((target) => target.label),
      callModel: createModelCaller({ targets, tools, fetch: capturing(exchanges, chatModel, chatPrompt) }),
      context: createCheckContext(createCompilingValidator(), tools),
      concurrency: 1,
    });
    return exchanges.sort((left, right) =>
      `${left.model}\u0000${left.prompt}`.localeCompare(`${right.model}\u0000${right.prompt}`),
    );
  });
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

async function main(): Promise<void> {
  const model = readJson<ModelSampleFile>(MODEL_SAMPLE_FILE);
  writeFileSync(
    MODEL_SAMPLE_FILE,
    `${JSON.stringify({ ...model, exchanges: await recordModelSample(model) }, null, 2)}\n`,
  );
  const evals = readJson<EvalSampleFile>(EVAL_SAMPLE_FILE);
  writeFileSync(
    EVAL_SAMPLE_FILE,
    `${JSON.stringify({ ...evals, exchanges: await recordEvalSample(evals) }, null, 2)}\n`,
  );
  console.log('Recorded the Models and Evals samples.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
