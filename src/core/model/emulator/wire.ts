/**
 * Each provider's streamed response for one model turn, event by event, in the shape its documentation
 * and recorded streams show (see src/core/model/providers/<provider>/__fixtures__/): what the provider emulator streams.
 */
export interface Turn {
  text: string;
  /** Arguments as the model writes them: text (Gemini needs it to be JSON; others may be malformed). */
  calls: { name: string; argumentsText: string }[];
  inputTokens: number;
  outputTokens: number;
}

export interface WireEvent {
  event?: string;
  data: string;
}

/** Fragments of a few characters, as models stream them. */
const fragments = (text: string, size = 4): string[] => {
  const out: string[] = [];
  for (let offset = 0; offset < text.length; offset += size) out.push(text.slice(offset, offset + size));
  return out;
};
const json = (value: unknown): string => JSON.stringify(value);

export function openAiChatEvents(turn: Turn, model: string): WireEvent[] {
  const base = {
    id: 'chatcmpl-emulated',
    object: 'chat.completion.chunk',
    created: 1764100000,
    model,
    system_fingerprint: 'fp_emulated',
  };
  const chunk = (delta: object, finish: string | null = null) => ({
    data: json({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], usage: null }),
  });
  const events: WireEvent[] = [chunk({ role: 'assistant', content: turn.text === '' ? null : '', refusal: null })];
  for (const piece of fragments(turn.text)) events.push(chunk({ content: piece }));
  turn.calls.forEach((call, index) => {
    events.push(
      chunk({
        tool_calls: [
          { index, id: `call_emulated_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of fragments(call.argumentsText))
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, turn.calls.length > 0 ? 'tool_calls' : 'stop'));
  events.push({
    data: json({
      ...base,
      choices: [],
      usage: {
        prompt_tokens: turn.inputTokens,
        completion_tokens: turn.outputTokens,
        total_tokens: turn.inputTokens + turn.outputTokens,
      },
    }),
  });
  events.push({ data: '[DONE]' });
  return events;
}

export function openAiResponsesEvents(turn: Turn, model: string): WireEvent[] {
  let sequence = 0;
  const event = (type: string, body: object): WireEvent => ({
    event: type,
    data: json({ type, sequence_number: sequence++, ...body }),
  });
  const response = { id: 'resp_emulated', object: 'response', created_at: 1764100000, model };
  const events: WireEvent[] = [
    event('response.created', { response: { ...response, status: 'in_progress', output: [], usage: null } }),
  ];
  const output: object[] = [];
  let index = 0;
  if (turn.text !== '') {
    const item = { id: 'msg_emulated', type: 'message', status: 'in_progress', role: 'assistant', content: [] };
    events.push(event('response.output_item.added', { output_index: index, item }));
    for (const piece of fragments(turn.text))
      events.push(
        event('response.output_text.delta', {
          item_id: item.id,
          output_index: index,
          content_index: 0,
          delta: piece,
          logprobs: [],
        }),
      );
    const done = {
      ...item,
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [], logprobs: [] }],
    };
    events.push(event('response.output_item.done', { output_index: index, item: done }));
    output.push(done);
    index++;
  }
  for (const call of turn.calls) {
    const item = {
      id: `fc_emulated_${index}`,
      type: 'function_call',
      status: 'in_progress',
      arguments: '',
      call_id: `call_emulated_${index}`,
      name: call.name,
    };
    events.push(event('response.output_item.added', { output_index: index, item }));
    for (const piece of fragments(call.argumentsText))
      events.push(
        event('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta: piece }),
      );
    events.push(
      event('response.function_call_arguments.done', {
        item_id: item.id,
        output_index: index,
        arguments: call.argumentsText,
      }),
    );
    const done = { ...item, status: 'completed', arguments: call.argumentsText };
    events.push(event('response.output_item.done', { output_index: index, item: done }));
    output.push(done);
    index++;
  }
  const usage = {
    input_tokens: turn.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: turn.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: turn.inputTokens + turn.outputTokens,
  };
  events.push(event('response.completed', { response: { ...response, status: 'completed', output, usage } }));
  return events;
}

export function anthropicEvents(turn: Turn, model: string): WireEvent[] {
  const event = (type: string, body: object): WireEvent => ({ event: type, data: json({ type, ...body }) });
  const events: WireEvent[] = [
    event('message_start', {
      message: {
        id: 'msg_emulated',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: turn.inputTokens, output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if (turn.text !== '') {
    events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }), event('ping', {}));
    for (const piece of fragments(turn.text))
      events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
    events.push(event('content_block_stop', { index }));
    index++;
  }
  for (const call of turn.calls) {
    events.push(
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: `toolu_emulated_${index}`, name: call.name, input: {} },
      }),
    );
    events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const piece of fragments(call.argumentsText))
      events.push(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
    events.push(event('content_block_stop', { index }));
    index++;
  }
  events.push(
    event('message_delta', {
      delta: { stop_reason: turn.calls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: turn.outputTokens },
    }),
  );
  events.push(event('message_stop', {}));
  return events;
}

/** Gemini sends each functionCall whole; only calls whose arguments are JSON can be expressed. */
export function geminiEvents(turn: Turn, model: string): WireEvent[] {
  const usage = (output: number) => ({
    promptTokenCount: turn.inputTokens,
    ...(output > 0 ? { candidatesTokenCount: output } : {}),
    totalTokenCount: turn.inputTokens + output,
  });
  const chunk = (parts: object[], finish?: string, output = 0): WireEvent => ({
    data: json({
      candidates: [{ content: { parts, role: 'model' }, ...(finish ? { finishReason: finish } : {}), index: 0 }],
      usageMetadata: usage(output),
      modelVersion: model,
      responseId: 'emulated',
    }),
  });
  const events: WireEvent[] = fragments(turn.text, 12).map((piece) => chunk([{ text: piece }]));
  const calls = turn.calls.flatMap((call) => {
    try {
      return [{ functionCall: { name: call.name, args: JSON.parse(call.argumentsText) as unknown } }];
    } catch {
      return [];
    }
  });
  events.push(chunk(calls.length > 0 ? calls : [{ text: '' }], 'STOP', turn.outputTokens));
  return events;
}

export const serialise = (events: readonly WireEvent[]): string[] =>
  events.map((entry) => `${entry.event ? `event: ${entry.event}\n` : ''}data: ${entry.data}\n\n`);
