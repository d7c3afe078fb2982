/** The page side of the evaluation worker: one worker, started on the first large text. */
import type { Validator } from '../../../core/validation/validator';
import type { ToolDefinition } from '../../../core/toolset/types';
import { needsLinearEngine } from '../../../core/validation/rules';
import { evaluateText, type Evaluation } from './evaluation';
import type { EvaluationRequest } from './evaluation.worker';
import EvaluationWorker from './evaluation.worker?worker';

interface Waiting {
  validator: Validator;
  tool: ToolDefinition;
  text: string;
  resolve: (evaluation: Evaluation) => void;
}

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();

/**
 * Without a worker (none started, or it failed) the page checks on its own thread: slower, never wrong (warning
 * patterns wait for RE2; if it cannot load, their remarks say they were not checked).
 */
const onPage = ({ validator, tool, text, resolve }: Waiting) => {
  const check = () => resolve(evaluateText(validator, tool, text));
  if (needsLinearEngine(tool, validator.regexEngine)) void validator.regexEngine.load().then(check, check);
  else setTimeout(check, 0);
};

function startWorker(): Worker | null {
  try {
    const started = new EvaluationWorker();
    started.onmessage = (event: MessageEvent<{ id: number; evaluation: Omit<Evaluation, 'checkedText'> }>) => {
      const entry = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      entry?.resolve({ ...event.data.evaluation, checkedText: entry.text });
    };
    started.onerror = () => {
      worker = null;
      started.terminate();
      for (const entry of waiting.values()) onPage(entry);
      waiting.clear();
    };
    return started;
  } catch {
    return null;
  }
}

/** The verdict on a text, computed in a worker (which builds its own validator); `validator` checks it on the page when the worker cannot. */
export function evaluateOffThread(validator: Validator, tool: ToolDefinition, text: string): Promise<Evaluation> {
  if (worker === undefined) worker = startWorker();
  return new Promise((resolve) => {
    const entry = { validator, tool, text, resolve };
    if (worker === null) {
      onPage(entry);
      return;
    }
    const id = nextId++;
    waiting.set(id, entry);
    worker!.postMessage({ id, tool, text } satisfies EvaluationRequest);
  });
}
