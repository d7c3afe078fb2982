/** What a run keeps: each step's request (key redacted), response, usage, latency, verdicts and results. */
import type { RequestTrace } from '../http';
import type { FinishReason, ModelError, ModelMessage, ModelToolCall, ProviderId, ToolChoice, Usage } from '../spec';
import type { CallVerdict } from './judge';
import type { StopReason } from './stop';

export interface CallRecord {
  call: ModelToolCall;
  verdict: CallVerdict;
  /** What went back to the model, when the run went on. */
  sent?: { content: string; isError: boolean; executed: boolean };
}

export interface StepRecord {
  step: number;
  text: string;
  calls: CallRecord[];
  finishReason: FinishReason;
  rawFinishReason: string | null;
  usage: Usage;
  latencyMs: number;
  firstByteMs?: number;
  trace: RequestTrace;
  error?: ModelError;
}

export interface RunRecord {
  id: string;
  createdAt: string;
  provider: ProviderId;
  /** The toolset the tools came from (the page's id), for re-runs. */
  toolset?: string;
  baseUrl: string;
  model: string;
  system: string;
  userMessage: string;
  toolNames: string[];
  toolChoice: ToolChoice;
  temperature?: number;
  steps: StepRecord[];
  /** The conversation in the neutral shape, for re-runs and the transcript. */
  messages: ModelMessage[];
  stopReason?: StopReason;
  error?: ModelError;
}

export interface RunTotals {
  inputTokens: number;
  outputTokens: number;
  cost?: number;
  latencyMs: number;
  calls: number;
  valid: number;
}

export function totalsOf(run: Pick<RunRecord, 'steps'>): RunTotals {
  const totals: RunTotals = { inputTokens: 0, outputTokens: 0, latencyMs: 0, calls: 0, valid: 0 };
  for (const step of run.steps) {
    totals.inputTokens += step.usage.inputTokens ?? 0;
    totals.outputTokens += step.usage.outputTokens ?? 0;
    if (step.usage.cost !== undefined) totals.cost = (totals.cost ?? 0) + step.usage.cost;
    totals.latencyMs += step.latencyMs;
    totals.calls += step.calls.length;
    totals.valid += step.calls.filter((record) => record.verdict.status === 'valid').length;
  }
  return totals;
}
