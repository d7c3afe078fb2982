import { createCompilingValidator } from '../../validation/compile';
/** The core against the provider emulator on loopback: real HTTP, real fetch, the real validator and runtime service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderEmulator } from './server.node.js';
import { AGENT_ANSWER } from './scenarios.js';
import { useProviderEmulator } from '../../../../e2e/servers/provider-emulator-hooks';
import { exportTools } from '../../export';
import { createExecutionService, type ApprovalRequest } from '../../runtime/service';
import { createMockTool } from '../../runtime/mock-tool.test-support';
import type { ToolImplementation } from '../../runtime/types';
import { bundle } from '../../toolset/bundle';
import type { Workspace } from '../../workspace/types';
import { autoApproves } from '../agent/approval';
import { runAgent } from '../agent/run-agent';
import type { RunRecord } from '../agent/trace';
import { listModels, streamModel } from '../http';
import { PROVIDER_ADAPTERS } from '../providers';
import type { ModelRequest, ProviderAdapter, ProviderId } from '../spec';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const emulator = useProviderEmulator({ beforeAll, afterAll });

const tools = bundle.tools;
const baseFor = (adapter: ProviderAdapter, prefix = ''): string =>
  `${emulator.url}${prefix}${adapter.id.startsWith('openai') ? '/v1' : ''}`;
const requestFor = (adapter: ProviderAdapter, text: string, overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  provider: adapter.id,
  baseUrl: baseFor(adapter),
  model: 'emulated-large',
  apiKey: 'test-key-0000',
  system: 'You are testing tools.',
  messages: [{ role: 'user', text }],
  tools: adapter.prepareTools(tools),
  toolChoice: { type: 'auto' },
  ...overrides,
});
const newRecord = (adapter: ProviderAdapter): RunRecord => ({
  id: 'run',
  createdAt: '',
  provider: adapter.id,
  baseUrl: '',
  model: 'emulated-large',
  system: '',
  userMessage: '',
  toolNames: [],
  toolChoice: { type: 'auto' },
  steps: [],
  messages: [],
});
const ids = Object.keys(PROVIDER_ADAPTERS) as ProviderId[];

describe.each(ids)('%s over loopback', (id) => {
  const adapter = PROVIDER_ADAPTERS[id];

  it('sends the exported tools unchanged and judges each call: valid, invalid, unknown tool, not JSON', async () => {
    const record = await runAgent({
      validator,
      adapter,
      request: requestFor(adapter, '[calls] read the readme'),
      tools,
      mode: 'judge',
      maxSteps: 1,
      record: newRecord(adapter),
    });
    const sent = emulator.requests.at(-1)!;
    const sentTools =
      id === 'gemini'
        ? (sent.body.tools as { functionDeclarations: unknown }[])[0]!.functionDeclarations
        : sent.body.tools;
    expect(sentTools).toEqual(exportTools(tools, adapter.exportFormat));
    expect(record.stopReason).toBe('calls-judged');
    const calls = record.steps[0]!.calls;
    const statuses = calls.map((entry) => entry.verdict.status);
    // Gemini carries arguments as objects, so its stream cannot hold arguments that are not JSON.
    expect(statuses).toEqual(
      id === 'gemini' ? ['valid', 'invalid', 'unknown_tool'] : ['valid', 'invalid', 'unknown_tool', 'unparseable'],
    );
    expect(calls[1]!.verdict.errors.map((error) => error.parameter)).toContain('path');
    expect(calls[1]!.verdict.llmText).toMatch(/path/);
    expect(calls[2]!.verdict.suggestions).toContain('read_file');
    if (id !== 'gemini') expect(calls[3]!.call.argumentsText).toBe('{"path": "src"');
    expect(record.steps[0]!.usage.outputTokens).toBe(58);
    expect(record.steps[0]!.trace.headers).not.toContain('test-key-0000');
    expect(JSON.stringify(record)).not.toContain('test-key-0000');
  });

  it('runs the agent loop through the runtime service: auto-approved up to its limit, asked above, results sent back', async () => {
    const ran: string[] = [];
    const asked: ApprovalRequest[] = [];
    // The reusable mock tool's handler, under the bundled definitions the model was sent.
    const implementation = (name: string): ToolImplementation =>
      createMockTool({
        name,
        summarize: (args) => `${name} ${String(args.path)}`,
        run: async (args) => {
          ran.push(`${name} ${String(args.path)}`);
          return { success: true, message: `${name} done on ${String(args.path)}` };
        },
      }).implementation;
    const service = createExecutionService({
      validator,
      tools,
      implementations: new Map(
        [implementation('list_directory'), implementation('delete_file')].map((entry) => [entry.name, entry]),
      ),
      workspace: {} as Workspace,
      interaction: { ask: async () => '', confirm: async () => true },
      approve: async (request) => {
        if (autoApproves('medium', request.risk)) return true;
        asked.push(request);
        return false;
      },
    });
    const record = await runAgent({
      validator,
      adapter,
      request: requestFor(adapter, '[agent] tidy up'),
      tools,
      mode: 'agent',
      maxSteps: 4,
      record: newRecord(adapter),
      execute: (name, args, signal) => service.execute(name, args, signal ? { signal } : {}),
    });
    expect(ran).toEqual(['list_directory .']);
    expect(asked.map((request) => request.tool.name)).toEqual(['delete_file']);
    expect(record.steps[0]!.calls.map((entry) => entry.sent?.isError)).toEqual([false, true]);
    expect(record.steps[0]!.calls[1]!.sent?.content).toMatch(/denied/i);
    expect(record.steps).toHaveLength(2);
    expect(record.steps[1]!.text).toBe(AGENT_ANSWER);
    expect(record.stopReason).toBe('finished');
    expect(JSON.stringify(emulator.requests.at(-1)!.body)).toContain('list_directory done on .');
  });

  it('a wrong key, a rate limit, a context overflow, a model without tools and a cut stream are errors as values', async () => {
    const run = (text: string, overrides: Partial<ModelRequest> = {}) =>
      streamModel(adapter, requestFor(adapter, text, overrides));
    expect((await run('hello', { apiKey: 'wrong-key-1234' })).error?.code).toBe('unauthorized');
    const limited = await run('[ratelimit]');
    expect(limited.error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
    expect((await run('[overflow]')).error?.code).toBe('context_overflow');
    expect((await run('[notools]')).error?.code).toBe('tools_unsupported');
    const cut = await run('[cut]');
    expect(cut.error?.code).toBe('stream_cut');
    expect(cut.result?.text).toBe('Reading.');
  });

  it('lists the models', async () => {
    expect((await listModels(adapter, baseFor(adapter), 'test-key-0000')).models).toEqual([
      'emulated-large',
      'emulated-small',
    ]);
  });

  it('a stop mid-stream cancels the request and keeps what arrived', async () => {
    const controller = new AbortController();
    let text = '';
    const outcome = await streamModel(adapter, requestFor(adapter, '[slow]'), {
      signal: controller.signal,
      onPart: (part) => {
        if (part.type !== 'text-delta') return;
        text += part.text;
        if (text.length > 20) controller.abort();
      },
    });
    expect(outcome.error?.code).toBe('cancelled');
    expect(text.length).toBeGreaterThan(20);
  });
});

it('a server that is not there is a network error naming the address', async () => {
  const closed = await startProviderEmulator();
  await closed.close();
  const outcome = await streamModel(
    PROVIDER_ADAPTERS['openai-compatible'],
    requestFor(PROVIDER_ADAPTERS['openai-compatible'], 'hi', { baseUrl: `${closed.url}/v1` }),
  );
  expect(outcome.error?.code).toBe('network');
  expect(outcome.error?.message).toContain(closed.url);
});
