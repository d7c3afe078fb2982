import { describe, expect, it } from 'vitest';
import type { CallResult, CallStatus } from '../../../core/calls/types';
import type { ValidationError } from '../../../core/validation/types';
import { CallStore, MAX_WINDOW_ROWS, type CallFilter } from './call-store';

const STATUSES: CallStatus[] = ['valid', 'invalid', 'unknown_tool', 'unparseable'];

/** Call n: status cycles through STATUSES, tool alternates read_file / write_file; invalid ones miss `path`. */
function call(index: number): CallResult {
  const status = STATUSES[(index - 1) % STATUSES.length]!;
  const errors: ValidationError[] =
    status === 'invalid' ? [{ parameter: 'path', code: 'required', message: 'Missing path' }] : [];
  return {
    index,
    line: index,
    status,
    tool: index % 2 === 0 ? 'write_file' : 'read_file',
    errors,
    llmText: status === 'valid' ? 'ok' : `Call ${index} refused`,
  };
}

function storeOf(count: number): CallStore {
  const store = new CallStore();
  const all = Array.from({ length: count }, (_, position) => call(position + 1));
  // Added in batches, as the check sends them.
  for (let at = 0; at < all.length; at += 7) store.add(all.slice(at, at + 7));
  return store;
}

const ALL: CallFilter = { status: 'all', tool: '', query: '' };
const indexes = (rows: readonly CallResult[]) => rows.map((row) => row.index);

describe('the calls the Check calls worker keeps, asked for by window', async () => {
  it('hands out the rows asked for, with how many match and how many there are', async () => {
    const window = await storeOf(100).window(ALL, 10, 5);
    expect(window).toMatchObject({ start: 10, matched: 100, total: 100 });
    expect(indexes(window.rows)).toEqual([11, 12, 13, 14, 15]);
  });

  it('stops at the last call, and gives no rows past it', async () => {
    const store = storeOf(20);
    expect(indexes((await store.window(ALL, 17, 10)).rows)).toEqual([18, 19, 20]);
    expect(await store.window(ALL, 25, 10)).toMatchObject({ rows: [], matched: 20, total: 20 });
  });

  it('counts and windows the calls a filter keeps, by status, tool and text', async () => {
    const store = storeOf(40);
    const notValid = await store.window({ status: 'not-valid', tool: '', query: '' }, 0, 3);
    expect(notValid.matched).toBe(30);
    expect(indexes(notValid.rows)).toEqual([2, 3, 4]);
    const invalid = await store.window({ status: 'invalid', tool: '', query: '' }, 2, 2);
    expect(invalid.matched).toBe(10);
    expect(indexes(invalid.rows)).toEqual([10, 14]);
    const written = await store.window({ status: 'all', tool: 'write_file', query: '' }, 0, 100);
    expect(written.matched).toBe(20);
    expect(written.rows.every((row) => row.tool === 'write_file')).toBe(true);
    // An error's code or parameter, what the model is told, or the tool's name.
    expect((await store.window({ status: 'all', tool: '', query: 'required' }, 0, 100)).matched).toBe(10);
    expect(indexes((await store.window({ status: 'all', tool: '', query: 'call 14 ' }, 0, 100)).rows)).toEqual([14]);
    expect((await store.window({ status: 'all', tool: '', query: 'write' }, 0, 100)).matched).toBe(20);
    expect(await store.window({ status: 'valid', tool: 'read_file', query: 'nothing like this' }, 0, 5)).toMatchObject({
      rows: [],
      matched: 0,
      total: 40,
    });
  });

  it('counts calls that arrive after a filter was first asked for', async () => {
    const store = storeOf(8);
    expect((await store.window(ALL, 0, 1)).matched).toBe(8);
    store.add([call(9), call(10)]);
    expect(await store.window(ALL, 8, 5)).toMatchObject({ matched: 10, total: 10 });
    expect(indexes((await store.window(ALL, 8, 5)).rows)).toEqual([9, 10]);
  });

  it('holds at most a bounded number of rows in one window', async () => {
    const window = await storeOf(MAX_WINDOW_ROWS + 50).window(ALL, 0, MAX_WINDOW_ROWS + 50);
    expect(window.rows).toHaveLength(MAX_WINDOW_ROWS);
    expect(window.matched).toBe(MAX_WINDOW_ROWS + 50);
  });

  it('refuses a start or a count that is not a whole number ≥ 0, naming it', async () => {
    const store = storeOf(5);
    await expect(store.window(ALL, -1, 5)).rejects.toThrow(/start must be a whole number ≥ 0/);
    await expect(store.window(ALL, 0, 1.5)).rejects.toThrow(/count must be a whole number ≥ 0/);
  });

  it('forgets every call when cleared for the next check', async () => {
    const store = storeOf(12);
    await store.window(ALL, 0, 1);
    store.clear();
    expect(store.size).toBe(0);
    expect(await store.window(ALL, 0, 10)).toMatchObject({ rows: [], matched: 0, total: 0 });
  });
});
