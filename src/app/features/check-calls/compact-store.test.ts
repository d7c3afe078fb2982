import { describe, expect, it } from 'vitest';
import type { CallResult, CallSummary } from '../../../core/calls';
import { createLineChecker } from '../../../core/calls/recheck';
import { reportToJson, resultsToCsv, validCallsToJsonl } from '../../../core/calls/report';
import { bundle } from '../../../core/toolset/bundle';
import { createCompilingValidator } from '../../../core/validation/compile';
import { CallStore, type CallFilter } from './call-store';
import { type CheckCallsRequest } from './check-transcript';
import { checkedStore } from './checked-store.test-support';
import { exportFile } from './export-blob';
import { LineOffsets, readLines } from './line-source';

const validator = createCompilingValidator();
const tools = bundle.tools;

/** Every kind of line a log holds, each a few times over: calls of every status, several calls on one line, lines
 * with none, blank and CRLF lines, text beyond ASCII, a line too long to read (past the cap of 2,000 below). */
const KINDS = [
  '{"tool": "read_file", "arguments": {"path": "a.ts"}}',
  '{"tool": "read_file", "arguments": {"pth": "b.ts"}}',
  '{"tool": "read_fil", "arguments": {"path": "c.ts"}}',
  '{"tool": "write_file", "arguments": {"path": "résumé — 日本.md", "content": "😀"}}\r',
  'not json at all',
  '',
  '{"role": "user", "content": "no call here"}',
  '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "read_file", "arguments": "{\\"path\\": \\"x\\"}"}}, {"id": "call_2", "type": "function", "function": {"name": "read_file", "arguments": "{\\"file\\": 1"}}, {"id": "call_3", "type": "function", "function": {"name": "made_up", "arguments": "{}"}}]}',
  `{"tool": "write_file", "arguments": {"path": "big.txt", "content": "${'x'.repeat(3_000)}"}}`,
  '{"tool": "read_file", "arguments": {"path": "z.ts"}, "id": "r9"}',
];
const LOG = `\uFEFF${Array.from({ length: 40 }, (_, round) => KINDS.map((line) => line.replace('a.ts', `a${round}.ts`)).join('\n')).join('\n')}\n`;
const CAP = 2_000;

/** The log checked into a store: every call kept whole, or past the first `keepWhole` read again from the source. */
async function checked(source: CheckCallsRequest['source'], keepWhole?: number) {
  const request: CheckCallsRequest = { source, tools };
  return checkedStore(request, validator, {
    keepWhole,
    cap: CAP,
    ...(keepWhole === undefined ? { reader: null } : {}),
  });
}

const plain = (rows: readonly CallResult[]) => JSON.parse(JSON.stringify(rows)) as unknown;

async function everyCall(store: CallStore, batchSize = 37): Promise<CallResult[]> {
  const all: CallResult[] = [];
  for await (const batch of store.batches(batchSize)) all.push(...batch);
  return all;
}

const FILTERS: CallFilter[] = [
  { status: 'all', tool: '', query: '' },
  { status: 'not-valid', tool: '', query: '' },
  { status: 'invalid', tool: 'read_file', query: '' },
  { status: 'unknown_tool', tool: 'made_up', query: '' },
  { status: 'all', tool: 'write_file', query: '' },
  { status: 'all', tool: '', query: 'required' },
  { status: 'all', tool: '', query: 'not valid json' },
  { status: 'not-valid', tool: '', query: 'path' },
  { status: 'unparseable', tool: '', query: '' },
  { status: 'all', tool: '', query: 'read_f' },
  { status: 'all', tool: '', query: 'did you mean: read_file' },
  { status: 'valid', tool: 'read_file', query: 'valid' },
];

describe.each([
  ['a file', { kind: 'file', file: new File([LOG], 'log.jsonl') } as const],
  ['pasted text', { kind: 'text', text: LOG } as const],
])('Check calls keeping calls past the first ones compact, from %s', (_, source) => {
  it('keeps most calls compact and hands out the same rows as when every call is kept whole', async () => {
    const whole = await checked(source);
    const compact = await checked(source, 5);
    expect(compact.summary).toEqual(whole.summary);
    expect(compact.store.size).toBe(whole.store.size);
    expect(compact.store.size).toBe(400);
    expect(compact.linesRead.count).toBe(0);
    await everyCall(compact.store, 1_000);
    // Each round has 8 lines with calls, 7 of them short enough to read again; the first five calls are kept whole.
    expect(compact.linesRead.count).toBe(40 * 7 - 5);
    const rows = await everyCall(compact.store);
    expect(rows.map((row) => row.index)).toEqual(rows.map((_, position) => position + 1));
    expect(plain(rows)).toEqual(plain(await everyCall(whole.store)));
    for (const filter of FILTERS) {
      for (const [start, count] of [
        [0, 1_000],
        [3, 7],
        [100, 50],
      ] as const) {
        const [got, expected] = await Promise.all([
          compact.store.window(filter, start, count),
          whole.store.window(filter, start, count),
        ]);
        expect({ ...got, rows: plain(got.rows) }, JSON.stringify(filter)).toEqual({
          ...expected,
          rows: plain(expected.rows),
        });
      }
    }
    // The filters found calls of each kind: none of them is trivially empty.
    expect((await compact.store.window(FILTERS[3]!, 0, 1)).matched).toBe(40);
    // The line that is not JSON and the call whose arguments are not.
    expect((await compact.store.window(FILTERS[6]!, 0, 1)).matched).toBe(80);
    // An unknown tool's text, found by reading one of its calls: the others with its name are known to hold it too.
    const before = compact.linesRead.count;
    expect((await compact.store.window(FILTERS[10]!, 0, 1)).matched).toBe(40);
    expect(compact.linesRead.count - before).toBeLessThan(40 * 7);
  });

  it('exports the same files as when every call is kept whole', async () => {
    const whole = await checked(source);
    const compact = await checked(source, 5);
    const all = await everyCall(whole.store);
    const summary: CallSummary = whole.summary;
    const expected = {
      json: reportToJson(summary, all),
      csv: resultsToCsv(all),
      valid: validCallsToJsonl(all),
    };
    for (const format of ['json', 'csv', 'valid'] as const) {
      const file = await exportFile(format, compact.summary, compact.store.batches(64));
      expect(await file.text()).toBe(expected[format]);
    }
  });
});

describe('a tool the columns do not name', () => {
  it('is filtered by reading its calls again', async () => {
    const long = `tool_${'n'.repeat(300)}`;
    const lines = Array.from({ length: 30 }, (_, at) =>
      JSON.stringify({ tool: at % 3 === 0 ? long : 'read_file', arguments: { path: `${at}.ts` } }),
    );
    const source = { kind: 'text', text: lines.join('\n') } as const;
    const [whole, compact] = await Promise.all([checked(source), checked(source, 2)]);
    const filter: CallFilter = { status: 'all', tool: long, query: '' };
    const [got, expected] = await Promise.all([compact.store.window(filter, 0, 50), whole.store.window(filter, 0, 50)]);
    expect(got.matched).toBe(10);
    expect(plain(got.rows)).toEqual(plain(expected.rows));
  });
});

describe('a compact call whose line reads differently', () => {
  it('says the file changed and to check it again', async () => {
    const { store } = await checked({ kind: 'file', file: new File([LOG], 'log.jsonl') }, 5);
    const broken = new CallStore(5);
    const changed = LOG.replaceAll('"read_fil"', '"read_file"');
    const checker = createLineChecker(tools, { validator });
    broken.clear({
      read: (ranges) => readLines({ kind: 'text', text: changed }, ranges),
      check: (text, line, firstIndex) => checker.check(text, line, firstIndex),
    });
    for await (const batch of store.batches())
      broken.add(
        batch,
        batch.map(() => ({ start: 0, end: 52 })),
      );
    await expect(broken.window({ status: 'unknown_tool', tool: '', query: '' }, 0, 10)).rejects.toThrow(
      /reads differently from when it was checked: the file changed since\. Check it again/,
    );
  });
});

describe('line places', () => {
  it('finds each line in bytes across chunk edges, a newline left out, the last line without one', async () => {
    const bytes = new TextEncoder().encode('é1\r\n\n日本\nlast');
    const places = new LineOffsets();
    places.feed(bytes.subarray(0, 3));
    places.feed(bytes.subarray(3, 9));
    expect(places.rangeOf(1)).toEqual({ start: 0, end: 4 });
    expect(places.rangeOf(4)).toBeNull();
    places.feed(bytes.subarray(9));
    places.end();
    expect(places.rangeOf(2)).toEqual({ start: 5, end: 5 });
    expect(places.rangeOf(3)).toEqual({ start: 6, end: 12 });
    expect(places.rangeOf(4)).toEqual({ start: 13, end: 17 });
    // Lines before the last asked for are forgotten.
    expect(places.rangeOf(1)).toBeNull();
    const file = new Blob([bytes]);
    expect(await readLines({ kind: 'file', file }, [places.rangeOf(4)!])).toEqual(['last']);
    expect(
      await readLines({ kind: 'file', file }, [
        { start: 0, end: 4 },
        { start: 6, end: 12 },
      ]),
    ).toEqual(['é1', '日本']);
  });

  it('reads a byte order mark off the file start only, and a broken byte as the check reads it', async () => {
    const file = new Blob([new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x0a, 0xef, 0xbb, 0xbf, 0x62, 0xff, 0x0a])]);
    expect(
      await readLines({ kind: 'file', file }, [
        { start: 0, end: 4 },
        { start: 5, end: 10 },
      ]),
    ).toEqual(['a', '\uFEFFb\uFFFD']);
  });
});
