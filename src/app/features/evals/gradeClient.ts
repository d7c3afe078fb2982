/** The page's side of the grading worker: one worker for the page's life, requests answered by id. */
import type { CaseGrade, CaseRun, EvalCase, EvalSuite, ObservedCall } from '../../../core/evals';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { EvalsRequest, EvalsResponse } from './evals.worker';
import type { BfclImport } from './suiteFiles';

type Pending = (response: EvalsResponse) => void;
type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();
const sentTools = new Map<string, ToolDefinition[]>();

function send(request: Body<EvalsRequest>): Promise<EvalsResponse> {
  worker ??= (() => {
    const created = new Worker(new URL('./evals.worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<EvalsResponse>) => {
      pending.get(event.data.id)?.(event.data);
      pending.delete(event.data.id);
    };
    created.onerror = (event) => {
      for (const resolve of pending.values()) resolve({ id: 0, type: 'error', message: event.message || 'The grading worker failed.' });
      pending.clear();
      worker = null;
      sentTools.clear();
    };
    return created;
  })();
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker!.postMessage({ ...request, id });
  });
}

/** Sends a toolset once under a key; later grades name the key. */
async function ensureTools(key: string, tools: ToolDefinition[]): Promise<void> {
  if (sentTools.get(key) === tools) return;
  sentTools.set(key, tools);
  const response = await send({ type: 'tools', key, tools });
  if (response.type === 'error') throw new Error(response.message);
}

export async function gradeInWorker(key: string, tools: ToolDefinition[], evalCase: EvalCase, calls: ObservedCall[]): Promise<CaseGrade> {
  await ensureTools(key, tools);
  const response = await send({ type: 'grade', key, evalCase, calls });
  if (response.type !== 'grade') throw new Error(response.type === 'error' ? response.message : 'Unexpected answer from the grading worker.');
  return response.grade;
}

/** Offline scoring: a results file or transcript against a suite. */
export async function scoreInWorker(key: string, tools: ToolDefinition[], suite: EvalSuite, text: string): Promise<{ runs: CaseRun[]; problems: { line: number; message: string }[] }> {
  await ensureTools(key, tools);
  const response = await send({ type: 'score', key, suite, text });
  if (response.type !== 'score') throw new Error(response.type === 'error' ? response.message : 'Unexpected answer from the grading worker.');
  return { runs: response.runs, problems: response.problems };
}

export async function importBfclInWorker(questions: string, answers: string, name: string, toolsetId: string): Promise<BfclImport> {
  const response = await send({ type: 'bfcl', questions, answers, name, toolsetId });
  if (response.type === 'bfcl') return response.result;
  return { ok: false, problems: [response.type === 'error' ? response.message : 'Unexpected answer from the grading worker.'] };
}
