/**
 * Runs every case of a suite N times per model through `callModel`, whatever client provides it:
 * a bounded number at once, backing off when the provider says 429 (honouring its Retry-After),
 * reporting progress, stopping on the AbortSignal, and keeping every run already finished.
 */
import type { CheckContext } from '../calls/check';
import { failedRunGrade, gradeCase } from './grade-case';
import type { CaseGrade, CaseRun, EvalCase, EvalSuite, ObservedCall, RunUsage } from './types';

/** What a model client answers: the calls made, or an error as a value (never a throw). */
export type ModelOutcome =
  | { ok: true; calls: ObservedCall[]; usage?: RunUsage }
  | { ok: false; message: string; rateLimited?: boolean; retryAfterMs?: number };

interface CallModelRequest {
  suite: EvalSuite;
  case: EvalCase;
  model: string;
  repetition: number;
  signal: AbortSignal;
}

export type CallModel = (request: CallModelRequest) => Promise<ModelOutcome>;

interface RunProgress {
  done: number;
  total: number;
  run: CaseRun;
}

export interface RunSuiteOptions {
  suite: EvalSuite;
  models: readonly string[];
  callModel: CallModel;
  /** The toolset's tools and the validator options the grades use. */
  context: CheckContext;
  /** Grades elsewhere instead (the page grades in a worker, where imported schemas may be compiled). */
  grade?: (evalCase: EvalCase, calls: ObservedCall[]) => Promise<CaseGrade>;
  toolsetVersion?: string;
  /** Runs in flight at once (default 4). */
  concurrency?: number;
  /** Retries after a 429 before the run is recorded as failed (default 5). */
  maxRetries?: number;
  /** Exponential backoff without Retry-After: base × 2^attempt, capped (default 1 s, 60 s). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
  /** Waits between retries; tests pass one that records instead of sleeping. */
  sleep?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
}

export interface SuiteRun {
  runs: CaseRun[];
  /** Runs planned: cases × models × repetitions. */
  total: number;
  cancelled: boolean;
}

const abortableSleep = (milliseconds: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, milliseconds);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

interface Job {
  evalCase: EvalCase;
  model: string;
  repetition: number;
}

function planJobs(suite: EvalSuite, models: readonly string[]): Job[] {
  const jobs: Job[] = [];
  for (const evalCase of suite.cases) {
    for (const model of models) {
      const repetitions = evalCase.repetitions ?? suite.repetitions;
      for (let repetition = 1; repetition <= repetitions; repetition++) jobs.push({ evalCase, model, repetition });
    }
  }
  return jobs;
}

export async function runSuite(options: RunSuiteOptions): Promise<SuiteRun> {
  const { suite, callModel, context } = options;
  const jobs = planJobs(suite, options.models);
  const signal = options.signal ?? new AbortController().signal;
  const sleep = options.sleep ?? abortableSleep;
  const maxRetries = options.maxRetries ?? 5;
  const base = options.backoffBaseMs ?? 1000;
  const cap = options.backoffMaxMs ?? 60_000;
  const slots: (CaseRun | undefined)[] = new Array(jobs.length);
  let next = 0;
  let done = 0;

  const attempt = async (job: Job): Promise<ModelOutcome> => {
    for (let retry = 0; ; retry++) {
      let outcome: ModelOutcome;
      try {
        outcome = await callModel({ suite, case: job.evalCase, model: job.model, repetition: job.repetition, signal });
      } catch (error) {
        // A client that throws despite the contract still ends in a recorded failure.
        outcome = { ok: false, message: (error as Error).message ?? String(error) };
      }
      if (outcome.ok || !outcome.rateLimited || retry >= maxRetries || signal.aborted) return outcome;
      await sleep(outcome.retryAfterMs ?? Math.min(cap, base * 2 ** retry), signal);
      if (signal.aborted) return outcome;
    }
  };

  const worker = async (): Promise<void> => {
    while (!signal.aborted && next < jobs.length) {
      const index = next++;
      const job = jobs[index]!;
      const outcome = await attempt(job);
      // A run cut short by Cancel is not a result; one that finished before it is kept.
      if (signal.aborted && !outcome.ok) return;
      const run: CaseRun = {
        case: job.evalCase.id,
        model: job.model,
        ...(options.toolsetVersion !== undefined ? { toolsetVersion: options.toolsetVersion } : {}),
        repetition: job.repetition,
        calls: outcome.ok ? outcome.calls : [],
        grade: !outcome.ok
          ? failedRunGrade(job.evalCase, outcome.message)
          : options.grade
            ? await options.grade(job.evalCase, outcome.calls)
            : gradeCase(job.evalCase, outcome.calls, context),
        ...(outcome.ok ? {} : { error: outcome.message }),
        ...(outcome.ok && outcome.usage !== undefined ? { usage: outcome.usage } : {}),
      };
      slots[index] = run;
      done += 1;
      options.onProgress?.({ done, total: jobs.length, run });
    }
  };

  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, jobs.length || 1));
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    runs: slots.filter((run): run is CaseRun => run !== undefined),
    total: jobs.length,
    cancelled: signal.aborted,
  };
}
