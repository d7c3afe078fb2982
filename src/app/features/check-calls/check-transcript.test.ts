import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../core/calls';
import { MAX_LINE_CHARACTERS } from '../../../core/calls/limits';
import { bundle } from '../../../core/toolset/bundle';
import { createCompilingValidator } from '../../../core/validation/compile';
import { checkTranscript, type CheckCallsProgress, type CheckCallsRequest } from './check-transcript';

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
