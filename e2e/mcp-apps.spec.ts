/**
 * MCP Apps in Chromium: a live tool's own interface, rendered under its result in a frame of an opaque origin,
 * against the SDK v2 test server's counter app and the published basic example server (its `get-time` app,
 * through `mcp bridge` on loopback). The app's tool calls back go through this site's validator and approval.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { startMcpV2Server, type McpV2Server } from './servers/mcp-v2-server';
import { collectPageErrors, setEditorText, connect } from './helpers';
import { executeGetTime, startGetTimeBridge } from './get-time-app';

async function openLiveTool(page: Page, toolset: string, name: string): Promise<void> {
  await page.goto(`./toolsets/${toolset}/tools/${name}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
}

/**
 * The app's own document: the frame inside the sandbox frame, under the result. A frame whose app is being told it
 * closes waits outside the result for up to half a second, so the live one is looked for in the result only.
 */
const appFrame = (page: Page) =>
  page.getByTestId('mcp-app').frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');

async function appDocumentFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().filter((frame) => frame.url() === 'about:srcdoc').length, { timeout: 30_000 })
    .toBe(1);
  return page.frames().find((frame) => frame.url() === 'about:srcdoc')!;
}

/** What the app's frame can reach of the page: its origin, its own storage, the page's storage and document. */
const reach = (frame: Frame) =>
  frame.evaluate(() => {
    const attempt = (run: () => unknown): string => {
      try {
        return `read: ${String(run())}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    };
    return {
      origin: self.origin,
      ownStorage: attempt(() => localStorage.getItem('app-probe')),
      parentStorage: attempt(() => window.parent.parent.localStorage.getItem('app-probe')),
      parentDocument: attempt(() => window.parent.parent.document.title),
    };
  });

test.describe("the SDK v2 test server's counter app", () => {
  let server: McpV2Server;
  test.beforeEach(async () => {
    server = await startMcpV2Server();
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('renders in an opaque-origin frame, shows the call, and its call back is validated and approved', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await connect(page, server.url);
    await page.evaluate(() => localStorage.setItem('app-probe', "the page's secret"));
    await openLiveTool(page, 'mcp-schema-v2-server', 'show_counter');
    await setEditorText(page, '{"start": 3}');
    await page.getByRole('button', { name: /^Execute/ }).click();
    await expect(page.getByTestId('mcp-result')).toContainText('Counter at 3', { timeout: 30_000 });
    await expect(page.getByTestId('live-result').getByTestId('result-status')).toHaveText('✓ Success');

    const app = appFrame(page);
    await expect(app.locator('#input')).toHaveText('{"start":3}', { timeout: 30_000 });
    await expect(app.locator('#count')).toHaveText('3');
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    await expect(app.locator('#theme')).toHaveText(theme === 'dark' ? 'dark' : 'light');

    // Sandboxed twice over: the proxy and the app are both of an opaque origin, and reach nothing of the page.
    const frame = await appDocumentFrame(page);
    expect(await reach(frame)).toEqual({
      origin: 'null',
      ownStorage: 'refused: SecurityError',
      parentStorage: 'refused: SecurityError',
      parentDocument: 'refused: SecurityError',
    });
    const proxy = page.frames().find((candidate) => candidate.url().endsWith('/mcp-app-sandbox.html'))!;
    expect(await proxy.evaluate(() => self.origin)).toBe('null');
    // The resource declared an http origin off this machine: not granted, and the page says why.
    await page.getByText(/declared origin is not granted/).click();
    await expect(page.getByTestId('mcp-app')).toContainText(
      "http://remote.example.com: http:// is allowed to this machine's loopback only",
    );

    // Arguments the validator refuses never reach the server.
    await app.getByRole('button', { name: 'Bump by "lots"' }).click();
    await expect(app.locator('#status')).toContainText('Refused: Not run: the arguments do not pass validation.');
    await expect(page.getByTestId('mcp-app-calls')).toContainText('refused by validation, not sent');
    expect(server.state.answers.filter((answer) => answer.startsWith('bump_counter'))).toEqual([]);

    // bump_counter writes (medium risk): the person is asked, and the call runs once approved.
    await app.getByRole('button', { name: 'Bump by 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
    await expect(dialog).toContainText('bump_counter on the MCP server schema-v2-server, called by its app');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(app.locator('#count')).toHaveText('42');
    await expect(app.locator('#status')).toHaveText('Bumped by 2');
    expect(server.state.answers).toContain('bump_counter: 2');

    // ui/message is shown as text; the display mode follows the app's request.
    await app.getByRole('button', { name: 'Say hello' }).click();
    await expect(page.getByTestId('mcp-app-messages')).toContainText('The counter says hello.');
    await app.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByTestId('mcp-app')).toHaveClass(/mcp-app-fullscreen/);
    await expect(app.locator('#mode')).toHaveText('fullscreen');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(app.locator('#mode')).toHaveText('inline');

    // The app's messages are in the connection's protocol log, marked as the app's.
    await page.getByRole('link', { name: 'connection, pin and protocol log' }).click();
    const card = page.getByTestId('connection');
    await card.getByText(/^Protocol log/).click();
    const appEntries = card
      .locator('[data-testid="log-entry"] summary')
      .filter({ has: page.locator('.mcp-kind', { hasText: /^app$/ }) });
    const method = (name: string) =>
      appEntries.filter({ has: page.locator('code', { hasText: new RegExp(`^${name}$`) }) });
    await expect(method('ui/initialize')).toHaveCount(1);
    await expect(method('ui/message')).toHaveCount(1);
    await expect(method('tools/call')).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  /** Two calls, then the page is left: each app is told it closes and answers before its frame goes. */
  async function twoAppsToldTheyClose(page: Page): Promise<void> {
    const errors = collectPageErrors(page);
    const debugLines: string[] = [];
    page.on('console', (message) => void (message.type() === 'debug' && debugLines.push(message.text())));
    await connect(page, server.url);
    await openLiveTool(page, 'mcp-schema-v2-server', 'show_counter');
    const app = appFrame(page);
    await setEditorText(page, '{"start": 3}');
    await page.getByRole('button', { name: /^Execute/ }).click();
    await expect(app.locator('#count')).toHaveText('3', { timeout: 30_000 });
    await setEditorText(page, '{"start": 5}');
    await page.getByRole('button', { name: /^Execute/ }).click();
    await expect(app.locator('#count')).toHaveText('5', { timeout: 30_000 });
    await expect(page.getByTestId('mcp-app-frame')).toHaveCount(1); // the first app's frame is gone once it answered
    // Leaving the page closes the second app the same way.
    await page.getByRole('link', { name: 'connection, pin and protocol log' }).click();
    await expect(page.getByTestId('mcp-app-frame')).toHaveCount(0);
    const card = page.getByTestId('connection');
    await card.getByText(/^Protocol log/).click();
    const appEntries = card
      .locator('[data-testid="log-entry"] summary')
      .filter({ has: page.locator('.mcp-kind', { hasText: /^app$/ }) });
    await expect(appEntries.filter({ has: page.locator('code', { hasText: /^ui\/resource-teardown$/ }) })).toHaveCount(
      2,
    );
    const closing = appEntries.filter({ hasText: 'Closing at count' });
    await expect(closing).toHaveCount(2);
    await expect(closing.first()).toContainText('Closing at count 3');
    await expect(closing.last()).toContainText('Closing at count 5');
    // The document handed to each app is in the log bounded: the whole of it is the resources/read answer.
    const handover = card.getByTestId('log-entry').filter({
      has: page.locator('summary code', { hasText: /^ui\/notifications\/sandbox-resource-ready$/ }),
    });
    await expect(handover).toHaveCount(2);
    await expect(handover.first()).toContainText('more characters: the whole document is the resources/read answer');
    // The channel to the app says nothing on the console: the log has it all.
    expect(debugLines).toEqual([]);
    expect(errors).toEqual([]);
  }

  test('an app is told it closes, and answers, before its frame goes; the log has its messages, its document bounded', async ({
    page,
  }) => {
    await twoAppsToldTheyClose(page);
  });

  test('in a browser that cannot move a frame running, each app is told it closes before its view goes', async ({
    page,
  }) => {
    // Such a browser loses a frame with its view: the earlier call's view waits hidden, and leaving waits, until told.
    await page.addInitScript(() => void delete (Element.prototype as { moveBefore?: unknown }).moveBefore);
    await twoAppsToldTheyClose(page);
    // The back and forward buttons wait the same way.
    await page.goBack();
    await setEditorText(page, '{"start": 7}');
    await page.getByRole('button', { name: /^Execute/ }).click();
    await expect(appFrame(page).locator('#count')).toHaveText('7', { timeout: 30_000 });
    await page.goForward();
    await expect(page.getByTestId('mcp-app-frame')).toHaveCount(0);
    const card = page.getByTestId('connection');
    if (!(await card.locator('[data-testid="log-entry"]').first().isVisible()))
      await card.getByText(/^Protocol log/).click();
    await expect(
      card.locator('[data-testid="log-entry"] summary').filter({ hasText: 'Closing at count 7' }),
    ).toHaveCount(1);
  });

  test('a tool shown to its app only is marked so on the server card and on its page', async ({ page }) => {
    await connect(page, server.url);
    await expect(
      page.getByTestId('server-tools').getByRole('listitem').filter({ hasText: 'bump_counter' }),
    ).toContainText('app only');
    await openLiveTool(page, 'mcp-schema-v2-server', 'bump_counter');
    await expect(page.getByTestId('app-only')).toContainText('a model is never offered it');
    // The model section draws its button once near the screen.
    await page.getByRole('region', { name: 'Try with a model' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Send bump_counter to a model' }).click();
    await expect(page.getByTestId('models-panel')).toHaveText(
      'The server shows bump_counter to its app only: a model is never offered it.',
    );
  });
});

test("the published basic example server's get-time app shows the result inside its frame, and its call back is approved", async ({
  page,
}) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const { bridge, ...printed } = await startGetTimeBridge(origin);
  try {
    await connect(page, printed.url, printed.token);
    const { shown, app } = await executeGetTime(page);
    const frame = await appDocumentFrame(page);
    expect((await reach(frame)).origin).toBe('null');
    // Its "Get Server Time" button calls get-time back: a tool with no annotations asks for approval here.
    await app.getByRole('button', { name: /Get Server Time/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
    await expect(dialog).toContainText('get-time');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('mcp-app-calls')).toContainText('checked, and run on the server');
    await expect(app.locator('#server-time')).not.toHaveText(shown);
  } finally {
    bridge.kill('SIGTERM');
  }
});
