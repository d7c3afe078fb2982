import { describe, expect, it } from 'vitest';
import { describeSampling } from './sampling';
import { samplingModelRequest, samplingResult } from './sampling-model';

describe('sampling answered by a chosen model', () => {
  const request = describeSampling({
    messages: [
      { role: 'user', content: { type: 'text', text: 'Summarize the report' } },
      { role: 'assistant', content: { type: 'text', text: 'Which part?' } },
      { role: 'user', content: { type: 'text', text: 'All of it' } },
    ],
    systemPrompt: 'Be brief.',
    maxTokens: 50,
    modelPreferences: { hints: [{ name: 'claude' }] },
  });

  it('sends the messages as approved, the system prompt and the token limit, and no tools', () => {
    const edited = {
      ...request,
      messages: [{ ...request.messages[0]!, text: 'Summarize the report in one line' }, ...request.messages.slice(1)],
    };
    expect(
      samplingModelRequest(
        edited,
        { provider: 'anthropic', baseUrl: 'http://127.0.0.1:9/v1', model: 'claude-x' },
        'k-1',
      ),
    ).toEqual({
      provider: 'anthropic',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'claude-x',
      apiKey: 'k-1',
      system: 'Be brief.',
      messages: [
        { role: 'user', text: 'Summarize the report in one line' },
        { role: 'assistant', text: 'Which part?', toolCalls: [] },
        { role: 'user', text: 'All of it' },
      ],
      tools: [],
      toolChoice: { type: 'auto' },
      maxTokens: 50,
    });
  });

  it('answers with the model text, the model and the stop reason in the protocol words', () => {
    const base = { text: 'A short summary.', toolCalls: [], rawFinishReason: 'end_turn', usage: {} };
    expect(samplingResult({ ...base, finishReason: 'stop' }, 'claude-x')).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'A short summary.' },
      model: 'claude-x',
      stopReason: 'endTurn',
    });
    expect(samplingResult({ ...base, finishReason: 'length', rawFinishReason: 'max_tokens' }, 'm').stopReason).toBe(
      'maxTokens',
    );
    expect(samplingResult({ ...base, finishReason: 'other', rawFinishReason: 'refusal' }, 'm').stopReason).toBe(
      'refusal',
    );
  });
});
