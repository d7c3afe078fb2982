/** A line too long to read, wherever it falls in a stream: one failure in its place, and the rest still checked. */
import { describe, expect, it } from 'vitest';
import { createCompilingValidator } from '../validation/compile';
import { bundle } from '../toolset/bundle';
import { splitLines } from './lines';
import { checkCallStream } from './stream';
import type { CallResult } from './types';

const validator = createCompilingValidator();
const CAP = 200;
const VALID = '{"tool": "read_file", "arguments": {"path": "a.txt"}}';
const LONG = `{"tool": "write_file", "arguments": {"path": "b.txt", "content": "${'x'.repeat(1_000)}"}}`;

const run = async (text: string) => {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += 50) chunks.push(text.slice(at, at + 50));
  const check = checkCallStream(splitLines(chunks, { maxLineCharacters: CAP }), bundle.tools, { validator });
  const results: CallResult[] = [];
  for await (const result of check.results) results.push(result);
  return { results, summary: check.summary() };
};
const brief = (results: CallResult[]) => results.map((result) => [result.line, result.status, result.tool]);

describe('a line past the cap for one line', () => {
  it('in JSON Lines: one unparseable result naming the line, the limit and what to do; the next lines are checked', async () => {
    const { results, summary } = await run(`${VALID}\n${LONG}\n${VALID}\n`);
    expect(brief(results)).toEqual([
      [1, 'valid', 'read_file'],
      [2, 'unparseable', ''],
      [3, 'valid', 'read_file'],
    ]);
    const message = `Line 2 has ${LONG.length.toLocaleString('en-US')} characters, over the limit of 200 for one line, so it was not read. To check the call it holds, cut its largest value down`;
    expect(results[1]!.errors[0]!.message).toBe(message);
    expect(summary).toMatchObject({ calls: 3, valid: 2, unparseable: 1, layout: 'json-lines' });
    expect(summary.byCode).toEqual([{ code: 'line_too_long', count: 1 }]);
    expect(summary.linesNotRead).toEqual([{ line: 2, characters: LONG.length, limit: CAP, message }]);
  });

  it('as the first line, or after a first line that did not parse alone, the stream is read as JSON Lines', async () => {
    const first = await run(`${LONG}\n${VALID}`);
    expect(brief(first.results)).toEqual([
      [1, 'unparseable', ''],
      [2, 'valid', 'read_file'],
    ]);
    expect(first.summary.layout).toBe('json-lines');
    const second = await run(`{"tool": \n${LONG}\n${VALID}`);
    expect(brief(second.results)).toEqual([
      [1, 'unparseable', ''],
      [2, 'unparseable', ''],
      [3, 'valid', 'read_file'],
    ]);
    expect(second.results[0]!.errors[0]!.message).toMatch(/^Line 1 is not valid JSON/);
    expect(second.results[1]!.errors[0]!.message).toContain(
      `Line 2 has ${LONG.length.toLocaleString('en-US')} characters, over the limit of 200`,
    );
  });

  it('inside one pretty-printed document: the document is not read, and the one failure says why', async () => {
    const document = `[\n  ${VALID},\n  ${LONG},\n  ${LONG}\n]\n`;
    const { results, summary } = await run(document);
    expect(brief(results)).toEqual([[3, 'unparseable', '']]);
    expect(summary).toMatchObject({ calls: 1, valid: 0, unparseable: 1, layout: 'json-document' });
  });

  it('without a cap, the same line is read and checked', async () => {
    const check = checkCallStream(splitLines([`${LONG}\n`]), bundle.tools, { validator });
    expect(await check.complete()).toMatchObject({ calls: 1, valid: 1, unparseable: 0 });
  });
});
