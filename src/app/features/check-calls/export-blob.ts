/**
 * The Check calls worker's exports built a batch of calls at a time (./call-store.ts `batches`): a log of millions
 * of calls is never held as results, nor as one string, at once. The text is the same as the report's functions give
 * for every result at once (core/calls/report.ts).
 */
import { CSV_COLUMNS, csvRow, reportJsonParts, validCallsToJsonl } from '../../../core/calls/report';
import type { CallResult, CallSummary } from '../../../core/calls/types';
import type { ExportFormat } from './check-calls-protocol';

/** Text gathered before it goes into the file: a part of the Blob, whose bytes leave the worker's heap. */
const PART_CHARACTERS = 8 * 1024 * 1024;

async function* exportParts(
  format: ExportFormat,
  summary: CallSummary,
  batches: AsyncIterable<readonly CallResult[]>,
): AsyncGenerator<string, void, undefined> {
  if (format === 'json') {
    yield* reportJsonParts(summary, batches);
    return;
  }
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const batch of batches) {
    if (format === 'valid') yield validCallsToJsonl(batch);
    else if (batch.length > 0) yield `${batch.map(csvRow).join('\r\n')}\r\n`;
  }
}

/** The last check's report as a file in `format`, from its calls read a batch at a time. */
export async function exportFile(
  format: ExportFormat,
  summary: CallSummary,
  batches: AsyncIterable<readonly CallResult[]>,
): Promise<Blob> {
  let file = new Blob([]);
  let held: string[] = [];
  let characters = 0;
  for await (const part of exportParts(format, summary, batches)) {
    held.push(part);
    characters += part.length;
    if (characters >= PART_CHARACTERS) {
      file = new Blob([file, ...held]);
      held = [];
      characters = 0;
    }
  }
  return new Blob([file, ...held]);
}
