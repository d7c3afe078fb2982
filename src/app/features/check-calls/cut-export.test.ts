import { describe, expect, it } from 'vitest';
import { csvField } from '../../../core/calls/report';
import { bundle } from '../../../core/toolset/bundle';
import { createCompilingValidator } from '../../../core/validation/compile';
import { type CheckCallsRequest } from './check-transcript';
import { lineReader } from './line-reader';
import { checkedStore, PUT_BLOB } from './checked-store.test-support';
import { exportFile } from './export-blob';

const validator = createCompilingValidator();
const tools = [...bundle.tools, PUT_BLOB];

/** A valid call's arguments as the model wrote them, 5 MB: past what a page is sent (a share link's 4 MB). */
const content = `"quoted" ${'x'.repeat(5 * 1024 * 1024)} 😀 é`;
const ARGUMENTS = JSON.stringify({ path: 'big.txt', content });
const hugeCall = (id: string) => ({ id, type: 'function', function: { name: 'put_blob', arguments: ARGUMENTS } });
const HUGE = (id: string) => JSON.stringify({ role: 'assistant', content: null, tool_calls: [hugeCall(id)] });
const SMALL = '{"tool": "read_file", "arguments": {"path": "a.txt"}}';
const LOG = `${[SMALL, SMALL, HUGE('call_1'), SMALL, HUGE('call_2'), SMALL].join('\n')}\n`;
/** The same calls as one pretty-printed document: its calls have no line of their own. */
const DOCUMENT = JSON.stringify(
  {
    choices: [{ message: { role: 'assistant', content: null, tool_calls: [hugeCall('call_1'), hugeCall('call_2')] } }],
  },
  null,
  2,
);

/** The log checked into a store (past the first `keepWhole` calls compact), exported in every format. */
async function exported(file: File, keepWhole?: number, readFrom = file) {
  const request: CheckCallsRequest = { source: { kind: 'file', file }, tools };
  const reader = lineReader({ ...request, source: { kind: 'file', file: readFrom } }, validator);
  const { store, summary } = await checkedStore(request, validator, { keepWhole, reader });
  const rows = (await store.window({ status: 'all', tool: '', query: '' }, 0, 10)).rows;
  const [json, csv, valid] = await Promise.all(
    (['json', 'csv', 'valid'] as const).map(async (format) =>
      (await exportFile(format, summary, store.exportBatches())).text(),
    ),
  );
  return { summary, rows, json: json!, csv: csv!, valid: valid! };
}

/** Each export holds both huge calls' arguments, byte for byte the source's text. */
function expectWholeArguments({ json, csv, valid }: { json: string; csv: string; valid: string }) {
  const results = (JSON.parse(json) as { results: { id?: string; arguments?: unknown; argumentsCut?: unknown }[] })
    .results;
  const huge = results.filter((result) => result.id?.startsWith('call_'));
  expect(huge.map((result) => result.id)).toEqual(['call_1', 'call_2']);
  for (const result of huge) {
    expect(result).not.toHaveProperty('argumentsCut');
    expect(result.arguments === ARGUMENTS).toBe(true);
  }
  expect(csv.split(csvField(ARGUMENTS)).length - 1).toBe(2);
  const lines = valid.trimEnd().split('\n');
  const written = lines.map((line) => JSON.parse(line) as { id?: string; arguments: unknown });
  const wholeLines = written.filter((call) => call.id?.startsWith('call_'));
  expect(wholeLines).toHaveLength(2);
  for (const call of wholeLines) expect(JSON.stringify(call.arguments) === ARGUMENTS).toBe(true);
}

describe('Check calls exports a valid call whose arguments were cut for the page, its arguments whole', () => {
  it.each([
    ['kept whole', undefined],
    ['kept compact', 1],
  ])('from JSON Lines, the calls %s', async (_, keepWhole) => {
    const got = await exported(new File([LOG], 'log.jsonl'), keepWhole);
    expect(got.summary).toMatchObject({ calls: 6, valid: 6, layout: 'json-lines' });
    // The page is still sent the start of the arguments only.
    expect(got.rows[2]).not.toHaveProperty('arguments');
    expect(got.rows[2]!.argumentsCut?.length).toBe(ARGUMENTS.length);
    expect(got.valid.trimEnd().split('\n')).toHaveLength(6);
    expectWholeArguments(got);
  });

  it('from one JSON document, checked again for them', async () => {
    const got = await exported(new File([DOCUMENT], 'log.json'));
    expect(got.summary).toMatchObject({ calls: 2, valid: 2, layout: 'json-document' });
    expect(got.rows.every((row) => row.arguments === undefined && row.argumentsCut !== undefined)).toBe(true);
    expectWholeArguments(got);
  });

  it('from one JSON document, checked again once for all of its cut calls, and that check ended with the export', async () => {
    const file = new File([DOCUMENT], 'log.json');
    const request: CheckCallsRequest = { source: { kind: 'file', file }, tools };
    const reader = lineReader(request, validator);
    const passes = { started: 0, ended: 0 };
    const counted = {
      ...reader,
      checkAgain: () => ({
        async *[Symbol.asyncIterator]() {
          passes.started += 1;
          try {
            yield* reader.checkAgain!();
          } finally {
            passes.ended += 1;
          }
        },
      }),
    };
    const { store, summary } = await checkedStore(request, validator, { reader: counted });
    const json = await (await exportFile('json', summary, store.exportBatches())).text();
    expect(JSON.parse(json).results.map((result: { id?: string }) => result.id)).toEqual(['call_1', 'call_2']);
    expect(passes).toEqual({ started: 1, ended: 1 });
  });

  it.each([
    ['kept whole', undefined],
    ['kept compact', 1],
  ])(
    'from lines of several cut calls each, the calls %s: each line read and checked again once for all of them',
    async (_, keepWhole) => {
      const lineOf = (...ids: string[]) =>
        JSON.stringify({ role: 'assistant', content: null, tool_calls: ids.map(hugeCall) });
      const file = new File(
        [`${[SMALL, lineOf('call_1', 'call_2'), SMALL, lineOf('call_3', 'call_4')].join('\n')}\n`],
        'log.jsonl',
      );
      const request: CheckCallsRequest = { source: { kind: 'file', file }, tools };
      const reader = lineReader(request, validator);
      const checkedWhole: number[] = [];
      const counted = {
        ...reader,
        checkWhole: (text: string, line: number, firstIndex: number) => {
          checkedWhole.push(line);
          return reader.checkWhole!(text, line, firstIndex);
        },
      };
      const { store, summary } = await checkedStore(request, validator, { keepWhole, reader: counted });
      expect(summary).toMatchObject({ calls: 6, valid: 6, layout: 'json-lines' });
      const json = await (await exportFile('json', summary, store.exportBatches())).text();
      expect(checkedWhole).toEqual([2, 4]);
      const results = (JSON.parse(json) as { results: { id?: string; arguments?: unknown }[] }).results;
      const huge = results.filter((result) => result.id?.startsWith('call_'));
      expect(huge.map((result) => result.id)).toEqual(['call_1', 'call_2', 'call_3', 'call_4']);
      expect(huge.every((result) => result.arguments === ARGUMENTS)).toBe(true);
    },
  );

  it.each([
    ['JSON Lines', LOG, 1],
    ['JSON Lines', LOG, undefined],
    ['one JSON document', DOCUMENT, undefined],
  ])('from %s that changed since the check: the export fails, saying to check it again', async (_, text, keepWhole) => {
    const changed = new File([text.replaceAll('quoted', 'QUOTED')], 'log');
    await expect(exported(new File([text], 'log'), keepWhole, changed)).rejects.toThrow(
      /reads differently from when it was checked: the file changed since\. Check it again/,
    );
  });
});

describe('a cut call with no way to read it again', () => {
  it('is written as cut in every export, never with empty arguments', async () => {
    const file = new File([LOG], 'log.jsonl');
    const { store, summary } = await checkedStore({ source: { kind: 'file', file }, tools }, validator, {
      reader: null,
    });
    const [csv, valid] = await Promise.all(
      (['csv', 'valid'] as const).map(async (format) =>
        (await exportFile(format, summary, store.exportBatches())).text(),
      ),
    );
    const cut = valid
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((call) => call.id === 'call_1');
    expect(cut).toEqual([
      { tool: 'put_blob', argumentsCut: { head: expect.any(String), length: ARGUMENTS.length }, id: 'call_1' },
    ]);
    expect(csv).toContain(
      `(arguments cut: ${ARGUMENTS.length.toLocaleString('en-US')} characters, too long to carry; check the log again to export them)`,
    );
  });
});
