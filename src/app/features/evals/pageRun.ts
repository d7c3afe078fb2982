/** A suite run from the page: every model on one or two toolset versions, graded in the worker, progress and Cancel. */
import {
  createModelCaller,
  failedRunGrade,
  runSuite,
  type CaseRun,
  type EvalSuite,
  type ModelTarget,
} from '../../../core/evals';
import { createCheckContext } from '../../../core/calls/check';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import type { Grading } from './gradeClient';

export interface ToolsetVersion {
  /** The toolset id, and the label the report shows (null: the only version). */
  id: string;
  label: string | null;
  tools: ToolDefinition[];
}

export interface PageRunOptions {
  /** The page's validator (ValidatorContext), for the check context runSuite asks for. */
  validator: Validator;
  /** The page's grading worker. */
  grading: Grading;
  suite: EvalSuite;
  targets: ModelTarget[];
  versions: ToolsetVersion[];
  concurrency: number;
  signal: AbortSignal;
  onRun: (run: CaseRun, done: number, total: number) => void;
  /** Answers the requests instead of the network (a recorded sample replayed through the same path). */
  fetch?: typeof fetch;
}

export async function runOnModels(
  options: PageRunOptions,
): Promise<{ runs: CaseRun[]; total: number; cancelled: boolean }> {
  const runs: CaseRun[] = [];
  let done = 0;
  const perVersion =
    options.suite.cases.reduce((sum, evalCase) => sum + (evalCase.repetitions ?? options.suite.repetitions), 0) *
    options.targets.length;
  const total = perVersion * options.versions.length;
  let cancelled = false;
  for (const version of options.versions) {
    if (options.signal.aborted) {
      cancelled = true;
      break;
    }
    const result = await runSuite({
      suite: options.suite,
      models: options.targets.map((target) => target.label),
      callModel: createModelCaller({
        targets: options.targets,
        tools: version.tools,
        origin: window.location.origin,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
      // Grades come from the worker; this context is only the fallback shape runSuite asks for.
      context: createCheckContext(options.validator, version.tools),
      // A worker that fails grades the run as failed, with why, rather than stopping the whole suite.
      grade: (evalCase, calls) =>
        options.grading
          .grade(`toolset:${version.id}`, version.tools, evalCase, calls)
          .catch((error: unknown) =>
            failedRunGrade(evalCase, `grading failed: ${error instanceof Error ? error.message : String(error)}`),
          ),
      ...(version.label !== null ? { toolsetVersion: version.label } : {}),
      concurrency: options.concurrency,
      signal: options.signal,
      onProgress: ({ run }) => {
        done += 1;
        options.onRun(run, done, total);
      },
    });
    runs.push(...result.runs);
    cancelled ||= result.cancelled;
  }
  return { runs, total, cancelled };
}
