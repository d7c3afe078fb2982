/**
 * The neutral conversation as Responses input items. Calls go back as function_call items without their
 * `fc_` ids: with store false the server keeps no items to match ids against.
 */
import type { JsonObject } from '../../../toolset/types';
import type { ModelMessage } from '../../spec';

export function convertMessages(messages: readonly ModelMessage[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.text });
    else if (message.role === 'assistant') {
      if (message.text !== '') out.push({ role: 'assistant', content: message.text });
      for (const call of message.toolCalls)
        out.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: call.argumentsText });
    } else {
      for (const result of message.results)
        out.push({ type: 'function_call_output', call_id: result.callId, output: result.content });
    }
  }
  return out;
}
