import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../core/calls';
import { MAX_LINE_CHARACTERS } from '../../../core/calls/limits';
import { bundle } from '../../../core/toolset/bundle';
import { createCompilingValidator } from '../../../core/validation/compile';
import { argumentsShown } from './CallsTable';
import { checkTranscript, type CheckCallsProgress, type CheckCallsRequest } from './check-transcript';
import { checkedStore } from './checked-store.test-support';
import { exportFile } from './export-blob';
import { ARGUMENTS_HEAD_CHARACTERS } from './shownCall';

const validator = createCompilingValidator();
const VALID = '{"tool": "read_file", "arguments": {"path": "a.txt"}}';
const long = `{"tool": "read_file", "arguments": {"path": "${'p'.repeat(5_000)}"}}`;
const text = [VALID, long, VALID, ''].join('\n');

async function check(source: CheckCallsRequest['source'], cap?: number) {
  const results: CallResult[] = [];
  const progress = (update: CheckCallsProgress) => {
    if (update.type === 'results') results.push(...update.results);
  };
  const summary = await checkTranscript({ source, tools: bundle.tools }, validator, progress, cap);
  return { results, summary };
}

describe('Check calls in the page: a line past the cap for one line', () => {
  it.each([
    ['pasted text', { kind: 'text', text } as const],
    ['a file', { kind: 'file', file: new File([text], 'log.jsonl') } as const],
  ])('from %s: reported by its number as the command line reports it, the other lines checked', async (_, source) => {
    const { results, summary } = await check(source, 1_000);
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'valid'],
      [2, 'unparseable'],
      [3, 'valid'],
    ]);
    expect(results[1]!.errors[0]!.message).toBe(
      `Line 2 has ${long.length.toLocaleString('en-US')} characters, over the limit of 1,000 for one line, so it was not read. To check the call it holds, cut its largest value down`,
    );
    expect(summary).toMatchObject({ calls: 3, valid: 2, unparseable: 1 });
    expect(summary.byCode).toEqual([{ code: 'line_too_long', count: 1 }]);
    expect(summary.linesNotRead).toEqual([expect.objectContaining({ line: 2, characters: long.length, limit: 1_000 })]);
  });

  it("holds to the core's cap by default, the command line's", async () => {
    const over = `${VALID}\n${'x'.repeat(MAX_LINE_CHARACTERS + 1)}\n${VALID}\n`;
    const { results, summary } = await check({ kind: 'text', text: over });
    expect(results.map((result) => result.status)).toEqual(['valid', 'unparseable', 'valid']);
    expect(summary.linesNotRead).toEqual([
      expect.objectContaining({ line: 2, characters: MAX_LINE_CHARACTERS + 1, limit: MAX_LINE_CHARACTERS }),
    ]);
  });
});

describe('Check calls in the page: a call whose arguments are too long to carry (5 MB on one line)', () => {
  const args = { path: 5, content: `"quoted" ${'x'.repeat(5 * 1024 * 1024)} 😀` };
  const HUGE = JSON.stringify({ tool: 'write_file', arguments: args });
  const LOG = `${VALID}\n${HUGE}\n${VALID}\n`;
  const pretty = JSON.stringify(args, null, 2);

  /** The log checked into a store; past the first `keepWhole` calls, read again from the file when asked for. */
  async function stored(keepWhole?: number) {
    const file = new File([LOG], 'log.jsonl');
    const request: CheckCallsRequest = { source: { kind: 'file', file }, tools: bundle.tools };
    const { store, summary, linesRead: read } = await checkedStore(request, validator, { keepWhole });
    const rows = (await store.window({ status: 'all', tool: '', query: '' }, 0, 10)).rows;
    const exports = await Promise.all(
      (['json', 'csv', 'valid'] as const).map(async (format) =>
        (await exportFile(format, summary, store.batches())).text(),
      ),
    );
    return { summary, rows, exports, read };
  }

  it('is checked: its verdict and errors are the validator’s, and the page gets the start and length of its text', async () => {
    const { summary, rows } = await stored();
    expect(summary).toMatchObject({ calls: 3, valid: 2, invalid: 1, layout: 'json-lines' });
    const huge = rows[1]!;
    const tool = bundle.tools.find((candidate) => candidate.name === 'write_file')!;
    expect(huge.errors).toEqual(validator.validate(tool, args).errors);
    expect(huge.errors.map((error) => error.parameter)).toContain('path');
    expect(huge).not.toHaveProperty('arguments');
    expect(huge.argumentsCut).toEqual({ head: pretty.slice(0, ARGUMENTS_HEAD_CHARACTERS), length: pretty.length });
    expect(argumentsShown(huge)).toEqual({
      text: pretty.slice(0, ARGUMENTS_HEAD_CHARACTERS),
      note: `The arguments are ${pretty.length.toLocaleString('en')} characters long: only their start is shown, and they are too long to open in the playground.`,
    });
  });

  it('reads the same when read again from the file, in its details and its exports', async () => {
    const whole = await stored();
    const compact = await stored(1);
    expect(whole.read.count).toBe(0);
    expect(compact.read.count).toBeGreaterThan(0);
    expect(compact.rows).toEqual(whole.rows);
    expect(compact.exports).toEqual(whole.exports);
    const [json, csv, valid] = whole.exports;
    expect(JSON.parse(json!).results[1].argumentsCut).toEqual(whole.rows[1]!.argumentsCut);
    expect(csv!.split('\r\n')).toHaveLength(5);
    expect(valid!.trim().split('\n')).toEqual([VALID, VALID].map((line) => JSON.stringify(JSON.parse(line))));
  });
});
