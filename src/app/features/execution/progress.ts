/** A progress report in words: what it is doing, how many of how many, how long is left. */
import type { ProgressReport } from '../../../core/runtime/types';

export function progressParts(report: ProgressReport): {
  message: string;
  items: string | null;
  percent: string | null;
  remaining: string | null;
  operation: string | null;
} {
  const items =
    report.itemsProcessed !== undefined && report.totalItems !== undefined
      ? `${report.itemsProcessed} of ${report.totalItems}`
      : null;
  const percent =
    report.fraction !== null && report.fraction !== undefined ? `${Math.round(report.fraction * 100)}%` : null;
  const remaining =
    report.estimatedRemainingMs !== undefined && (report.fraction ?? 0) < 1
      ? report.estimatedRemainingMs < 1000
        ? 'under a second left'
        : `about ${Math.round(report.estimatedRemainingMs / 1000)} s left`
      : null;
  const operation =
    report.currentOperation && report.currentOperation !== report.message ? report.currentOperation : null;
  return { message: report.message, items, percent, remaining, operation };
}
