/** A judge supplied from outside (a page's schema worker): its verdicts arrive later, in any order, and the run waits for them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useProviderEmulator } from '../../../../e2e/servers/provider-emulator-hooks';
import { createCheckContext } from '../../calls/check';
import { bundle } from '../../toolset/bundle';
import { PROVIDER_ADAPTERS } from '../providers';
import type { ModelToolCall } from '../spec';
import { callFormatOf, judgeCall, type CallVerdict } from './judge';
import { runAgent, type AgentEvent } from './run-agent';
import { createCompilingValidator } from '../../validation/compile';

// The validator of these tests: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const emulator = useProviderEmulator({ beforeAll, afterAll });

const adapter = PROVIDER_ADAPTERS['openai-chat'];
const tools = bundle.tools;

describe('runAgent with a judge of its own', () => {
  it('keeps each verdict with its call in stream order, even when later calls are judged first', async () => {
    const context = createCheckContext(validator, tools);
    const asked: string[] = [];
    // The first call's verdict comes last: a worker answering out of order must not reorder the calls.
    const judge = (call: ModelToolCall, index: number): Promise<CallVerdict> => {
      asked.push(call.name);
      const verdict = judgeCall(call, context, callFormatOf(adapter), index);
      return new Promise((resolve) => setTimeout(() => resolve(verdict), index === 1 ? 40 : 1));
    };
    const events: AgentEvent[] = [];
    const record = await runAgent({
      validator,
      adapter,
      request: {
        provider: adapter.id,
        baseUrl: `${emulator.url}/v1`,
        model: 'emulated-large',
        apiKey: 'test-key-0000',
        system: '',
        messages: [{ role: 'user', text: '[calls] read' }],
        tools: adapter.prepareTools(tools),
        toolChoice: { type: 'auto' },
      },
      tools,
      mode: 'judge',
      maxSteps: 1,
      judge,
      onEvent: (event) => events.push(event),
      record: {
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
      },
    });
    expect(asked).toEqual(['read_file', 'read_file', 'read_files', 'list_directory']);
    expect(record.stopReason).toBe('calls-judged');
    expect(record.steps[0]!.calls.map((call) => call.verdict.status)).toEqual([
      'valid',
      'invalid',
      'unknown_tool',
      'unparseable',
    ]);
    expect(record.steps[0]!.calls.map((call) => call.verdict.index)).toEqual([1, 2, 3, 4]);
    // Every verdict was announced before the step ended.
    const ends = events.findIndex((event) => event.type === 'step-end');
    expect(events.filter((event, at) => event.type === 'verdict' && at < ends)).toHaveLength(4);
  });
});
