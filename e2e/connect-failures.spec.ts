/**
 * The Connect page against servers that misbehave on loopback (real sockets, `e2e/servers/broken-mcp-server.ts`):
 * hanging, replies that break JSON-RPC, another protocol version, a flood, no CORS. Each gives a clear message
 * naming what was wrong and what to do; the form keeps what was typed and stays usable.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  startBrokenMcpServer,
  FLOOD_COUNT,
  HUGE_TEXT_LENGTH,
  type BrokenMcpServer,
  type BrokenMode,
} from './servers/broken-mcp-server';
import { collectPageErrors } from './helpers';

let broken: BrokenMcpServer | undefined;
test.afterEach(async () => {
  await broken?.close();
  broken = undefined;
});

async function start(mode: BrokenMode): Promise<string> {
  await broken?.close();
  broken = await startBrokenMcpServer(mode);
  return broken.url;
}

/** Fills the form as a user would; the time limit only when given. */
async function submit(page: Page, url: string, timeLimit?: string): Promise<void> {
  await page.getByLabel('Server URL').fill(url);
  if (timeLimit !== undefined) await page.getByLabel('Time limit (seconds)').fill(timeLimit);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

const card = (page: Page) => page.getByTestId('connection');
/** A first attempt that fails is said on the form, with its name and the attempt's log; no server card is kept. */
const failure = (page: Page) => page.getByTestId('connect-failure');

test('a server whose tools/list never answers: the time limit ends the wait with what to do; nothing typed is lost', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const url = await start('hang-list');
  await page.goto('./connect/');
  await page.getByLabel('Time limit (seconds)').fill('ten');
  await submit(page, url);
  await expect(page.getByRole('alert')).toHaveText(
    /^Time limit: 'ten' is not a whole number of seconds; expected 1 to 600/,
  );
  await submit(page, url, '2');
  await expect(failure(page).getByRole('alert')).toHaveText(
    'No answer within the time limit. tools/list: the server did not answer within 2 s (the time limit). It may be stuck or slow: check its log, or raise the time limit and connect again.',
    { timeout: 30_000 },
  );
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByLabel('Server URL')).toHaveValue(url);
  await expect(page.getByLabel('Time limit (seconds)')).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
  expect(broken!.seen).toContain('tools/list');
  expect(errors).toEqual([]);
});

test('a server that never answers initialize: Cancel gives up at once; the form keeps the URL and the token', async ({
  page,
}) => {
  const url = await start('hang-initialize');
  await page.goto('./connect/');
  await page.getByLabel('Authentication').selectOption('bearer');
  await page.getByLabel('Bearer token').fill('hang-spec-token-55');
  await submit(page, url, '600');
  await expect(page.getByRole('button', { name: 'Connecting…' })).toBeDisabled();
  await expect.poll(() => broken!.seen.includes('initialize')).toBe(true);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(failure(page).getByRole('alert')).toContainText(
    'Connecting was cancelled (initialize was cancelled). Nothing was kept from this attempt',
  );
  await expect(card(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Server URL')).toHaveValue(url);
  await expect(page.getByLabel('Bearer token')).toHaveValue('hang-spec-token-55');
  await expect(page.getByLabel('Time limit (seconds)')).toHaveValue('600');
});

test('malformed JSON-RPC: a body that is not JSON, a wrong id, a reply without result; each named, at once', async ({
  page,
}) => {
  await page.goto('./connect/');
  const cases: [BrokenMode, string][] = [
    ['not-json', "tools/list: the server's reply is not JSON ("],
    [
      'wrong-id',
      'tools/list: the server answered with id "not-yours-4711", which no request of this client carries; a response must carry the id of the request it answers.',
    ],
    [
      'no-result',
      `tools/list: the server's reply is not a JSON-RPC message: a response needs "jsonrpc": "2.0", the "id" of its request and either a "result" or an "error".`,
    ],
  ];
  for (const [mode, message] of cases) {
    // The default time limit (30 s) stays: a failure that waited for it would miss the assertion's own limit.
    const url = await start(mode);
    await submit(page, url);
    const failed = failure(page);
    await expect(failed.getByRole('alert')).toContainText(message, { timeout: 20_000 });
    await expect(failed.getByRole('alert')).toContainText('The server broke the protocol.');
    if (mode === 'wrong-id') {
      // The reply with the wrong id is in the attempt's protocol log as it came.
      await failed.getByText(/^Protocol log of this attempt/).click();
      await expect(failed.getByTestId('log-entry').filter({ hasText: 'not-yours-4711' }).first()).toBeVisible();
    }
  }
});

test('a protocol version the client does not speak is named, with the versions it does', async ({ page }) => {
  await page.goto('./connect/');
  await submit(page, await start('old-version'));
  await expect(failure(page).getByRole('alert')).toContainText(
    /initialize: the server answered with MCP protocol version "1999-01-01", which this client does not speak \(it speaks 20\d\d-\d\d-\d\d(, 20\d\d-\d\d-\d\d)+\)\. Update the server's MCP SDK/,
    { timeout: 30_000 },
  );
});

test('a server without CORS: the browser withholds its reply, and the message says CORS and which headers to send', async ({
  page,
}) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await page.goto('./connect/');
  await submit(page, await start('no-cors'));
  const alert = failure(page).getByRole('alert');
  await expect(alert).toContainText(
    `the server at ${new URL(broken!.url).origin} answered, but the browser withheld its reply: it sends no CORS headers allowing ${origin}`,
    { timeout: 30_000 },
  );
  await expect(alert).toContainText('Access-Control-Allow-Origin');
  await expect(alert).toContainText('Access-Control-Expose-Headers: Mcp-Session-Id');
});

test('a server that hides its session id from the page (no Expose-Headers) is told which header to send', async ({
  page,
}) => {
  await page.goto('./connect/');
  await submit(page, await start('no-expose'));
  const alert = failure(page).getByRole('alert');
  await expect(alert).toContainText('tools/list: ', { timeout: 30_000 });
  await expect(alert).toContainText('No valid session ID provided');
  await expect(alert).toContainText(
    'If the server sent an Mcp-Session-Id, the browser withheld it: the server must send Access-Control-Expose-Headers: Mcp-Session-Id.',
  );
});

test('a flood of notifications: the tools arrive, every message is in the log, and the page keeps answering', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('./connect/');
  await submit(page, await start('flood'));
  await expect(card(page).getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });
  await expect(card(page).getByText(/^Protocol log \(\d+ messages\)/)).toHaveText(
    new RegExp(`^Protocol log \\((${FLOOD_COUNT + 5}|${FLOOD_COUNT + 6}) messages\\)`),
  );
  await page.getByLabel('Server URL').fill('http://127.0.0.1:1/typed-after-the-flood');
  await expect(page.getByLabel('Server URL')).toHaveValue('http://127.0.0.1:1/typed-after-the-flood');
  expect(errors).toEqual([]);
});

test('hostile results: a malformed block is one line naming it and the rule, the rest shown; a 50 MB text or structuredContent is a bounded window', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const url = await start('hostile-results');
  await page.goto('./connect/');
  await submit(page, url);
  await expect(card(page).getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });

  await page.goto('./toolsets/mcp-broken-server/tools/bad_image/');
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: /^Execute/ }).click();
  const result = page.getByTestId('mcp-result');
  await expect(result.getByTestId('mcp-malformed-block')).toHaveText(
    'content[1] (image): data must be base64: the block was left out.',
    { timeout: 30_000 },
  );
  await expect(result).toContainText('Before the image.');
  await expect(result).toContainText('After the image.');
  await expect(result).not.toContainText('invalid_union');
  // What the model gets back says the same in one line.
  const live = page.getByTestId('live-result');
  await live.getByRole('tab', { name: 'LLM text' }).click();
  await expect(live.getByLabel('Text the model receives')).toContainText(
    '[content[1] (image): data must be base64: the block was left out]',
  );

  await page.goto('./toolsets/mcp-broken-server/tools/huge_text/');
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: /^Execute/ }).click();
  await expect(result.getByTestId('mcp-text-window')).toHaveText(
    `The first 200,000 of ${HUGE_TEXT_LENGTH.toLocaleString('en-US')} characters are shown.`,
    { timeout: 60_000 },
  );
  const shown = await result
    .locator('pre.mcp-text')
    .first()
    .evaluate((element) => element.textContent?.length ?? 0);
  expect(shown).toBe(200_000);
  // What the model gets back is bounded as any tool's data, says how much it leaves out, and shows through the same window.
  await live.getByRole('tab', { name: 'LLM text' }).click();
  await expect(live.getByRole('group', { name: 'Text the model receives' }).getByTestId('hidden-lines')).toBeVisible({
    timeout: 30_000,
  });
  await expect(live.getByLabel('Text the model receives: first lines')).toContainText('Result: Success');
  await expect(live.getByLabel('Text the model receives: last lines')).toContainText(
    `${(HUGE_TEXT_LENGTH - 50_000).toLocaleString('en-US')} more characters not shown`,
  );

  // A 50 MB structuredContent: a window of its JSON, never the whole value laid out; the page still answers.
  await page.goto('./toolsets/mcp-broken-server/tools/huge_structured/');
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: /^Execute/ }).click();
  const wholeJson = JSON.stringify({ data: 'x'.repeat(HUGE_TEXT_LENGTH) }, null, 2).length;
  await expect(result.getByTestId('mcp-structured-window')).toHaveText(
    `The first 200,000 of ${wholeJson.toLocaleString('en-US')} characters of its JSON are shown.`,
    { timeout: 60_000 },
  );
  await expect(result).toContainText('A huge structured value.');
  const laidOut = await result.locator('.mcp-structured pre').evaluate((element) => element.textContent?.length ?? 0);
  expect(laidOut).toBe(200_000);
  await expect(page.getByRole('button', { name: /^Execute/ })).toBeEnabled();
  expect(errors).toEqual([]);
});
