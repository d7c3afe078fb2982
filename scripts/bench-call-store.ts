// `npm run bench -- call-store`: the Check calls worker's store of calls (src/app/features/check-calls/call-store.ts)
// on the hostile bench's log of short calls, 300,000 of them from a file: the first 20,000 kept whole, the rest as
// their lines' places. Side by side with the same calls all kept whole, in one run: the memory each keeps (JS heap
// and typed arrays after a collection, per call), and the time of a window of 1,000 rows: a filter's first window
// (its calls found, then its first rows, kept whole) and its last (a scroll to the end: compact rows, each line read
// again from the file and checked again); and a text filter's first window, every compact call that may hold the
// text read again. Aims: a scroll's window in 50 ms, a filter's first window in 500 ms, a compact call (15 bytes, up to twice
// that with the columns' room to grow) at most 15% of the memory of a whole one. Then the exports: every call in each
// format from the compact store (its calls read again and checked again) against the store kept whole, their texts
// compared before they are timed: the compact store's export reads and checks its calls again, so its reference is
// the kept-whole store's export plus one check of the log. And a one-document log of four calls whose arguments are
// cut for the page (5 MB each), exported whole beside its check, written two ways: on one line (JSON Lines of one
// line: the line read and checked again once for all four) and pretty-printed (a JSON document: the document checked
// again once for all four). The document's reference: its check, plus the same export written from its calls held
// whole; each timed three times in turn, the median kept. Aims: each export at most 1.2× its reference.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bundle } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';
import { CallStore, KEEP_WHOLE_CALLS, type CallFilter } from '../src/app/features/check-calls/call-store';
import { checkAgain, type CheckCallsRequest } from '../src/app/features/check-calls/check-transcript';
import { checkedStore, PUT_BLOB } from '../src/app/features/check-calls/checked-store.test-support';
import { exportFile } from '../src/app/features/check-calls/export-blob';
import type { ExportFormat } from '../src/app/features/check-calls/check-calls-protocol';
import type { CallResult, CallSummary } from '../src/core/calls/types';

const AIMS = {
  scrollWindowMs: 50,
  firstWindowMs: 500,
  compactToWholeBytes: 0.15,
  exportToWholePlusCheck: 1.2,
};
const CALLS = 300_000;
const RUNS = 5;
const validator = createCompilingValidator();
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
/** The JS heap and the typed arrays' own memory (outside the heap), after a collection. */
const heapUsed = () => {
  collect();
  const { heapUsed: heap, arrayBuffers } = process.memoryUsage();
  return heap + arrayBuffers;
};

/** The hostile probe's lines (scripts/bench-hostile.ts): a fifth invalid, a fifth an unknown tool. */
const BLOCK = [
  '{"tool":"read_file","arguments":{"path":"a.ts"}}',
  '{"tool":"read_file","arguments":{"path":"b.ts"}}',
  '{"tool":"read_file","arguments":{"pth":"c.ts"}}',
  '{"tool":"read_file","arguments":{"path":"d.ts"}}',
  '{"tool":"read_fil","arguments":{"path":"e.ts"}}',
];

async function storeOf(
  file: File,
  compact: boolean,
  tools = bundle.tools,
): Promise<{ store: CallStore; bytes: number; summary: CallSummary; checkMs: number }> {
  const before = heapUsed();
  const started = performance.now();
  const request: CheckCallsRequest = { source: { kind: 'file', file }, tools };
  // The worker's own reader (the default): calls past the first ones read again from the file.
  const { store, summary } = await checkedStore(request, validator, compact ? {} : { reader: null });
  const checkMs = performance.now() - started;
  return { store, bytes: heapUsed() - before, summary, checkMs };
}

const exportText = async (store: CallStore, summary: CallSummary, format: ExportFormat) =>
  (await exportFile(format, summary, store.exportBatches())).text();

/** Each format's export of both stores: the texts the same, then each timed (median of three, in turn). */
async function exportTimes(
  compact: { store: CallStore; summary: CallSummary; checkMs: number },
  whole: { store: CallStore; summary: CallSummary },
): Promise<Record<string, object>> {
  const times: Record<string, object> = {};
  for (const format of ['json', 'csv', 'valid'] as const) {
    const [fromCompact, fromWhole] = [
      await exportText(compact.store, compact.summary, format),
      await exportText(whole.store, whole.summary, format),
    ];
    if (fromCompact !== fromWhole) throw new Error(`The ${format} exports of the two stores differ.`);
    const compactRuns: number[] = [];
    const wholeRuns: number[] = [];
    for (let run = 0; run < 3; run++) {
      let started = performance.now();
      await exportText(compact.store, compact.summary, format);
      compactRuns.push(performance.now() - started);
      started = performance.now();
      await exportText(whole.store, whole.summary, format);
      wholeRuns.push(performance.now() - started);
    }
    const [compactMs, wholeMs] = [median(compactRuns), median(wholeRuns)];
    times[format] = {
      compactMs: round(compactMs),
      keptWholeMs: round(wholeMs),
      ratio: round(compactMs / (wholeMs + compact.checkMs), 2),
    };
  }
  return times;
}

/** Results handed to an export as one batch. */
async function* batchOf(results: CallResult[]): AsyncGenerator<CallResult[]> {
  yield results;
}

/**
 * A one-document log of four cut calls, on one line or pretty-printed: its export with each call's arguments whole,
 * against its check plus the same export written from the calls held whole (what the export adds is one more check of
 * the line or the document).
 */
async function documentExport(
  pretty: boolean,
): Promise<{ layout: string; checkMs: number; writeMs: number; exportMs: number; ratio: number }> {
  const content = 'x'.repeat(5 * 1024 * 1024);
  const calls = ['a', 'b', 'c', 'd'].map((id) => ({
    id,
    type: 'function',
    function: { name: 'put_blob', arguments: JSON.stringify({ path: `${id}.txt`, content }) },
  }));
  const log = { choices: [{ message: { role: 'assistant', content: null, tool_calls: calls } }] };
  const file = new File([pretty ? JSON.stringify(log, null, 2) : JSON.stringify(log)], 'log.json');
  const tools = [...bundle.tools, PUT_BLOB];
  const checked = await storeOf(file, true, tools);
  const held: CallResult[] = [];
  for await (const result of checkAgain({ source: { kind: 'file', file }, tools }, validator)) held.push(result);
  const write = async () => (await exportFile('json', checked.summary, batchOf(held))).text();
  const written = await write();
  const exportedText = await exportText(checked.store, checked.summary, 'json');
  const exported = JSON.parse(exportedText) as { results: { arguments?: unknown }[] };
  const whole = exported.results.map((result) => result.arguments);
  if (
    exportedText !== written ||
    JSON.stringify(whole) !== JSON.stringify(calls.map((call) => call.function.arguments))
  )
    throw new Error('The document export does not carry the four calls whole.');
  const [checks, writes, exports] = [[], [], []] as number[][];
  for (let run = 0; run < 3; run++) {
    checks.push((await storeOf(file, true, tools)).checkMs);
    let started = performance.now();
    await write();
    writes.push(performance.now() - started);
    started = performance.now();
    await exportText(checked.store, checked.summary, 'json');
    exports.push(performance.now() - started);
  }
  const [checkMs, writeMs, exportMs] = [median(checks), median(writes), median(exports)];
  return {
    layout: checked.summary.layout ?? '',
    checkMs: round(checkMs),
    writeMs: round(writeMs),
    exportMs: round(exportMs),
    ratio: round(exportMs / (checkMs + writeMs), 2),
  };
}

async function windowTimes(store: CallStore, filter: CallFilter): Promise<{ firstMs: number; scrollMs: number }> {
  const first: number[] = [];
  const scroll: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A filter asked for afresh each run: the one before is forgotten by asking for another.
    await store.window({ status: 'unparseable', tool: '', query: '' }, 0, 1);
    let started = performance.now();
    const { matched } = await store.window(filter, 0, 1_000);
    first.push(performance.now() - started);
    started = performance.now();
    await store.window(filter, Math.max(0, matched - 1_000), 1_000);
    scroll.push(performance.now() - started);
  }
  return { firstMs: round(median(first)), scrollMs: round(median(scroll)) };
}

export async function benchCallStore(): Promise<object> {
  const text = `${BLOCK.join('\n')}\n`.repeat(CALLS / BLOCK.length);
  const file = new File([text], 'short-calls.jsonl');
  const whole = await storeOf(file, false);
  const compact = await storeOf(file, true);
  const filters: Record<string, CallFilter> = {
    all: { status: 'all', tool: '', query: '' },
    notValid: { status: 'not-valid', tool: '', query: '' },
    readFile: { status: 'all', tool: 'read_file', query: '' },
  };
  const windows: Record<string, object> = {};
  let worstScroll = 0;
  let worstFirst = 0;
  for (const [name, filter] of Object.entries(filters)) {
    const times = await windowTimes(compact.store, filter);
    const reference = await windowTimes(whole.store, filter);
    worstScroll = Math.max(worstScroll, times.scrollMs);
    worstFirst = Math.max(worstFirst, times.firstMs);
    windows[name] = {
      compact: times,
      keptWhole: reference,
      scrollRatio: round(times.scrollMs / Math.max(reference.scrollMs, 0.1), 1),
    };
  }
  // A text to find: every compact call that may hold it is read again (once; it takes seconds on millions).
  const query: CallFilter = { status: 'all', tool: '', query: 'required' };
  let started = performance.now();
  await compact.store.window(query, 0, 1_000);
  const queryMs = performance.now() - started;
  started = performance.now();
  await whole.store.window(query, 0, 1_000);
  const queryWholeMs = performance.now() - started;
  windows.textQueryFirstWindow = { compactMs: round(queryMs), keptWholeMs: round(queryWholeMs) };
  // The compact calls' own bytes: the store's, less its first calls kept whole.
  const wholePerCall = whole.bytes / CALLS;
  const compactPerCall = (compact.bytes - wholePerCall * KEEP_WHOLE_CALLS) / (CALLS - KEEP_WHOLE_CALLS);
  const bytesRatio = compactPerCall / wholePerCall;
  const exports = await exportTimes(compact, whole);
  const worstExport = Math.max(...Object.values(exports).map((entry) => (entry as { ratio: number }).ratio));
  const documents = { oneLine: await documentExport(false), prettyPrinted: await documentExport(true) };
  const worstDocument = Math.max(documents.oneLine.ratio, documents.prettyPrinted.ratio);
  return {
    calls: CALLS,
    checkMs: round(compact.checkMs),
    bytesPerCall: { compact: round(compactPerCall), keptWhole: round(wholePerCall) },
    compactToWholeBytes: round(bytesRatio, 3),
    windowsOf1000Rows: windows,
    exportsOfEveryCall: exports,
    oneDocumentOfFourCutCalls: documents,
    aims: AIMS,
    met:
      worstScroll <= AIMS.scrollWindowMs &&
      worstFirst <= AIMS.firstWindowMs &&
      bytesRatio <= AIMS.compactToWholeBytes &&
      worstExport <= AIMS.exportToWholePlusCheck &&
      worstDocument <= AIMS.exportToWholePlusCheck,
  };
}
