/**
 * `validate --batch <file|->`: every tool call of a transcript, checked as a stream in one process,
 * and a summary like the Check calls page's. Async, unlike the other commands, because its input
 * is read as it arrives and never held whole.
 */
import { CALL_FORMAT_LABELS, checkCallStream, type CallSummary } from '../../core/calls';
import type { OverlongLine } from '../../core/calls/lines';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { table } from '../format';
import { createStyle, type Style } from '../style';
import { EXIT_FAILURE, EXIT_OK, lines, ok, usageError, type CommandContext, type CommandResult } from '../types';

export const BATCH_USAGE = `Usage: tool-schemas validate --batch <file|-> [--json] [--max-invalid-rate <p>] [--lenient] [--top <n>]

  Checks every tool call in a transcript against the toolset, streaming (one process, any size; one line,
  or one pretty-printed document, holds at most 67,108,864 characters, and a longer one is reported by
  its first line's number and not read):
  JSON Lines of {tool, arguments} or {name, arguments}, OpenAI Chat Completions messages
  (tool_calls), OpenAI Responses items (function_call), Anthropic messages (tool_use), Gemini
  functionCall parts, MCP tools/call requests, or one exported conversation of any of these.
    tool-schemas validate --batch eval-run.jsonl
    cat transcript.json | tool-schemas validate --batch - --json

  --json                  print the summary as JSON
  --max-invalid-rate <p>  exit 1 only when more than this share of calls is not valid (0..1, or a
                          percentage such as 5%); without it any call that is not valid exits 1
  --lenient               ignore unknown parameters instead of rejecting them
  --top <n>               rows in each table of the summary (default 10)

  Exit status: 0 all valid (or within --max-invalid-rate), 1 otherwise, 2 usage error or unreadable file.`;

/**
 * Reads a named file or standard input ('-') as lines, or says why it cannot; a line past the reader's cap comes
 * as an OverlongLine in its place.
 */
export type OpenLines = (source: string) => AsyncIterable<string | OverlongLine>;

export function parseRate(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text.trim());
  if (match === null) return undefined;
  const value = Number(match[1]) / (match[2] === '%' ? 100 : 1);
  return value >= 0 && value <= 1 ? value : undefined;
}

const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

export function formatBatchSummary(summary: CallSummary, style: Style, top = 10): string[] {
  const out: string[] = [];
  const format = summary.formats.map((entry) => CALL_FORMAT_LABELS[entry.format]).join(', ') || 'no tool calls found';
  out.push(
    style.bold(
      `Format: ${format}${summary.layout === 'json-document' ? ' (one JSON document)' : summary.layout === 'json-lines' ? ' (JSON Lines)' : ''}`,
    ),
  );
  const verdict = summary.calls === summary.valid ? style.green : style.red;
  out.push(
    verdict(
      `${summary.calls} call${summary.calls === 1 ? '' : 's'}: ${summary.valid} valid, ${summary.invalid} invalid, ${summary.unknownTool} unknown tool, ${summary.unparseable} unparseable (${percent(summary.invalidRate)} not valid)`,
    ),
  );
  if (summary.skipped > 0)
    out.push(style.dim(`${summary.skipped} records held no tool call (messages, results, other methods)`));
  const notRead = summary.linesNotRead ?? [];
  if (notRead.length > 0) {
    out.push(
      '',
      style.bold('Lines not read'),
      ...notRead.slice(0, top).map((entry) => style.red(`  ${entry.message}`)),
    );
    const tooLong = summary.byCode.find((entry) => entry.code === 'line_too_long')?.count ?? notRead.length;
    const shown = Math.min(top, notRead.length);
    if (tooLong > shown) out.push(style.dim(`  and ${tooLong - shown} more lines too long to read`));
  }
  // Column widths come from the widest cell, so a long tool or parameter name never pushes its row out of line.
  if (summary.byTool.length > 0) {
    const rows = summary.byTool
      .slice(0, top)
      .map((tool) => [
        `  ${tool.tool}`,
        String(tool.calls),
        String(tool.calls - tool.valid),
        percent(tool.invalidRate),
        tool.known ? '' : '(unknown tool)',
      ]);
    const [heading = '', ...body] = table(
      [['By tool', 'calls', 'not valid', 'rate', ''], ...rows],
      ['left', 'right', 'right', 'right'],
      2,
    );
    out.push('', style.bold(heading), ...body);
  }
  if (summary.byCode.length > 0) {
    out.push(
      '',
      style.bold('By error code'),
      ...table(
        summary.byCode.slice(0, top).map((entry) => [`  ${entry.code}`, String(entry.count)]),
        ['left', 'right'],
        2,
      ),
    );
  }
  if (summary.parameters.length > 0) {
    const rows = summary.parameters.slice(0, top).map((entry) => [
      `  ${entry.tool}.${entry.parameter || '(arguments)'}`,
      String(entry.count),
      Object.entries(entry.codes)
        .map(([code, count]) => `${code} ${count}`)
        .join(', '),
    ]);
    out.push('', style.bold('Parameters most often wrong'), ...table(rows, ['left', 'right'], 2));
  }
  if (summary.fixes.length > 0) {
    out.push('', style.bold('Suggested fixes'));
    for (const fix of summary.fixes.slice(0, top))
      out.push(`  ${fix.tool}: ${fix.from} → ${fix.to}  seen ${fix.count} time${fix.count === 1 ? '' : 's'}`);
  }
  if (summary.unknownTools.length > 0) {
    const rows = summary.unknownTools
      .slice(0, top)
      .map((entry) => [
        `  ${entry.tool}`,
        String(entry.count),
        entry.suggestions.length > 0 ? `did you mean: ${entry.suggestions.join(', ')}` : '',
      ]);
    out.push('', style.bold('Unknown tools'), ...table(rows, ['left', 'right'], 2));
  }
  return out;
}

export async function validateBatchCommand(
  argv: readonly string[],
  context: CommandContext,
  openLines: OpenLines,
): Promise<CommandResult> {
  const parsed = parseArguments(argv, { values: ['batch', 'max-invalid-rate', 'top'], switches: ['json', 'lenient'] });
  if (hasFlag(parsed, 'help')) return ok(`${BATCH_USAGE}\n`);
  const source = flagValue(parsed, 'batch');
  const rateText = flagValue(parsed, 'max-invalid-rate');
  const maxRate = rateText === undefined ? undefined : parseRate(rateText);
  const topText = flagValue(parsed, 'top');
  const top = topText === undefined ? 10 : Number(topText);
  const problem =
    argumentProblem(parsed) ??
    (source === undefined ? 'Give the transcript: --batch <file>, or --batch - for standard input' : undefined) ??
    (parsed.positionals.length > 0
      ? `validate --batch takes no tool name (got '${parsed.positionals.join(' ')}'): every call names its tool`
      : undefined) ??
    (rateText !== undefined && maxRate === undefined
      ? `--max-invalid-rate must be a share between 0 and 1 or a percentage (got '${rateText}')`
      : undefined) ??
    (!Number.isInteger(top) || top < 1 ? `--top must be a whole number of at least 1 (got '${topText}')` : undefined);
  if (problem !== undefined || source === undefined) return usageError(problem ?? 'Give the transcript', BATCH_USAGE);

  const check = checkCallStream(openLines(source), context.bundle.tools, {
    lenient: hasFlag(parsed, 'lenient'),
    validator: context.validator,
  });
  let summary: CallSummary;
  try {
    // Only the summary is printed: no result is handed out one by one (see checkCallStream's complete()).
    summary = await check.complete();
  } catch (error) {
    return {
      stdout: '',
      stderr: `Cannot read ${source === '-' ? 'standard input' : `'${source}'`}: ${(error as Error).message}\n`,
      exitCode: 2,
    };
  }
  const failed = maxRate === undefined ? summary.valid < summary.calls : summary.invalidRate > maxRate;
  const exitCode = failed ? EXIT_FAILURE : EXIT_OK;
  if (hasFlag(parsed, 'json')) {
    return {
      stdout: `${JSON.stringify({ toolset: context.bundle.manifest.id, ...summary, ...(maxRate !== undefined ? { maxInvalidRate: maxRate } : {}), passed: !failed }, null, 2)}\n`,
      stderr: '',
      exitCode,
    };
  }
  const style = createStyle(context.color);
  const gate =
    maxRate === undefined
      ? []
      : [
          '',
          failed
            ? style.red(`✗ ${percent(summary.invalidRate)} not valid is above --max-invalid-rate ${percent(maxRate)}`)
            : style.green(
                `✓ ${percent(summary.invalidRate)} not valid is within --max-invalid-rate ${percent(maxRate)}`,
              ),
        ];
  return { stdout: lines(formatBatchSummary(summary, style, top), gate), stderr: '', exitCode };
}
