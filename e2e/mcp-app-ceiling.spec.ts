/**
 * The MCP App frame's ceiling holds without the site's headers: the built site served as a host that sends none of
 * them (Access-Control-Allow-Origin alone, as GitHub Pages does). An app's document handed to the frame bare, with
 * no policy of its own, runs under the frame's policy (its document inherits it) and reaches plain http on this
 * machine's loopback only; a loopback server counts what arrives. A well-behaved app (the published basic example
 * server's get-time, through `mcp bridge`) still renders its result.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createStaticHost, listen } from '../scripts/static-host';
import { executeGetTime, startGetTimeBridge } from './get-time-app';
import { connect } from './helpers';

const received: string[] = [];
const servers: Server[] = [];
let site = '';
let siteHost: Server;

/** A server on `address` that counts every connection and request, and answers with CORS open. */
async function counting(address: string): Promise<number> {
  const server = createServer((request, response) => {
    received.push(`${address} ${request.method} ${request.url}`);
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' }).end('ok');
  });
  server.on('connection', () => received.push(`${address} connection`));
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

test.beforeAll(async () => {
  siteHost = createStaticHost(process.env.E2E_DIST ?? 'dist', {
    headers: [{ for: '/*', values: { 'Access-Control-Allow-Origin': '*' } }],
    redirects: [],
  });
  site = await listen(siteHost, 0);
});

test.afterAll(async () => {
  for (const server of [siteHost, ...servers]) await new Promise((resolve) => server.close(resolve));
});

test.beforeEach(() => void (received.length = 0));

/** The frame's own policy, as public/mcp-app-sandbox.html writes it. */
const framePolicy = () =>
  /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(
    readFileSync(new URL('../public/mcp-app-sandbox.html', import.meta.url), 'utf8'),
  )![1]!;

/**
 * An app with no policy of its own: it reaches the allowed loopback origin, then tries plain http to another address
 * of this machine (127.0.0.2, which the ceiling does not name) by fetch, image and WebSocket, and reports what it saw.
 */
const probeApp = (allowed: string, forbidden: string) => `<!doctype html><html><body><script>
  const violations = [];
  document.addEventListener('securitypolicyviolation', (event) =>
    violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, policy: event.originalPolicy }));
  // An attempt neither sent nor refused within 5 s reads as such, so the report always arrives.
  const settle = (promise) => Promise.race([
    promise.then(() => 'sent', (error) => 'refused: ' + error.name),
    new Promise((resolve) => setTimeout(() => resolve('no answer'), 5000)),
  ]);
  const image = (url) => new Promise((resolve, reject) => {
    const element = new Image();
    element.onload = resolve;
    element.onerror = () => reject(new Error('image'));
    element.src = url;
  });
  const socket = (url) => new Promise((resolve, reject) => {
    try {
      const open = new WebSocket(url);
      open.onopen = resolve;
      open.onerror = () => reject(new Error('socket'));
    } catch (error) { reject(error); }
  });
  (async () => {
    const allowed = await settle(fetch('${allowed}/allowed', { mode: 'no-cors' }));
    const results = {
      allowed,
      fetch: await settle(fetch('${forbidden}/fetch', { mode: 'no-cors' })),
      image: await settle(image('${forbidden}/image.png')),
      socket: await settle(socket('${forbidden.replace('http', 'ws')}/socket')),
    };
    // The violation events are queued as tasks: let them land before reporting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    parent.postMessage({ probe: { ...results, origin: self.origin, violations } }, '*');
  })();
</script></body></html>`;

test('served without headers, an app with no policy of its own is held to the frame’s ceiling', async ({ page }) => {
  const frame = await page.request.get(new URL('mcp-app-sandbox.html', site).href);
  expect(frame.headers()['content-security-policy']).toBeUndefined();
  const allowed = `http://127.0.0.1:${await counting('127.0.0.1')}`;
  const forbidden = `http://127.0.0.2:${await counting('127.0.0.2')}`;
  await page.goto(new URL('connect/', site).href);
  // The frame as the page makes it (McpAppView.tsx), handed the app's document bare.
  const probe = await page.evaluate(
    ({ html, src }) =>
      new Promise<unknown>((resolve) => {
        const element = document.createElement('iframe');
        element.setAttribute('sandbox', 'allow-scripts');
        addEventListener('message', (event) => {
          const data = event.data as { method?: string; probe?: unknown };
          if (event.source !== element.contentWindow) return;
          if (data.method === 'ui/notifications/sandbox-proxy-ready')
            element.contentWindow!.postMessage(
              { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html } },
              '*',
            );
          else if (data.probe) resolve(data.probe);
        });
        element.src = src;
        document.body.append(element);
      }),
    { html: probeApp(allowed, forbidden), src: new URL('mcp-app-sandbox.html', site).href },
  );
  expect(probe).toMatchObject({
    origin: 'null',
    allowed: 'sent',
    fetch: 'refused: TypeError',
    image: 'refused: Error',
    socket: 'refused: Error',
  });
  // Refused by the frame's own policy, inherited by the app's document: the only policy either has here.
  const { violations } = probe as { violations: { directive: string; blocked: string; policy: string }[] };
  expect(violations.map((violation) => violation.directive).sort()).toEqual(['connect-src', 'connect-src', 'img-src']);
  for (const violation of violations) {
    expect(violation.blocked).toMatch(/^(http|ws):\/\/127\.0\.0\.2:/);
    expect(violation.policy).toBe(framePolicy());
  }
  // The allowed request arrived; nothing reached the other address.
  expect(received.filter((line) => line.startsWith('127.0.0.1 ')).some((line) => line.endsWith('/allowed'))).toBe(true);
  expect(received.filter((line) => line.startsWith('127.0.0.2 '))).toEqual([]);
});

test('served without headers, the published get-time app still renders its result in its frame', async ({ page }) => {
  test.setTimeout(120_000);
  const { bridge, ...printed } = await startGetTimeBridge(new URL(site).origin);
  try {
    await connect(page, printed.url, printed.token, new URL('connect/', site).href);
    await executeGetTime(page);
  } finally {
    bridge.kill('SIGTERM');
  }
});
