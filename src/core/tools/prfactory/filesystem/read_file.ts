/** ReadFile: the whole text of one workspace file, refused over 10 MB (PRFactory's MaxFileSize). */
import type { ToolImplementation } from '../../../runtime/types';
import { decodeText } from '../../support/encoding';
import { fail, quote, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';

export const READ_LIMIT_BYTES = 10 * 1024 * 1024;

export const tool: ToolImplementation = {
  name: 'ReadFile',

  summarize: (args) => `Read '${quote(stringArg(args, 'filePath'))}'`,

  async run(args, context) {
    const filePath = stringArg(args, 'filePath');
    const resolved = await validatePath(context.workspace, filePath, { parameter: 'filePath' });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    if (!(await fs.exists(resolved.absolute))) {
      return fail('path_not_found', `File not found: ${filePath}`, undefined, [
        'List the directory with ListFiles to see what exists',
      ]);
    }
    const stat = await fs.stat(resolved.absolute);
    if (stat.isDirectory)
      return fail(
        'is_a_directory',
        `Parameter 'filePath': '${resolved.relative}' is a directory; list it with ListFiles`,
      );
    if (stat.size > READ_LIMIT_BYTES)
      return fail('file_too_large', `File size ${stat.size} bytes exceeds limit ${READ_LIMIT_BYTES} bytes`);
    const decoded = decodeText(await fs.readFileBuffer(resolved.absolute), 'utf-8');
    if (!decoded.ok) return fail('encoding_error', `Parameter 'filePath': ${decoded.message}`);
    const content = decoded.text;
    const totalLines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
    return succeed(
      {
        kind: 'file_content',
        path: resolved.relative,
        content,
        encoding: 'utf-8',
        startLine: 1,
        endLine: totalLines,
        totalLines,
      },
      `Read ${resolved.relative} (${stat.size} bytes)`,
    );
  },
};
