// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { narrowCsp } from '../../../core/mcp/apps/csp';
import type { LogEntry } from '../../../core/mcp/log';
import { startAppHost, type AppHost } from './appHost';

/** A frame whose window records what the host posts to it; what the app sends is dispatched as if from it. */
function fakeFrame() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const target = frame.contentWindow!;
  const posted: Record<string, unknown>[] = [];
  Object.defineProperty(target, 'postMessage', { value: (message: Record<string, unknown>) => posted.push(message) });
  const fromApp = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source: target }));
  const next = async (predicate: (message: Record<string, unknown>) => boolean) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const found = posted.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no such message among ${JSON.stringify(posted.map((message) => message.method ?? message.id))}`);
  };
  return { frame, posted, fromApp, next };
}

let host: AppHost | null = null;
// Nothing of the channel goes to the console: the protocol log has every message.
beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => undefined));
afterEach(async () => {
  vi.restoreAllMocks();
  await host?.close();
  host = null;
});

describe("an app's host", () => {
  it('sends the app its document with its policy first, answers ui/initialize, and routes its tools/call to the page', async () => {
    const { frame, fromApp, next } = fakeFrame();
    const log: LogEntry[] = [];
    const calls: { name: string; args: unknown }[] = [];
    host = startAppHost({
      frame,
      tool: { name: 'show_counter', inputSchema: { type: 'object' } },
      html: '<!doctype html><p>app</p>',
      csp: narrowCsp({ connectDomains: ['https://api.example.com'] }),
      theme: 'dark',
      log: (entry) => log.push(entry),
      callTool: async (name, args) => {
        calls.push({ name, args });
        return { content: [{ type: 'text', text: 'ran' }] };
      },
      readResource: async () => ({ contents: [] }),
      onMessage: () => undefined,
      onOpenLink: () => undefined,
      onHeight: () => undefined,
      onDisplayMode: (mode) => mode,
      onInitialized: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    fromApp({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    const ready = await next((message) => message.method === 'ui/notifications/sandbox-resource-ready');
    const params = ready.params as { html: string; sandbox: string };
    expect(
      params.html.startsWith(
        '<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src \'none\';',
      ),
    ).toBe(true);
    expect(params.html.endsWith('><p>app</p>')).toBe(true);
    expect(params.html).toContain('connect-src https://api.example.com;');
    expect(params.sandbox).toBe('allow-scripts');

    fromApp({
      jsonrpc: '2.0',
      id: 1,
      method: 'ui/initialize',
      params: { appInfo: { name: 'counter', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' },
    });
    const initialized = await next((message) => message.id === 1);
    const result = initialized.result as {
      hostContext: { theme: string; displayMode: string; toolInfo: { tool: { name: string } } };
    };
    expect(result.hostContext).toMatchObject({
      theme: 'dark',
      displayMode: 'inline',
      toolInfo: { tool: { name: 'show_counter' } },
    });
    fromApp({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await new Promise((resolve) => setTimeout(resolve, 0));

    fromApp({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'bump_counter', arguments: { by: 2 } } });
    const answered = await next((message) => message.id === 2);
    expect(answered.result).toMatchObject({ content: [{ type: 'text', text: 'ran' }] });
    expect(calls).toEqual([{ name: 'bump_counter', args: { by: 2 } }]);
    // Every message both ways, marked as the app's.
    expect(log.every((entry) => entry.peer === 'app')).toBe(true);
    expect(log.map((entry) => `${entry.direction} ${entry.method}`)).toEqual(
      expect.arrayContaining(['received ui/initialize', 'sent response', 'received tools/call']),
    );
    expect(console.debug).not.toHaveBeenCalled();
  });
});
