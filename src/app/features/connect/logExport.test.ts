import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../core/mcp/log';
import { EMPTY_FILTER, exportLog, filterLog, logMethods, redact, REDACTED, serverLogLine } from './logExport';

const entry = (sequence: number, direction: LogEntry['direction'], method: string, message: object): LogEntry => ({
  sequence,
  direction,
  at: sequence,
  time: '2026-01-01T00:00:00.000Z',
  method,
  message: { jsonrpc: '2.0', ...message } as LogEntry['message'],
});

const log = [
  entry(1, 'sent', 'initialize', { id: 0, method: 'initialize', params: {} }),
  entry(2, 'received', 'response', { id: 0, result: { serverInfo: { name: 'docs' } } }),
  entry(3, 'sent', 'tools/call', {
    id: 1,
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'Bearer abc-SECRET-123' } },
  }),
  entry(4, 'received', 'notifications/progress', { method: 'notifications/progress', params: { progress: 1 } }),
];

describe('the protocol log filter', () => {
  it('keeps every entry for the empty filter, and filters by direction, method and text', () => {
    expect(filterLog(log, EMPTY_FILTER)).toHaveLength(4);
    expect(filterLog(log, { ...EMPTY_FILTER, direction: 'received' }).map((item) => item.sequence)).toEqual([2, 4]);
    expect(filterLog(log, { ...EMPTY_FILTER, method: 'tools/call' }).map((item) => item.sequence)).toEqual([3]);
    expect(filterLog(log, { ...EMPTY_FILTER, text: 'SERVERINFO' }).map((item) => item.sequence)).toEqual([2]);
    expect(logMethods(log)).toEqual(['initialize', 'notifications/progress', 'response', 'tools/call']);
  });
});

describe('the protocol log export', () => {
  it('carries every entry and no secret the page knows', () => {
    const text = exportLog({ url: 'http://127.0.0.1:1/mcp', name: 'docs' }, log, ['abc-SECRET-123']);
    expect(text).not.toContain('abc-SECRET-123');
    expect(text).toContain(REDACTED);
    expect(JSON.parse(text).entries).toHaveLength(4);
  });

  it('leaves text alone for secrets too short to be one', () => {
    expect(redact('a b c', ['a', ''])).toBe('a b c');
  });
});

describe('serverLogLine', () => {
  const entry = (message: unknown) => ({
    sequence: 1,
    direction: 'received' as const,
    at: 0,
    time: '',
    method: (message as { method?: string }).method ?? 'response',
    message: message as never,
  });
  it("gives a server log message's level, logger and data", () => {
    expect(
      serverLogLine(
        entry({
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'warning', logger: 'db', data: { step: 2 } },
        }),
      ),
    ).toEqual({ level: 'warning', text: 'db: {"step":2}' });
    expect(
      serverLogLine(
        entry({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'step one' } }),
      ),
    ).toEqual({ level: 'info', text: 'step one' });
  });
  it('is undefined for every other message', () => {
    expect(serverLogLine(entry({ jsonrpc: '2.0', method: 'notifications/progress', params: {} }))).toBeUndefined();
  });
});
