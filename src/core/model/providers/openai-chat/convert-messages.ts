/** The neutral conversation as Chat Completions messages. */
import type { JsonObject } from '../../../toolset/types';
import type { ModelMessage } from '../../spec';

export function convertMessages(system: string, messages: readonly ModelMessage[]): JsonObject[] {
  const out: JsonObject[] = system.trim() !== '' ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.text });
    else if (message.role === 'assistant') {
      const entry: JsonObject = { role: 'assistant', content: message.text === '' ? null : message.text };
      if (message.toolCalls.length > 0) {
        entry.tool_calls = message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.argumentsText },
        }));
      }
      out.push(entry);
    } else {
      for (const result of message.results)
        out.push({ role: 'tool', tool_call_id: result.callId, content: result.content });
    }
  }
  return out;
}
