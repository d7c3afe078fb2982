/** "Expect this call": a call a model made on the Models page, as a case that expects it again. */
import type { RunRecord } from '../../../core/model/agent/trace';
import type { JsonValue } from '../../../core/toolset/types';
import type { CallDraft, CaseDraft } from './caseDraft';
import { emptyCase } from './caseDraft';
import { isJsonObject } from '../../../core/json/is-json-object';

export interface RunCall {
  runId: string;
  step: number;
  index: number;
  name: string;
  argumentsText: string;
  status: string;
}

export const callsOfRun = (run: RunRecord): RunCall[] =>
  run.steps.flatMap((step) =>
    step.calls.map((record, index) => ({
      runId: run.id,
      step: step.step,
      index,
      name: record.call.name,
      argumentsText: record.call.argumentsText,
      status: record.verdict.status,
    })),
  );

function argumentsOf(text: string): Record<string, JsonValue> | null {
  try {
    const value = JSON.parse(text.trim() === '' ? '{}' : text) as unknown;
    return isJsonObject(value) ? (value as Record<string, JsonValue>) : null;
  } catch {
    return null;
  }
}

/** The run's prompt, and the chosen call with each argument expected exactly as it was sent. */
export function caseFromRunCall(run: RunRecord, call: RunCall, id: string): CaseDraft {
  const args = argumentsOf(call.argumentsText) ?? {};
  const expected: CallDraft = {
    tools: call.name,
    noOtherArguments: false,
    arguments: Object.entries(args).map(([name, value]) => ({
      name,
      kind: 'equals',
      value: JSON.stringify(value),
      optional: false,
    })),
  };
  return {
    ...emptyCase(id),
    description: `From a ${run.model} run of ${run.createdAt.slice(0, 16).replace('T', ' ')}`,
    messages: [
      ...(run.system.trim() !== '' ? [{ role: 'system' as const, content: run.system }] : []),
      { role: 'user', content: run.userMessage },
    ],
    calls: [expected],
  };
}
