import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../log';
import { boundedAppEntry } from './logCopy';

const entry = (method: string, params: Record<string, unknown>): LogEntry => ({
  sequence: 1,
  direction: 'sent',
  at: 0,
  time: '2026-01-01T00:00:00.000Z',
  method,
  message: { jsonrpc: '2.0', method, params },
  peer: 'app',
});

describe("the log's copy of an app's document", () => {
  it('keeps the first characters and says how many more there are; the message sent is not changed', () => {
    const html = `<!doctype html>${'x'.repeat(5_000)}`;
    const sent = entry('ui/notifications/sandbox-resource-ready', { html, sandbox: 'allow-scripts' });
    const logged = boundedAppEntry(sent, 100);
    const params = (logged.message as unknown as { params: { html: string; sandbox: string } }).params;
    expect(params.html.startsWith(html.slice(0, 100))).toBe(true);
    expect(params.html).toContain(`… (${(html.length - 100).toLocaleString('en-US')} more characters:`);
    expect(params.html.length).toBeLessThan(300);
    expect(params.sandbox).toBe('allow-scripts');
    expect((sent.message as unknown as { params: { html: string } }).params.html).toBe(html);
  });

  it('leaves a short document and every other message as they are', () => {
    const short = entry('ui/notifications/sandbox-resource-ready', { html: '<p>hi</p>' });
    expect(boundedAppEntry(short, 100)).toBe(short);
    const other = entry('ui/message', { html: 'y'.repeat(500) });
    expect(boundedAppEntry(other, 100)).toBe(other);
  });
});
