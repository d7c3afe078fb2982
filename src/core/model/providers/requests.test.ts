import { describe, expect, it } from 'vitest';
import { exportTools } from '../../export';
import { bundle } from '../../toolset/bundle';
import { renderCurl } from '../curl';
import type { ModelMessage, ModelRequest, ProviderAdapter } from '../spec';
import { PROVIDER_ADAPTERS } from '.';

const tools = bundle.tools.slice(0, 4);
const conversation: ModelMessage[] = [
  { role: 'user', text: 'Read the readme' },
  {
    role: 'assistant',
    text: '',
    toolCalls: [{ id: 'call_1', name: 'read_file', argumentsText: '{"path":"README.md"}' }],
  },
  { role: 'tool', results: [{ callId: 'call_1', name: 'read_file', content: 'hello', isError: false }] },
];
const requestFor = (adapter: ProviderAdapter, overrides: Partial<ModelRequest> = {}): ModelRequest => ({
  provider: adapter.id,
  baseUrl: adapter.defaultBaseUrl,
  model: 'some-model',
  apiKey: 'sk-test-secret-1234',
  system: 'Be brief.',
  messages: conversation,
  tools: adapter.prepareTools(tools),
  toolChoice: { type: 'auto' },
  temperature: 0.2,
  ...overrides,
});
const adapters = Object.values(PROVIDER_ADAPTERS);

describe.each(adapters.map((adapter) => [adapter.label, adapter] as const))('%s request', (_label, adapter) => {
  it('sends the tools exactly as the site exports them for this provider', () => {
    const body = JSON.stringify(adapter.buildRequest(requestFor(adapter)).body);
    const exported = exportTools(tools, adapter.exportFormat);
    expect(adapter.prepareTools(tools)).toEqual(exported);
    expect(body).toContain(JSON.stringify(exported));
  });

  it('keeps the key out of the body and the URL; curl names it as a variable', () => {
    const http = adapter.buildRequest(requestFor(adapter));
    expect(JSON.stringify(http.body)).not.toContain('sk-test-secret');
    expect(http.url).not.toContain('sk-test-secret');
    const curl = renderCurl(adapter, http);
    expect(curl).not.toContain('sk-test-secret');
    expect(curl).toContain(`$${adapter.keyVariable}`);
  });

  it('sends the tool result back tied to its call', () => {
    const body = JSON.stringify(adapter.buildRequest(requestFor(adapter)).body);
    expect(body).toContain('hello');
    if (adapter.id !== 'gemini') expect(body).toContain('call_1');
  });
});

describe('tool choice on each wire', () => {
  const choiceOf = (adapter: ProviderAdapter, toolChoice: ModelRequest['toolChoice']) => {
    const body = adapter.buildRequest(requestFor(adapter, { toolChoice })).body ?? {};
    return body.tool_choice ?? body.toolConfig;
  };
  it('maps auto, required, none and a named tool', () => {
    const named = { type: 'tool', name: 'read_file' } as const;
    expect(choiceOf(PROVIDER_ADAPTERS['openai-chat'], named)).toEqual({
      type: 'function',
      function: { name: 'read_file' },
    });
    expect(choiceOf(PROVIDER_ADAPTERS['openai-responses'], named)).toEqual({ type: 'function', name: 'read_file' });
    expect(choiceOf(PROVIDER_ADAPTERS.anthropic, { type: 'required' })).toEqual({ type: 'any' });
    expect(choiceOf(PROVIDER_ADAPTERS.anthropic, named)).toEqual({ type: 'tool', name: 'read_file' });
    expect(choiceOf(PROVIDER_ADAPTERS.gemini, named)).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] },
    });
    expect(choiceOf(PROVIDER_ADAPTERS.gemini, { type: 'none' })).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(choiceOf(PROVIDER_ADAPTERS['openai-chat'], { type: 'required' })).toBe('required');
  });

  it('an OpenAI-compatible server without a key gets no Authorization header', () => {
    const http = PROVIDER_ADAPTERS['openai-compatible'].buildRequest(
      requestFor(PROVIDER_ADAPTERS['openai-compatible'], { apiKey: '' }),
    );
    expect(Object.keys(http.headers)).not.toContain('authorization');
  });

  it('Anthropic results that are errors are marked is_error, and input that was not JSON goes back as {}', () => {
    const body = PROVIDER_ADAPTERS.anthropic.buildRequest(
      requestFor(PROVIDER_ADAPTERS.anthropic, {
        messages: [
          { role: 'user', text: 'x' },
          {
            role: 'assistant',
            text: '',
            toolCalls: [{ id: 'toolu_1', name: 'read_file', argumentsText: '{"path": ' }],
          },
          { role: 'tool', results: [{ callId: 'toolu_1', name: 'read_file', content: 'not JSON', isError: true }] },
        ],
      }),
    ).body;
    expect(body?.messages).toEqual([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'not JSON', is_error: true }] },
    ]);
  });
});
