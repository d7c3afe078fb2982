// `npm run bench -- call-store`: the Check calls worker's store of calls (src/app/features/check-calls/call-store.ts)
// on the hostile bench's log of short calls, 300,000 of them from a file: the first 20,000 kept whole, the rest as
// their lines' places. Side by side with the same calls all kept whole, in one run: the memory each keeps (JS heap
// and typed arrays after a collection, per call), and the time of a window of 1,000 rows: a filter's first window
// (its calls found, then its first rows, kept whole) and its last (a scroll to the end: compact rows, each line read
// again from the file and checked again); and a text filter's first window, every compact call that may hold the
// text read again. Aims: a scroll's window in 50 ms, a filter's first window in 500 ms, a compact call (15 bytes, up to twice
// that with the columns' room to grow) at most 15% of the memory of a whole one.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bundle } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';
import { CallStore, KEEP_WHOLE_CALLS, type CallFilter } from '../src/app/features/check-calls/call-store';
import { checkTranscript, type CheckCallsRequest } from '../src/app/features/check-calls/check-transcript';
import { LineOffsets } from '../src/app/features/check-calls/line-source';
import { lineReader } from '../src/app/features/check-calls/line-reader';

const AIMS = { scrollWindowMs: 50, firstWindowMs: 500, compactToWholeBytes: 0.15 };
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

async function storeOf(file: File, compact: boolean): Promise<{ store: CallStore; bytes: number }> {
  const before = heapUsed();
  const store = new CallStore();
  const request: CheckCallsRequest = { source: { kind: 'file', file }, tools: bundle.tools };
  // The worker's own reader: calls past the first ones read again from the file.
  store.clear(compact ? lineReader(request, validator) : null);
  await checkTranscript(
    request,
    validator,
    (update) => {
      if (update.type === 'results') store.add(update.results, update.places);
    },
    undefined,
    new LineOffsets(),
  );
  return { store, bytes: heapUsed() - before };
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
  return {
    calls: CALLS,
    bytesPerCall: { compact: round(compactPerCall), keptWhole: round(wholePerCall) },
    compactToWholeBytes: round(bytesRatio, 3),
    windowsOf1000Rows: windows,
    aims: AIMS,
    met:
      worstScroll <= AIMS.scrollWindowMs && worstFirst <= AIMS.firstWindowMs && bytesRatio <= AIMS.compactToWholeBytes,
  };
}
