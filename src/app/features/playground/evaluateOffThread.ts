/** The page side of the evaluation worker: one worker a page, started on the first text checked off the page. */
import type { Validator } from '../../../core/validation/validator';
import type { ToolDefinition } from '../../../core/toolset/types';
import { needsLinearEngine } from '../../../core/validation/rules';
import { createWorkerClient, type WorkerClient, type WorkerPort } from '../../worker/worker-client';
import { evaluateText, type Evaluation } from './evaluation';
import type { EvaluationReply, EvaluationRequest } from './evaluation.worker';
import EvaluationWorker from './evaluation.worker?worker';

/**
 * A check still running when a newer text replaces it has its worker ended after this long (a pattern that takes
 * seconds must not delay the verdict on the text now on screen); a shorter one is left to finish, as starting a
 * fresh worker costs more.
 */
const SUPERSEDED_CHECK_MS = 500;

export type ArgumentChecks = WorkerClient<EvaluationRequest, EvaluationReply>;

/** The page's argument checks (one worker for the page's life, through `Page.part`). */
export function createArgumentChecks(): ArgumentChecks {
  return createWorkerClient<EvaluationRequest, EvaluationReply>({
    create: () => new EvaluationWorker() as unknown as WorkerPort,
    name: 'The argument checks',
    restartOnCancel: { afterMs: SUPERSEDED_CHECK_MS },
  });
}

/**
 * Without a worker (none can start, or it failed) the page checks on its own thread: slower, never wrong (warning
 * patterns wait for RE2; if it cannot load, their remarks say they were not checked).
 */
const onPage = (validator: Validator, tool: ToolDefinition, text: string): Promise<Evaluation> =>
  new Promise((resolve) => {
    const check = () => resolve(evaluateText(validator, tool, text));
    if (needsLinearEngine(tool, validator.regexEngine)) void validator.regexEngine.load().then(check, check);
    else setTimeout(check, 0);
  });

/**
 * The verdict on a text, computed in the page's worker (which builds its own validator); `validator` checks it on the
 * page when the worker cannot. Null when `signal` cancelled it (a newer text is on its way).
 */
export async function evaluateOffThread(
  checks: ArgumentChecks,
  validator: Validator,
  tool: ToolDefinition,
  text: string,
  signal?: AbortSignal,
): Promise<Evaluation | null> {
  const outcome = await checks.request({ tool, text }, signal ? { signal } : {});
  if (outcome.ok) return { ...outcome.value, checkedText: text };
  if (outcome.reason === 'cancelled' || signal?.aborted) return null;
  return onPage(validator, tool, text);
}
