import { describe, expect, it } from 'vitest';
import { convertMessages as anthropicMessages } from './anthropic/convert-messages';
import { convertMessages as geminiMessages } from './gemini/convert-messages';
import { argumentsObject } from './shared';

describe('argumentsObject', () => {
  it('reads a JSON object, and sends {} for empty text, text that is not JSON, or JSON that is not an object', () => {
    expect(argumentsObject('{"path":"a"}')).toEqual({ path: 'a' });
    expect(argumentsObject('')).toEqual({});
    expect(argumentsObject('{"path": "src"')).toEqual({});
    expect(argumentsObject('[1]')).toEqual({});
  });

  it('is what both Anthropic and Gemini history turns carry for a call', () => {
    const messages = [
      {
        role: 'assistant' as const,
        text: '',
        toolCalls: [{ id: 'c1', name: 'read_file', argumentsText: '{"path": "src"' }],
      },
    ];
    expect(anthropicMessages(messages)[0]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'c1', name: 'read_file', input: {} }],
    });
    expect(geminiMessages(messages)[0]).toEqual({
      role: 'model',
      parts: [{ functionCall: { name: 'read_file', args: {} } }],
    });
  });
});
