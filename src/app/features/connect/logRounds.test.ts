import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../core/mcp/log';
import { groupRounds, type LogItem } from './logRounds';

let sequence = 0;
const entry = (direction: LogEntry['direction'], message: Record<string, unknown>): LogEntry => {
  const method = typeof message.method === 'string' ? message.method : message.error ? 'error' : 'response';
  return {
    sequence: ++sequence,
    direction,
    at: sequence,
    time: '',
    method,
    message: { jsonrpc: '2.0', ...message } as never,
    ...(message.id !== undefined ? { id: message.id as number } : {}),
  };
};
const shape = (items: LogItem[]) =>
  items.map((item) =>
    'group' in item
      ? {
          group: item.group.head.sequence,
          rounds: item.group.rounds,
          members: item.group.members.map((member) => member.sequence),
        }
      : item.entry.sequence,
  );

describe('the rounds of one call in the protocol log', () => {
  it('folds each input_required answer and its retry under the first tools/call (2026-07-28)', () => {
    sequence = 0;
    const entries = [
      entry('sent', { id: 1, method: 'tools/list' }),
      entry('received', { id: 1, result: { tools: [] } }),
      entry('sent', { id: 2, method: 'tools/call', params: { name: 'delete_file', arguments: { path: 'a' } } }),
      entry('received', { id: 2, result: { resultType: 'input_required', inputRequests: {}, requestState: 's1' } }),
      entry('received', { method: 'notifications/message', params: { level: 'info' } }),
      entry('sent', {
        id: 3,
        method: 'tools/call',
        params: { name: 'delete_file', arguments: { path: 'a' }, inputResponses: {}, requestState: 's1' },
      }),
      entry('received', { id: 3, result: { resultType: 'input_required', inputRequests: {}, requestState: 's2' } }),
      entry('sent', {
        id: 4,
        method: 'tools/call',
        params: { name: 'delete_file', arguments: { path: 'a' }, inputResponses: {}, requestState: 's2' },
      }),
      entry('received', { id: 4, result: { content: [] } }),
    ];
    expect(shape(groupRounds(entries))).toEqual([1, 2, { group: 3, rounds: 2, members: [4, 6, 7, 8, 9] }, 5]);
  });

  it('folds the server requests made while a call runs, and their replies, under the call (2025 era)', () => {
    sequence = 0;
    const entries = [
      entry('sent', { id: 7, method: 'tools/call', params: { name: 'summarize', arguments: {} } }),
      entry('received', { id: 0, method: 'sampling/createMessage', params: {} }),
      entry('sent', { id: 0, error: { code: -1, message: 'declined' } }),
      entry('received', { id: 7, result: { content: [] } }),
      entry('received', { id: 1, method: 'roots/list' }),
      entry('sent', { id: 1, result: { roots: [] } }),
    ];
    expect(shape(groupRounds(entries))).toEqual([{ group: 1, rounds: 1, members: [2, 3, 4] }, 5, 6]);
  });

  it('leaves a call that asked nothing as its own entries, in their place', () => {
    sequence = 0;
    const entries = [
      entry('sent', { id: 1, method: 'tools/call', params: { name: 'add' } }),
      entry('sent', { id: 2, method: 'tools/call', params: { name: 'add' } }),
      entry('received', { id: 2, result: { content: [] } }),
      entry('received', { id: 1, result: { content: [] } }),
    ];
    expect(shape(groupRounds(entries))).toEqual([1, 2, 3, 4]);
  });
});
