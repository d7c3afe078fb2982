/** The page's side of the grading worker: one worker for the page's life, through the one worker client. */
import type { CaseGrade, CaseRun, EvalCase, EvalSuite, ObservedCall } from '../../../core/evals';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { EvalsRequest, EvalsResponse } from './evals.worker';
import type { BfclImport } from './suiteFiles';
import { createWorkerClient } from '../../worker/worker-client';

export interface Grading {
  grade(key: string, tools: ToolDefinition[], evalCase: EvalCase, calls: ObservedCall[]): Promise<CaseGrade>;
  /** Offline scoring: a results file or transcript against a suite. */
  score(
    key: string,
    tools: ToolDefinition[],
    suite: EvalSuite,
    text: string,
  ): Promise<{ runs: CaseRun[]; problems: { line: number; message: string }[] }>;
  importBfcl(questions: string, answers: string, name: string, toolsetId: string): Promise<BfclImport>;
}

export function createGrading(): Grading {
  /** Toolsets the current worker holds, by key: a fresh worker (the first, or one after a crash) holds none. */
  const sentTools = new Map<string, ToolDefinition[]>();
  const grading = createWorkerClient<EvalsRequest, EvalsResponse>({
    create: () => new Worker(new URL('./evals.worker.ts', import.meta.url), { type: 'module' }),
    name: 'The grading worker',
    onStart: () => sentTools.clear(),
  });

  /** The worker's answer; its failure (an error, a crash, no worker) is thrown, as the callers expect. */
  async function send(request: EvalsRequest): Promise<EvalsResponse> {
    const outcome = await grading.request(request);
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.value;
  }

  /** Sends a toolset once under a key; later grades name the key. */
  async function ensureTools(key: string, tools: ToolDefinition[]): Promise<void> {
    if (sentTools.get(key) === tools) return;
    sentTools.set(key, tools);
    try {
      await send({ type: 'tools', key, tools });
    } catch (error) {
      sentTools.delete(key);
      throw error;
    }
  }

  return {
    async grade(key, tools, evalCase, calls) {
      await ensureTools(key, tools);
      const response = await send({ type: 'grade', key, evalCase, calls });
      if (response.type !== 'grade') throw new Error('Unexpected answer from the grading worker.');
      return response.grade;
    },
    async score(key, tools, suite, text) {
      await ensureTools(key, tools);
      const response = await send({ type: 'score', key, suite, text });
      if (response.type !== 'score') throw new Error('Unexpected answer from the grading worker.');
      return { runs: response.runs, problems: response.problems };
    },
    async importBfcl(questions, answers, name, toolsetId) {
      let response: EvalsResponse;
      try {
        response = await send({ type: 'bfcl', questions, answers, name, toolsetId });
      } catch (error) {
        return { ok: false, problems: [(error as Error).message] };
      }
      return response.type === 'bfcl'
        ? response.result
        : { ok: false, problems: ['Unexpected answer from the grading worker.'] };
    },
  };
}
