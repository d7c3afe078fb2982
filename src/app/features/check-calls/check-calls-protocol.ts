/** What the page and the Check calls worker say to each other: the worker keeps the calls, the page asks for rows. */
import type { CallSummary, InputLayout } from '../../../core/calls/types';
import type { CallFilter, CallWindow } from './call-store';
import type { CheckCallsRequest } from './check-transcript';

export type ExportFormat = 'json' | 'csv' | 'valid';

export type CheckCallsWorkerRequest =
  /** Checks a transcript; the calls of the last check are dropped first. Answered with the summary. */
  | ({ type: 'check' } & CheckCallsRequest)
  /** Rows of the last check's calls a filter keeps. Answered with a CallWindow. */
  | { type: 'window'; filter: CallFilter; start: number; count: number }
  /** The last check's report as a file. Answered with a Blob (handed over, not copied, however large). */
  | { type: 'export'; format: ExportFormat };

export type CheckCallsWorkerResponse = CallSummary | CallWindow | Blob;

/** What the check reports while it reads: counts, never the calls themselves. */
export type CheckCallsWorkerProgress =
  { type: 'layout'; layout: InputLayout } | { type: 'found'; found: number; bytesRead: number; totalBytes: number };
