/**
 * streamGenerateContent?alt=sse: each event is a GenerateContentResponse. Gemini sends each functionCall
 * whole (args as an object) within a chunk; the chunk with a finishReason is the last. No end marker.
 */
import type { JsonValue } from '../../../toolset/types';
import type { StreamParser, StreamPart } from '../../spec';
import { asNumber, asRecord, asString, cutStream, defined, parseEventData } from '../shared';
import { mapFinishReason } from './map-finish-reason';

/** Gemini before 3 gives calls no id; results are then matched by name and order. */
export const SYNTHETIC_ID_PREFIX = 'gemini-call-';

export function createStreamParser(): StreamParser {
  const parts: JsonValue[] = [];
  let calls = 0;
  let finished = false;

  return {
    push({ data }) {
      const parsed = parseEventData(data);
      if ('part' in parsed) return [parsed.part];
      const chunk = parsed.value;
      const error = asRecord(chunk.error);
      if (asString(error.message) !== undefined) {
        finished = true;
        return [
          {
            type: 'error',
            error: {
              code: 'server_error',
              message: `The provider reported an error mid-stream: ${String(error.message)}`,
              providerMessage: String(error.message),
            },
          },
        ];
      }
      const out: StreamPart[] = [];
      const candidate = asRecord(Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined);
      const content = asRecord(candidate.content);
      for (const raw of Array.isArray(content.parts) ? content.parts : []) {
        const part = asRecord(raw);
        parts.push(part as JsonValue);
        if (typeof part.text === 'string' && part.thought !== true) out.push({ type: 'text-delta', text: part.text });
        const functionCall = asRecord(part.functionCall);
        if (typeof functionCall.name === 'string') {
          const index = calls++;
          const call = {
            id: asString(functionCall.id) ?? `${SYNTHETIC_ID_PREFIX}${index}`,
            name: functionCall.name,
            argumentsText: JSON.stringify(functionCall.args ?? {}),
          };
          out.push(
            { type: 'tool-call-start', index, id: call.id, name: call.name },
            { type: 'tool-call-delta', index, argumentsDelta: call.argumentsText },
            { type: 'tool-call', index, call },
          );
        }
      }
      const usage = asRecord(chunk.usageMetadata);
      if (Object.keys(usage).length > 0) {
        out.push({
          type: 'usage',
          usage: defined({
            inputTokens: asNumber(usage.promptTokenCount),
            outputTokens: asNumber(usage.candidatesTokenCount),
            totalTokens: asNumber(usage.totalTokenCount),
          }),
        });
      }
      const blocked = asString(asRecord(chunk.promptFeedback).blockReason);
      const reason = asString(candidate.finishReason) ?? blocked;
      if (reason !== undefined) {
        finished = true;
        out.push(
          { type: 'provider-items', items: [...parts] },
          {
            type: 'finish',
            reason: blocked !== undefined ? 'content-filter' : mapFinishReason(reason, calls > 0),
            rawReason: reason,
          },
        );
      }
      return out;
    },
    end: () => (finished ? [] : [cutStream()]),
  };
}
