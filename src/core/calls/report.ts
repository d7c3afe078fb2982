/** The report as files: JSON (summary and every result), CSV (one row per result), and the valid calls only. */
import { readArgumentsText } from '../json/arguments-text';
import { argumentsTextOf } from './arguments-text';
import type { CallResult, CallSummary } from './types';

/** A CSV field, quoted when it must be (RFC 4180); a leading formula sign is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_COLUMNS = [
  'index',
  'line',
  'status',
  'format',
  'tool',
  'id',
  'codes',
  'parameters',
  'errors',
  'suggestions',
  'arguments',
  'llm_text',
] as const;

export function csvRow(result: CallResult): string {
  const fields: (string | number)[] = [
    result.index,
    result.line,
    result.status,
    result.format ?? '',
    result.tool,
    result.id ?? '',
    result.errors.map((error) => error.code).join('; '),
    result.errors.map((error) => error.parameter || '(arguments)').join('; '),
    result.errors.map((error) => error.message).join('\n'),
    (result.suggestions ?? []).join('; '),
    argumentsTextOf(result.arguments) ?? cutNote(result),
    result.llmText.trimEnd(),
  ];
  return fields.map(csvField).join(',');
}

/** What an export writes of arguments cut for a page and not read again: that they are cut, never an empty value. */
function cutNote({ argumentsCut }: CallResult): string {
  return argumentsCut === undefined
    ? ''
    : `(arguments cut: ${argumentsCut.length.toLocaleString('en-US')} characters, too long to carry; check the log again to export them)`;
}

export function resultsToCsv(results: Iterable<CallResult>): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const result of results) rows.push(csvRow(result));
  return `${rows.join('\r\n')}\r\n`;
}

export function reportToJson(summary: CallSummary, results: readonly CallResult[]): string {
  return `${JSON.stringify({ summary, results }, null, 2)}\n`;
}

/**
 * The JSON report a batch of results at a time: the same text as reportToJson gives for every result at once (each
 * result printed alone, then indented to its depth: a JSON string never holds a raw newline).
 */
export async function* reportJsonParts(
  summary: CallSummary,
  batches: AsyncIterable<readonly CallResult[]> | Iterable<readonly CallResult[]>,
): AsyncGenerator<string, void, undefined> {
  yield `{\n  "summary": ${JSON.stringify(summary, null, 2).replace(/\n/g, '\n  ')},\n  "results": [`;
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const printed = batch.map((result) => JSON.stringify(result, null, 2).replace(/\n/g, '\n    '));
    yield `${first ? '\n    ' : ',\n    '}${printed.join(',\n    ')}`;
    first = false;
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}

/** The valid calls as JSON Lines of {tool, arguments}, arguments parsed: ready to replay or to use as examples. */
export function validCallsToJsonl(results: Iterable<CallResult>): string {
  let text = '';
  for (const result of results) {
    if (result.status !== 'valid') continue;
    const id = result.id !== undefined ? { id: result.id } : {};
    // Arguments cut for a page and not read again are said to be cut: an empty object would pass for the call's own.
    if (result.arguments === undefined && result.argumentsCut !== undefined) {
      text += `${JSON.stringify({ tool: result.tool, argumentsCut: result.argumentsCut, ...id })}\n`;
      continue;
    }
    const read = typeof result.arguments === 'string' ? readArgumentsText(result.arguments) : undefined;
    // A valid call's text parses: its value is what the call was checked with.
    const args = read === undefined ? (result.arguments ?? {}) : read.ok ? read.value : {};
    text += `${JSON.stringify({ tool: result.tool, arguments: args, ...id })}\n`;
  }
  return text;
}
