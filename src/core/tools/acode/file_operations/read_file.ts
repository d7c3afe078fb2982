/** read_file: a file's text, whole or a 1-based inclusive line range, in utf-8, ascii or utf-16. */
import type { ToolImplementation } from '../../../runtime/types';
import { checkReadSize } from '../../../workspace/paths';
import { decodeText, isTextEncoding } from '../../support/encoding';
import { fail, integerArg, quote, resolve, stringArg, succeed } from '../../support/handler';

/** Offsets where each line starts; a final newline does not open another line. */
function lineStarts(text: string): number[] {
  if (text.length === 0) return [];
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (index + 1 < text.length) starts.push(index + 1);
  }
  return starts;
}

function describeRange(start: number | undefined, end: number | undefined): string {
  if (start !== undefined && end !== undefined) return ` (lines ${start}–${end})`;
  if (start !== undefined) return ` (from line ${start})`;
  if (end !== undefined) return ` (lines 1–${end})`;
  return '';
}

export const tool: ToolImplementation = {
  name: 'read_file',

  summarize(args) {
    return `Read '${quote(stringArg(args, 'path'))}'${describeRange(integerArg(args, 'start_line'), integerArg(args, 'end_line'))}`;
  },

  async run(args, context) {
    const userPath = stringArg(args, 'path');
    const encoding = isTextEncoding(args['encoding']) ? args['encoding'] : 'utf-8';
    const requestedStart = integerArg(args, 'start_line');
    const requestedEnd = integerArg(args, 'end_line');
    if (requestedStart !== undefined && requestedEnd !== undefined && requestedEnd < requestedStart) {
      return {
        ...fail(
          'validation_failed',
          `Parameter 'end_line' (${requestedEnd}) must be >= start_line (${requestedStart})`,
        ),
        validationErrors: [
          {
            parameter: 'end_line',
            code: 'out_of_range',
            message: `end_line must be >= start_line (${requestedStart})`,
            expected: `>= ${requestedStart}`,
            actual: String(requestedEnd),
          },
        ],
      };
    }

    const resolved = await resolve(context.workspace, userPath, { parameter: 'path', mustExist: true });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    const stat = await fs.stat(resolved.absolute);
    if (stat.isDirectory) {
      return fail('is_a_directory', `Parameter 'path': '${resolved.relative}' is a directory, not a file`, undefined, [
        `List it with list_directory {"path": "${resolved.relative}"}`,
      ]);
    }
    const tooLarge = checkReadSize(stat.size, 'path', userPath);
    if (tooLarge)
      return fail('file_too_large', tooLarge.message, undefined, [
        'Search inside it with search_files instead of reading it whole',
      ]);

    const bytes = await fs.readFileBuffer(resolved.absolute);
    const decoded = decodeText(bytes, encoding);
    if (!decoded.ok)
      return fail('encoding_error', `Cannot read '${resolved.relative}' as ${encoding}: ${decoded.message}`);

    const text = decoded.text;
    const starts = lineStarts(text);
    const totalLines = starts.length;
    const startLine = requestedStart ?? 1;
    const endLine = Math.min(requestedEnd ?? totalLines, totalLines);
    const replaced =
      decoded.replacements > 0 ? `; ${decoded.replacements} invalid byte sequence(s) shown as U+FFFD` : '';

    if (totalLines > 0 && startLine > totalLines) {
      return succeed(
        {
          kind: 'file_content',
          path: resolved.relative,
          content: '',
          encoding,
          startLine,
          endLine: totalLines,
          totalLines,
        },
        `'${resolved.relative}' has ${totalLines} line(s); start_line ${startLine} is past the end, so nothing was returned`,
      );
    }

    const whole = requestedStart === undefined && requestedEnd === undefined;
    const content =
      whole || totalLines === 0
        ? text
        : text.slice(starts[startLine - 1], endLine < totalLines ? starts[endLine] : text.length);
    const range = whole ? `${totalLines} line(s)` : `lines ${startLine}–${endLine} of ${totalLines}`;
    const clamped =
      requestedEnd !== undefined && requestedEnd > totalLines ? ` (end_line ${requestedEnd} is past the end)` : '';
    return succeed(
      {
        kind: 'file_content',
        path: resolved.relative,
        content,
        encoding,
        startLine: totalLines === 0 ? 0 : startLine,
        endLine,
        totalLines,
      },
      `Read '${resolved.relative}', ${range}${clamped}${replaced}`,
    );
  },
};
