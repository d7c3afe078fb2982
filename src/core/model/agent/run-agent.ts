/**
 * One run: send, stream, judge each call; in agent mode execute the valid ones through the runtime
 * (which asks approval by risk level), send results or the validator's LLM text back, and go on until the
 * model stops calling tools, N steps, a stop or an error. Errors are values; the run so far is kept.
 */
import type { Validator } from '../../validation/validator';
import type { ToolResult } from '../../runtime/types';
import type { ToolDefinition } from '../../toolset/types';
import { streamModel, type StreamOptions } from '../http';
import type { ModelMessage, ModelRequest, ModelToolCall, ProviderAdapter, StreamPart, ToolResultPart } from '../spec';
import { answerFor, type Execute } from './answer';
import { callFormatOf, judgeCall, judgeContext, type CallVerdict } from './judge';
import type { StopReason } from './stop';
import type { CallRecord, RunRecord, StepRecord } from './trace';

export type AgentEvent =
  | { type: 'step-start'; step: number }
  | { type: 'part'; step: number; part: StreamPart }
  | { type: 'verdict'; step: number; index: number; record: CallRecord }
  | { type: 'sent'; step: number; index: number; record: CallRecord; result?: ToolResult }
  | { type: 'step-end'; step: number; record: StepRecord };

export interface RunAgentOptions {
  adapter: ProviderAdapter;
  /** The first request; its messages are the conversation so far. */
  request: ModelRequest;
  /** The tool definitions the request's tools were exported from: calls are judged against these. */
  tools: readonly ToolDefinition[];
  /** The validator the entry point built (createValidator): calls are judged with it. */
  validator: Validator;
  /** 'judge': one step, calls judged, nothing run. 'agent': run valid calls and go on. */
  mode: 'judge' | 'agent';
  maxSteps: number;
  /** Runs one valid call through the runtime service (approval included). */
  execute?: Execute;
  onEvent?: (event: AgentEvent) => void;
  signal?: AbortSignal;
  stream?: Omit<StreamOptions, 'signal' | 'onPart'>;
  /** The run record to fill (the page keeps a reference to render it as it grows). */
  record: RunRecord;
  /**
   * Judges one call elsewhere (a page judges an imported schema in its schema worker: compiling one needs eval).
   * Default: the validator here, synchronously, the moment the call's last byte arrives.
   */
  judge?: (call: ModelToolCall, index: number) => Promise<CallVerdict>;
}

export async function runAgent(options: RunAgentOptions): Promise<RunRecord> {
  const { adapter, record } = options;
  const context = judgeContext(options.tools, options.validator);
  const format = callFormatOf(adapter);
  const messages: ModelMessage[] = [...options.request.messages];
  record.messages = messages;
  const stop = (reason: StopReason): RunRecord => {
    record.stopReason = reason;
    return record;
  };

  for (let step = 1; step <= options.maxSteps; step++) {
    if (options.signal?.aborted) return stop('cancelled');
    options.onEvent?.({ type: 'step-start', step });
    // Each call is judged the moment its last byte arrives, not when the whole stream has ended.
    const judged = new Map<number, CallRecord>();
    const judging: Promise<void>[] = [];
    const keep = (index: number, call: ModelToolCall, verdict: CallVerdict): void => {
      const callRecord: CallRecord = { call, verdict };
      judged.set(index, callRecord);
      options.onEvent?.({ type: 'verdict', step, index, record: callRecord });
    };
    let order = 0;
    const outcome = await streamModel(
      adapter,
      { ...options.request, messages },
      {
        ...options.stream,
        signal: options.signal,
        onPart: (part) => {
          options.onEvent?.({ type: 'part', step, part });
          if (part.type !== 'tool-call') return;
          order += 1;
          if (!options.judge) return keep(part.index, part.call, judgeCall(part.call, context, format, order));
          judging.push(options.judge(part.call, order).then((verdict) => keep(part.index, part.call, verdict)));
        },
      },
    );
    await Promise.all(judging);
    const result = outcome.result;
    const calls: CallRecord[] = [...judged.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, callRecord]) => callRecord);
    const stepRecord: StepRecord = {
      step,
      text: result?.text ?? '',
      calls,
      finishReason: result?.finishReason ?? 'error',
      rawFinishReason: result?.rawFinishReason ?? null,
      usage: result?.usage ?? {},
      latencyMs: outcome.trace.durationMs,
      ...(outcome.trace.firstByteMs !== undefined ? { firstByteMs: outcome.trace.firstByteMs } : {}),
      trace: outcome.trace,
      ...(outcome.error ? { error: outcome.error } : {}),
    };
    record.steps.push(stepRecord);

    if (outcome.error) {
      record.error = outcome.error;
      options.onEvent?.({ type: 'step-end', step, record: stepRecord });
      return stop(outcome.error.code === 'cancelled' ? 'cancelled' : 'error');
    }
    messages.push({
      role: 'assistant',
      text: stepRecord.text,
      toolCalls: calls.map((entry) => entry.call),
      ...(result?.providerItems ? { providerItems: result.providerItems } : {}),
    });
    if (calls.length === 0) {
      options.onEvent?.({ type: 'step-end', step, record: stepRecord });
      return stop(
        stepRecord.finishReason === 'length' || stepRecord.finishReason === 'content-filter'
          ? 'model-stopped'
          : 'finished',
      );
    }
    if (options.mode === 'judge') {
      options.onEvent?.({ type: 'step-end', step, record: stepRecord });
      return stop('calls-judged');
    }
    const results: ToolResultPart[] = [];
    for (const [index, callRecord] of calls.entries()) {
      const answer = await answerFor(callRecord.verdict, options.execute, options.signal);
      callRecord.sent = { ...answer.part, executed: answer.executed };
      results.push({ callId: callRecord.call.id, name: callRecord.call.name, ...answer.part });
      options.onEvent?.({
        type: 'sent',
        step,
        index,
        record: callRecord,
        ...(answer.result ? { result: answer.result } : {}),
      });
      if (options.signal?.aborted) break;
    }
    messages.push({ role: 'tool', results });
    options.onEvent?.({ type: 'step-end', step, record: stepRecord });
    if (options.signal?.aborted) return stop('cancelled');
  }
  return stop('max-steps');
}
