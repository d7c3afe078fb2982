/**
 * Responses semantic events: output_item.added opens a function_call (call_id, name), then
 * function_call_arguments.delta fragments, output_item.done closes it; response.completed,
 * response.incomplete or response.failed end the stream (there is no [DONE]).
 */
import type { StreamParser, StreamPart } from '../../spec';
import { asNumber, asRecord, asString, cutStream, defined, parseEventData } from '../shared';
import { mapFinishReason } from './map-finish-reason';

export function createStreamParser(): StreamParser {
  const args = new Map<number, string>();
  let hadCalls = false;
  let ended = false;

  return {
    push({ data }) {
      const parsed = parseEventData(data);
      if ('part' in parsed) return [parsed.part];
      const event = parsed.value;
      const type = asString(event.type) ?? '';
      const index = asNumber(event.output_index) ?? 0;
      const item = asRecord(event.item);
      switch (type) {
        case 'response.output_text.delta':
          return [{ type: 'text-delta', text: asString(event.delta) ?? '' }];
        case 'response.output_item.added':
          if (item.type !== 'function_call') return [];
          hadCalls = true;
          args.set(index, asString(item.arguments) ?? '');
          return [
            {
              type: 'tool-call-start',
              index,
              id: asString(item.call_id) ?? `call_${index}`,
              name: asString(item.name) ?? '',
            },
          ];
        case 'response.function_call_arguments.delta': {
          const delta = asString(event.delta) ?? '';
          args.set(index, (args.get(index) ?? '') + delta);
          return [{ type: 'tool-call-delta', index, argumentsDelta: delta }];
        }
        case 'response.output_item.done':
          if (item.type !== 'function_call') return [];
          return [
            {
              type: 'tool-call',
              index,
              call: {
                id: asString(item.call_id) ?? `call_${index}`,
                name: asString(item.name) ?? '',
                argumentsText: asString(item.arguments) ?? args.get(index) ?? '',
              },
            },
          ];
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed': {
          ended = true;
          const response = asRecord(event.response);
          const status = asString(response.status) ?? type.slice('response.'.length);
          const incomplete = asString(asRecord(response.incomplete_details).reason);
          const usage = asRecord(response.usage);
          const parts: StreamPart[] = [
            {
              type: 'usage',
              usage: defined({
                inputTokens: asNumber(usage.input_tokens),
                outputTokens: asNumber(usage.output_tokens),
                totalTokens: asNumber(usage.total_tokens),
              }),
            },
            { type: 'finish', reason: mapFinishReason(status, incomplete, hadCalls), rawReason: incomplete ?? status },
          ];
          const failure = asString(asRecord(response.error).message);
          if (type === 'response.failed')
            parts.push({
              type: 'error',
              error: {
                code: 'server_error',
                message: `The response failed: ${failure ?? 'no reason given'}`,
                providerMessage: failure,
              },
            });
          return parts;
        }
        case 'error': {
          ended = true;
          const message = asString(event.message) ?? 'unknown error';
          return [
            {
              type: 'error',
              error: {
                code: 'server_error',
                message: `The provider reported an error mid-stream: ${message}`,
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
