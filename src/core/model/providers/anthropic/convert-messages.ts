/**
 * The neutral conversation as Messages turns: calls are tool_use blocks with their input as an object
 * (input that was not JSON goes back as {} and its tool_result says so), results are tool_result blocks
 * in a user turn.
 */
import type { JsonObject } from '../../../toolset/types';
import type { ModelMessage } from '../../spec';
import { argumentsObject } from '../shared';

export function convertMessages(messages: readonly ModelMessage[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.text });
    else if (message.role === 'assistant') {
      const content: JsonObject[] = message.text !== '' ? [{ type: 'text', text: message.text }] : [];
      for (const call of message.toolCalls)
        content.push({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call.argumentsText) });
      out.push({ role: 'assistant', content });
    } else {
      out.push({
        role: 'user',
        content: message.results.map((result) => ({
          type: 'tool_result',
          tool_use_id: result.callId,
          content: result.content,
          ...(result.isError ? { is_error: true } : {}),
        })),
      });
    }
  }
  return out;
}
