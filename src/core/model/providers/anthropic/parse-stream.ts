/**
 * Messages stream events: message_start (input usage), content_block_start (text or tool_use with id and
 * name), content_block_delta (text_delta, input_json_delta partial_json fragments), content_block_stop,
 * message_delta (stop_reason, output usage), message_stop; `error` events may arrive mid-stream.
 */
import type { StreamParser, StreamPart } from '../../spec';
import { asNumber, asRecord, asString, cutStream, defined, parseEventData } from '../shared';
import { mapFinishReason } from './map-finish-reason';

export function createStreamParser(): StreamParser {
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let ended = false;

  return {
    push({ data }) {
      const parsed = parseEventData(data);
      if ('part' in parsed) return [parsed.part];
      const event = parsed.value;
      const index = asNumber(event.index) ?? 0;
      switch (event.type) {
        case 'message_start': {
          const usage = asRecord(asRecord(event.message).usage);
          return [
            {
              type: 'usage',
              usage: defined({
                inputTokens: asNumber(usage.input_tokens),
                outputTokens: asNumber(usage.output_tokens),
              }),
            },
          ];
        }
        case 'content_block_start': {
          const block = asRecord(event.content_block);
          if (block.type === 'text' && asString(block.text)) return [{ type: 'text-delta', text: String(block.text) }];
          if (block.type !== 'tool_use') return [];
          const call = { id: asString(block.id) ?? `toolu_${index}`, name: asString(block.name) ?? '', args: '' };
          calls.set(index, call);
          return [{ type: 'tool-call-start', index, id: call.id, name: call.name }];
        }
        case 'content_block_delta': {
          const delta = asRecord(event.delta);
          if (delta.type === 'text_delta') return [{ type: 'text-delta', text: asString(delta.text) ?? '' }];
          const call = calls.get(index);
          if (delta.type !== 'input_json_delta' || !call) return [];
          const fragment = asString(delta.partial_json) ?? '';
          call.args += fragment;
          return [{ type: 'tool-call-delta', index, argumentsDelta: fragment }];
        }
        case 'content_block_stop': {
          const call = calls.get(index);
          if (!call) return [];
          calls.delete(index);
          return [{ type: 'tool-call', index, call: { id: call.id, name: call.name, argumentsText: call.args } }];
        }
        case 'message_delta': {
          const reason = asString(asRecord(event.delta).stop_reason);
          const usage = asRecord(event.usage);
          const parts: StreamPart[] = [
            { type: 'usage', usage: defined({ outputTokens: asNumber(usage.output_tokens) }) },
          ];
          if (reason !== undefined) parts.push({ type: 'finish', reason: mapFinishReason(reason), rawReason: reason });
          return parts;
        }
        case 'message_stop':
          ended = true;
          return [];
        case 'error': {
          ended = true;
          const error = asRecord(event.error);
          const message = `${asString(error.type) ?? 'error'}: ${asString(error.message) ?? ''}`;
          return [
            {
              type: 'error',
              error: {
                code: error.type === 'overloaded_error' ? 'server_error' : 'bad_response',
                message: `The provider reported an error mid-stream (${message}).`,
                providerMessage: message,
              },
            },
          ];
        }
        default:
          return [];
      }
    },
    end: () => (ended ? [] : [cutStream()]),
  };
}
