/** The recorded samples of the Models and Evals pages: recorded again from the emulator, they match; replayed, they are judged. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createModelCaller, readSuite, runSuite } from '../src/core/evals';
import { createCheckContext } from '../src/core/calls/check';
import { runAgent } from '../src/core/model/agent/run-agent';
import type { RunRecord } from '../src/core/model/agent/trace';
import { PROVIDER_ADAPTERS } from '../src/core/model/providers';
import { recordedFetch } from '../src/core/model/replay';
import { collection } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';
import {
  EVAL_SAMPLE_FILE,
  MODEL_SAMPLE_FILE,
  recordEvalSample,
  recordModelSample,
  type EvalSampleFile,
  type ModelSampleFile,
} from './record-samples';

const modelSample = JSON.parse(readFileSync(MODEL_SAMPLE_FILE, 'utf8')) as ModelSampleFile;
const evalSample = JSON.parse(readFileSync(EVAL_SAMPLE_FILE, 'utf8')) as EvalSampleFile;
const validator = createCompilingValidator();
const toolsOf = (id: string) => collection.toolsets.find((toolset) => toolset.manifest.id === id)!.tools;

describe('the recorded samples', () => {
  it('are what the emulator answers today (npx tsx scripts/record-samples.ts records them again)', async () => {
    expect(modelSample.exchanges.length).toBeGreaterThan(0);
    expect(await recordModelSample(modelSample)).toEqual(modelSample.exchanges);
    expect(await recordEvalSample(evalSample)).toEqual(evalSample.exchanges);
  });

  it('the model sample, replayed through the run path, has one call valid and one refused with the rule named', async () => {
    const adapter = PROVIDER_ADAPTERS[modelSample.provider];
    const tools = toolsOf(modelSample.toolset);
    const record: RunRecord = {
      id: 'sample',
      createdAt: '',
      provider: modelSample.provider,
      baseUrl: modelSample.baseUrl,
      model: modelSample.model,
      system: modelSample.system,
      userMessage: modelSample.userMessage,
      toolNames: [],
      toolChoice: { type: 'auto' },
      steps: [],
      messages: [],
    };
    await runAgent({
      adapter,
      validator,
      request: {
        provider: modelSample.provider,
        baseUrl: modelSample.baseUrl,
        model: modelSample.model,
        apiKey: '',
        system: modelSample.system,
        messages: [{ role: 'user', text: modelSample.userMessage }],
        tools: adapter.prepareTools(tools),
        toolChoice: { type: 'auto' },
      },
      tools,
      mode: 'judge',
      maxSteps: 1,
      stream: { fetch: recordedFetch(modelSample.exchanges) },
      record,
    });
    const verdicts = record.steps[0]!.calls.map((call) => call.verdict);
    expect(record.error).toBeUndefined();
    expect(verdicts.map((verdict) => [verdict.tool, verdict.status])).toEqual([
      ['read_file', 'valid'],
      ['read_file', 'invalid'],
      ['read_files', 'unknown_tool'],
      ['list_directory', 'unparseable'],
    ]);
    expect(verdicts[1]!.errors.map((error) => error.code)).toContain('required');
  });

  it('a request the sample did not record is answered 404, naming the address', async () => {
    const response = await recordedFetch(modelSample.exchanges)('http://127.0.0.1:8765/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify({ model: 'other', messages: [] }),
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('127.0.0.1:8765/v1/chat/completions');
  });

  it('the eval sample, replayed through the suite run, passes the large model and fails the small one', async () => {
    const read = readSuite(evalSample.suite);
    if (!read.ok) throw new Error('the sample suite is invalid');
    const tools = toolsOf(read.suite.toolset);
    const targets = evalSample.models.map((model) => ({
      label: model,
      provider: evalSample.provider,
      model,
      baseUrl: evalSample.baseUrl,
      apiKey: '',
    }));
    const { runs } = await runSuite({
      suite: read.suite,
      models: evalSample.models,
      callModel: createModelCaller({ targets, tools, fetch: recordedFetch(evalSample.exchanges) }),
      context: createCheckContext(validator, tools),
    });
    expect(runs).toHaveLength(read.suite.cases.length * evalSample.models.length);
    expect(runs.every((run) => run.error === undefined)).toBe(true);
    expect(runs.filter((run) => run.model === 'emulated-large').every((run) => run.grade.pass)).toBe(true);
    expect(runs.filter((run) => run.model === 'emulated-small').some((run) => run.grade.pass)).toBe(false);
  });
});
