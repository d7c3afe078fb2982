/**
 * One handler's run: its context, a time limit and cancellation raced against it, progress with estimates, and
 * its outcome as a ToolResult. It holds none of the service's state: what every call shares is passed in.
 */
import type { ToolDefinition } from '../toolset/types';
import { cancelled, fromError, timedOut } from './result';
import { timeoutFor } from './service-support';
import type { ExecuteOptions, ExecutionEvents } from './service-types';
import type { ProgressReport, ToolContext, ToolImplementation, ToolOutcome, ToolResult } from './types';

/** How long after its time limit a handler may take to report what it did (well inside the page's kill grace). */
const TIMEOUT_GRACE_MS = 500;

const delay = (milliseconds: number): Promise<undefined> =>
  new Promise((resolve) => setTimeout(() => resolve(undefined), milliseconds));

type RaceOutcome =
  | { kind: 'done'; outcome: ToolOutcome }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

/** Fills in the fraction and the time left from items processed, when the handler gave only the counts. */
function withEstimate(report: ProgressReport, elapsedMs: number): ProgressReport {
  const { itemsProcessed: done, totalItems: total } = report;
  if (done === undefined || total === undefined || total <= 0) return report;
  const filled: ProgressReport = { ...report, fraction: report.fraction ?? Math.min(1, done / total) };
  if (filled.estimatedRemainingMs === undefined && done > 0)
    filled.estimatedRemainingMs = Math.max(0, Math.round((elapsedMs / done) * (total - done)));
  return filled;
}

/** What the service gives every handler's run: the context it shares, the default time limit, where progress goes. */
export interface HandlerSurroundings {
  context: Pick<ToolContext, 'workspace' | 'sessionId' | 'interaction' | 'python' | 'fetch' | 'resolvingNetwork'>;
  fallbackTimeoutMs: number;
  onProgress(event: ExecutionEvents['progress']): void;
}

export async function runHandler(
  tool: ToolDefinition,
  implementation: ToolImplementation,
  args: Record<string, unknown>,
  executionId: string,
  execute: ExecuteOptions,
  surroundings: HandlerSurroundings,
): Promise<ToolResult> {
  const timeoutMs = timeoutFor(tool, implementation, args, surroundings.fallbackTimeoutMs);
  const controller = new AbortController();
  let finished = false;
  let settle: (outcome: RaceOutcome) => void = () => undefined;
  const interrupted = new Promise<RaceOutcome>((resolve) => {
    settle = resolve;
  });

  const onAbort = (): void => {
    controller.abort(execute.signal?.reason);
    settle({ kind: 'cancelled' });
  };
  execute.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    // Named as AbortSignal.timeout() names it, so handlers can tell the time limit from a cancel.
    controller.abort(new DOMException(`The call's time limit of ${timeoutMs} ms was reached`, 'TimeoutError'));
    settle({ kind: 'timeout' });
  }, timeoutMs);

  const handlerStarted = Date.now();
  const context: ToolContext = {
    ...surroundings.context,
    executionId,
    signal: controller.signal,
    timeoutMs,
    reportProgress(given: ProgressReport) {
      if (finished) return;
      const report = withEstimate(given, Date.now() - handlerStarted);
      surroundings.onProgress({ executionId, toolName: tool.name, report });
      try {
        execute.onProgress?.(report);
      } catch {
        /* a progress callback's failure does not affect the run */
      }
    },
  };

  const handlerRun: Promise<RaceOutcome> = (async () => {
    try {
      return { kind: 'done', outcome: await implementation.run(args, context) } as const;
    } catch (error) {
      return { kind: 'threw', error } as const;
    }
  })();

  const raced = await Promise.race([handlerRun, interrupted]);
  finished = true;
  clearTimeout(timer);
  execute.signal?.removeEventListener('abort', onAbort);

  switch (raced.kind) {
    case 'timeout': {
      // A handler told of the time limit may still answer with what it did (the command's output
      // and exit code, files written): wait briefly for that, so this path says what the tool's own
      // limit would have said.
      const late = await Promise.race([handlerRun, delay(TIMEOUT_GRACE_MS)]);
      if (late === undefined || late.kind !== 'done') {
        return timedOut(
          timeoutMs,
          `; the tool did not stop within ${TIMEOUT_GRACE_MS} ms of it, so nothing it produced is shown`,
        );
      }
      const outcome = late.outcome;
      if (outcome.errorCode === 'timeout') return finish(implementation, args, outcome);
      return { ...timedOut(timeoutMs), data: outcome.data, artifacts: outcome.artifacts ?? [] };
    }
    case 'cancelled':
      return cancelled();
    case 'threw':
      return fromError(raced.error);
    case 'done':
      return finish(implementation, args, raced.outcome);
  }
}

/** A handler's outcome as a ToolResult, with the tool's follow-up suggestions. */
export function finish(
  implementation: ToolImplementation,
  args: Record<string, unknown>,
  outcome: ToolOutcome,
): ToolResult {
  let suggestions = outcome.suggestedFollowUps;
  if (implementation.suggestFollowUps) {
    const extra = implementation.suggestFollowUps(args, outcome);
    if (extra.length > 0) suggestions = [...(suggestions ?? []), ...extra];
  }
  const result: ToolResult = { ...outcome, artifacts: outcome.artifacts ?? [], durationMs: 0 };
  if (suggestions && suggestions.length > 0) result.suggestedFollowUps = suggestions;
  else delete result.suggestedFollowUps;
  return result;
}
