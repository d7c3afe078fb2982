/**
 * The SDK v2 test server's app (MCP Apps): `show_counter` names `ui://v2/counter.html`, an HTML app that shows the
 * call's input and result and calls `bump_counter` back through the host, a tool shown to apps only that needs
 * approval (it writes). The app speaks the Apps protocol's JSON-RPC over postMessage by hand, so the test server
 * needs no browser bundle. The resource declares one origin the page allows and one it must drop. Told it closes
 * (`ui/resource-teardown`), the app logs its count to the host before it answers.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { V2State } from './mcp-v2-tools';

export const COUNTER_APP_URI = 'ui://v2/counter.html';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

const COUNTER_APP = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Counter</title>
<style>
  body { margin: 0; padding: 12px 14px; font: 14px/1.45 system-ui, sans-serif; background: #ffffff; color: #1f2328; }
  body[data-theme="dark"] { background: #161b22; color: #e6edf3; }
  h1 { font-size: 18px; margin: 0 0 8px; }
  output { font-weight: 600; }
  button { font: inherit; margin: 4px 6px 4px 0; padding: 4px 10px; }
</style>
</head>
<body data-theme="light">
<h1>Counter</h1>
<p>Input: <output id="input">waiting</output></p>
<p>Count: <output id="count">waiting</output></p>
<p>Theme: <output id="theme">?</output> · Display: <output id="mode">?</output></p>
<p>
  <button type="button" id="bump">Bump by 2</button>
  <button type="button" id="bad">Bump by "lots"</button>
  <button type="button" id="say">Say hello</button>
  <button type="button" id="full">Full screen</button>
</p>
<p id="status" role="status"></p>
<script>
(() => {
  let next = 1;
  const pending = new Map();
  const post = (message) => parent.postMessage(message, '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    post({ jsonrpc: '2.0', id, method, params });
  });
  const notify = (method, params) => post({ jsonrpc: '2.0', method, params });
  const $ = (id) => document.getElementById(id);
  const context = (value) => {
    if (!value) return;
    if (value.theme) { document.body.dataset.theme = value.theme; $('theme').textContent = value.theme; }
    if (value.displayMode) $('mode').textContent = value.displayMode;
  };
  const show = (result) => {
    const count = result && result.structuredContent ? result.structuredContent.count : undefined;
    $('count').textContent = count !== undefined ? String(count) : (result.content || []).map((block) => block.text || '').join(' ');
  };
  addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.method === undefined && message.id !== undefined) {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message)); else waiting.resolve(message.result);
    } else if (message.method === 'ui/notifications/tool-input') $('input').textContent = JSON.stringify(message.params.arguments);
    else if (message.method === 'ui/notifications/tool-result') show(message.params);
    else if (message.method === 'ui/notifications/host-context-changed') context(message.params);
    else if (message.method === 'ui/resource-teardown') {
      notify('notifications/message', { level: 'info', logger: 'counter', data: 'Closing at count ' + $('count').textContent });
      post({ jsonrpc: '2.0', id: message.id, result: {} });
    } else if (message.id !== undefined) post({ jsonrpc: '2.0', id: message.id, result: {} });
  });
  const bump = async (by) => {
    $('status').textContent = 'Calling bump_counter';
    try {
      const result = await request('tools/call', { name: 'bump_counter', arguments: { by } });
      if (result.isError) $('status').textContent = 'Refused: ' + result.content.map((block) => block.text).join(' ');
      else { show(result); $('status').textContent = 'Bumped by ' + by; }
    } catch (error) {
      $('status').textContent = 'Failed: ' + error.message;
    }
  };
  $('bump').onclick = () => bump(2);
  $('bad').onclick = () => bump('lots');
  $('say').onclick = () => request('ui/message', { role: 'user', content: [{ type: 'text', text: 'The counter says hello.' }] });
  $('full').onclick = () => request('ui/request-display-mode', { mode: 'fullscreen' }).then((result) => { $('mode').textContent = result.mode; });
  request('ui/initialize', { appInfo: { name: 'counter', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then((result) => {
    context(result.hostContext);
    notify('ui/notifications/initialized', {});
    notify('ui/notifications/size-changed', { height: document.documentElement.scrollHeight });
  });
})();
</script>
</body>
</html>`;

export function registerCounterApp(server: McpServer, state: V2State): void {
  server.registerTool(
    'show_counter',
    {
      description: 'Shows a counter, with an interface of its own',
      inputSchema: z.object({ start: z.number().int().min(0) }),
      outputSchema: z.object({ count: z.number() }),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: COUNTER_APP_URI } },
    },
    async ({ start }) => ({
      content: [{ type: 'text', text: `Counter at ${start}` }],
      structuredContent: { count: start },
    }),
  );
  server.registerTool(
    'bump_counter',
    {
      description: 'Bumps the counter (for its app only)',
      inputSchema: z.object({ by: z.number().int().min(1).max(10) }),
      outputSchema: z.object({ count: z.number() }),
      annotations: { destructiveHint: false },
      _meta: { ui: { visibility: ['app'] } },
    },
    async ({ by }) => {
      state.answers.push(`bump_counter: ${by}`);
      return { content: [{ type: 'text', text: `Bumped by ${by}` }], structuredContent: { count: 40 + by } };
    },
  );
  server.registerResource(
    'counter-app',
    COUNTER_APP_URI,
    { title: 'Counter app', description: 'The interface of show_counter', mimeType: APP_MIME_TYPE },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: APP_MIME_TYPE,
          text: COUNTER_APP,
          _meta: {
            ui: {
              csp: { connectDomains: ['https://api.example.com', 'http://remote.example.com'] },
              prefersBorder: true,
            },
          },
        },
      ],
    }),
  );
}
