/**
 * Chat Completions chunks: `choices[0].delta.tool_calls[]` carry an index, the id and name once, then
 * argument fragments; the finish_reason chunk closes them; usage comes in a last chunk with no choices;
 * `data: [DONE]` ends the stream.
 */
import type { StreamParser, StreamPart } from '../../spec';
import { asNumber, asRecord, asString, cutStream, defined, parseEventData } from '../shared';
import { mapFinishReason } from './map-finish-reason';

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

export function createStreamParser(): StreamParser {
  const calls = new Map<number, PendingCall>();
  let finished = false;
  let ended = false;

  const closeCalls = (): StreamPart[] => {
    const parts: StreamPart[] = [...calls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([index, call]) => ({
        type: 'tool-call',
        index,
        call: { id: call.id, name: call.name, argumentsText: call.args },
      }));
    calls.clear();
    return parts;
  };

  return {
    push({ data }) {
      if (data.trim() === '[DONE]') {
        ended = true;
        return closeCalls();
      }
      const parsed = parseEventData(data);
      if ('part' in parsed) return [parsed.part];
      const chunk = parsed.value;
      const parts: StreamPart[] = [];
      const error = asRecord(chunk.error);
      if (asString(error.message) !== undefined) {
        ended = true;
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
      const choice = asRecord(Array.isArray(chunk.choices) ? chunk.choices[0] : undefined);
      const delta = asRecord(choice.delta);
      const content = asString(delta.content);
      if (content) parts.push({ type: 'text-delta', text: content });
      if (Array.isArray(delta.tool_calls)) {
        for (const raw of delta.tool_calls) {
          const entry = asRecord(raw);
          const index = asNumber(entry.index) ?? 0;
          const fn = asRecord(entry.function);
          let call = calls.get(index);
          if (!call) {
            call = { id: asString(entry.id) ?? `call_${index}`, name: asString(fn.name) ?? '', args: '' };
            calls.set(index, call);
            parts.push({ type: 'tool-call-start', index, id: call.id, name: call.name });
          }
          const fragment = asString(fn.arguments);
          if (fragment) {
            call.args += fragment;
            parts.push({ type: 'tool-call-delta', index, argumentsDelta: fragment });
          }
        }
      }
      const reason = asString(choice.finish_reason);
      if (reason !== undefined) {
        finished = true;
        parts.push(...closeCalls(), { type: 'finish', reason: mapFinishReason(reason), rawReason: reason });
      }
      const usage = asRecord(chunk.usage);
      if (Object.keys(usage).length > 0) {
        parts.push({
          type: 'usage',
          usage: defined({
            inputTokens: asNumber(usage.prompt_tokens),
            outputTokens: asNumber(usage.completion_tokens),
            totalTokens: asNumber(usage.total_tokens),
            cost: asNumber(usage.cost),
          }),
        });
      }
      return parts;
    },
    end() {
      // Some compatible servers omit [DONE] after the finish chunk; no finish and no [DONE] is a cut.
      if (ended || finished) return closeCalls();
      return [cutStream()];
    },
  };
}
