/**
 * The neutral conversation as Gemini contents. A model turn goes back with its parts exactly as they
 * came (thought signatures included, which Gemini requires echoed); results are functionResponse parts.
 */
import type { JsonObject, JsonValue } from '../../../toolset/types';
import type { ModelMessage } from '../../spec';
import { argumentsObject } from '../shared';
import { SYNTHETIC_ID_PREFIX } from './parse-stream';

export function convertMessages(messages: readonly ModelMessage[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', parts: [{ text: message.text }] });
    else if (message.role === 'assistant') {
      const parts: JsonValue[] = message.providerItems ?? [
        ...(message.text !== '' ? [{ text: message.text }] : []),
        ...message.toolCalls.map((call) => ({
          functionCall: { name: call.name, args: argumentsObject(call.argumentsText) },
        })),
      ];
      out.push({ role: 'model', parts });
    } else {
      out.push({
        role: 'user',
        parts: message.results.map((result): JsonObject => {
          const response: JsonObject = result.isError ? { error: result.content } : { output: result.content };
          const functionResponse: JsonObject = { name: result.name, response };
          if (!result.callId.startsWith(SYNTHETIC_ID_PREFIX)) functionResponse.id = result.callId;
          return { functionResponse };
        }),
      });
    }
  }
  return out;
}
