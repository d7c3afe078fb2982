import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { RECORD_EVENTS, startHostPage } from './embed-host';
import { openTool, screenshotPath, setEditorText } from './helpers';

type EmbedEvent = { element: string; type: string; detail: Record<string, unknown> };
const events = (page: Page) => page.evaluate(() => (window as unknown as { embedEvents: EmbedEvent[] }).embedEvents);

let host: Awaited<ReturnType<typeof startHostPage>>;
test.beforeAll(async () => {
  host = await startHostPage();
});
test.afterAll(async () => {
  await host.close();
});

/** Waits for the call to ask for approval or to succeed without asking (isVisible does not wait), approving if asked. */
async function approveIfAsked(frame: FrameLocator): Promise<void> {
  const dialog = frame.getByRole('dialog', { name: 'Approve this call?' });
  const succeeded = frame.getByTestId('execution-result').getByTestId('result-status').filter({ hasText: '✓ Success' });
  await expect(dialog.or(succeeded)).toBeVisible({ timeout: 30_000 });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Approve' }).click();
}

test('a page on another origin embeds two tools with one script tag; each works, in its own workspace, and talks to the host', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  host.setBody(`
    <h1>Try our tools</h1>
    <script type="module" src="${baseURL}embed.js"></script>
    <tool-playground id="writer" tool="write_file" view="execute" arguments='{"path": "embed-note.txt", "content": "from the first embed"}'></tool-playground>
    <tool-playground id="reader" tool="read_file" view="execute" theme="dark" arguments='{"path": "embed-note.txt"}'></tool-playground>
    ${RECORD_EVENTS}`);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(host.url);

  const writer = page.frameLocator('#writer iframe');
  const reader = page.frameLocator('#reader iframe');
  // Both rendered, with their initial arguments, without the site's header and footer.
  await expect(writer.getByTestId('validation-valid')).toBeVisible({ timeout: 20_000 });
  await expect(reader.getByTestId('validation-valid')).toBeVisible({ timeout: 20_000 });
  await expect(writer.locator('.site-header, .site-footer')).toHaveCount(0);
  await expect(writer.getByRole('link', { name: /Open in the playground/ })).toHaveAttribute(
    'href',
    new RegExp(`^${baseURL}tools/write_file/#args=`),
  );
  await expect
    .poll(async () =>
      (await events(page))
        .filter((event) => event.type === 'ready')
        .map((event) => event.element)
        .sort(),
    )
    .toEqual(['reader', 'writer']);

  // The frame is as tall as its content, once the content has settled (the Execute panel loads after the form): no inner scrollbar.
  const frameHeight = () =>
    page.locator('#writer iframe').evaluate((frame: HTMLIFrameElement) => frame.getBoundingClientRect().height);
  const contentSize = () =>
    writer.locator('#embed-root').evaluate((root) => ({
      height: root.getBoundingClientRect().height,
      scroll: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentSize()).height)).toBeLessThanOrEqual(2);
  const content = await contentSize();
  expect(content.scroll).toBeLessThanOrEqual(content.view + 1);

  // The host sets the reader's arguments; the embed validates them and reports back.
  await page.locator('#reader').evaluate((element) =>
    (element as unknown as { setArguments(args: object): void }).setArguments({
      path: 'embed-note.txt',
      start_line: 0,
    }),
  );
  await expect(reader.locator('[data-testid="error-list"] li[data-parameter="start_line"]')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await events(page)).filter((event) => event.element === 'reader' && event.type === 'change').at(-1)?.detail,
    )
    .toMatchObject({
      arguments: { path: 'embed-note.txt', start_line: 0 },
      validation: { valid: false, errors: [{ parameter: 'start_line', code: 'out_of_range' }] },
    });
  await page
    .locator('#reader')
    .evaluate((element) =>
      (element as unknown as { setArguments(args: object): void }).setArguments({ path: 'embed-note.txt' }),
    );
  await expect(reader.getByTestId('validation-valid')).toBeVisible();

  // The first embed writes a file in its workspace.
  await writer.getByRole('button', { name: /Execute/ }).click();
  await approveIfAsked(writer);
  await expect(writer.getByTestId('execution-result').getByTestId('result-status')).toHaveText('✓ Success', {
    timeout: 30_000,
  });
  await expect
    .poll(
      async () => (await events(page)).find((event) => event.element === 'writer' && event.type === 'executed')?.detail,
    )
    .toMatchObject({ result: { success: true } });

  // The second embed's workspace is its own: the file is not there.
  await reader.getByRole('button', { name: /Execute/ }).click();
  await expect(reader.getByTestId('execution-result').getByTestId('result-status')).not.toHaveText('✓ Success', {
    timeout: 30_000,
  });
  await expect
    .poll(
      async () => (await events(page)).find((event) => event.element === 'reader' && event.type === 'executed')?.detail,
    )
    .toMatchObject({ result: { success: false } });

  // The host switches a theme.
  await expect.poll(() => reader.locator('html').getAttribute('data-theme')).toBe('dark');
  await page.locator('#reader').evaluate((element) => element.setAttribute('theme', 'light'));
  await expect.poll(() => reader.locator('html').getAttribute('data-theme')).toBe('light');

  await page.screenshot({ path: screenshotPath('embed-host'), fullPage: true });
  expect(pageErrors).toEqual([]);

  // The site's own workspace never saw the embed's file.
  await openTool(page, 'read_file');
  await setEditorText(page, '{"path": "embed-note.txt"}');
  await page.getByRole('button', { name: /Execute/ }).click();
  await expect(page.getByTestId('execution-result').getByTestId('result-status')).toHaveText(/path_not_found/, {
    timeout: 30_000,
  });
});

test('an embed ignores messages from anyone but the page that framed it with its origin', async ({ page, baseURL }) => {
  host.setBody(
    `<script type="module" src="${baseURL}embed.js"></script><tool-playground id="only" tool="read_file" view="form" arguments='{"path": "a.txt"}'></tool-playground>${RECORD_EVENTS}`,
  );
  await page.goto(host.url);
  const frame = page.frameLocator('#only iframe');
  await expect(frame.getByTestId('validation-valid')).toBeVisible({ timeout: 20_000 });
  // A message posted by the embed to itself (not from its parent) in the documented shape changes nothing.
  await frame
    .locator('body')
    .evaluate(() =>
      window.postMessage({ source: 'tool-playground', type: 'set-arguments', arguments: { path: '' } }, '*'),
    );
  // Posted by the parent, but to the wrong shape: ignored too.
  await page
    .locator('#only iframe')
    .evaluate((element: HTMLIFrameElement) =>
      element.contentWindow!.postMessage({ source: 'tool-playground', type: 'set-arguments', arguments: 'x' }, '*'),
    );
  await page.waitForTimeout(300);
  await expect(frame.getByTestId('validation-valid')).toBeVisible();
  // The form view has no editor.
  await expect(frame.locator('.json-editor')).toHaveCount(0);
  await expect(frame.getByTestId('arguments-form')).toBeVisible();
});

test('the embed page opens alone with an address, and says what is wrong with a bad one', async ({ page }) => {
  await page.goto('./embed.html?tool=read_file&view=docs');
  await expect(page.getByTestId('parameter-table')).toBeVisible();
  await expect(page.getByRole('link', { name: /Open in the playground/ })).toBeVisible();
  // The same page under a path, as a hand-written link or iframe would name it; framable like embed.html.
  const response = await page.goto('./embed/toolsets/prfactory-agent-tools/tools/ReadFile/?view=form');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-frame-options']).toBeUndefined();
  expect(response?.headers()['content-security-policy']).not.toContain('frame-ancestors');
  await expect(page.getByTestId('validation-panel')).toBeVisible();
  await expect(page.getByRole('link', { name: /Open in the playground/ })).toHaveAttribute(
    'href',
    /\/toolsets\/prfactory-agent-tools\/tools\/ReadFile\/#args=z[\w-]+$/,
  );
  await page.goto('./embed.html?tool=read_file&view=sideways');
  await expect(page.getByRole('alert')).toHaveText(
    'view “sideways” is not one of docs, form, editor, playground, execute.',
  );
  await page.goto('./embed.html?tool=no_such_tool');
  await expect(page.getByRole('alert')).toContainText('There is no tool “no_such_tool”');
  await page.goto('./embed.html?tool=read_file&view=editor&arguments=%7B%22path%22%3A');
  // Malformed initial arguments are kept as given and reported, never dropped.
  await expect(page.getByTestId('validation-valid')).toHaveCount(0);
  await expect(page.locator('.validation-panel, [data-testid="parse-error"]').first()).toContainText(/line 1/i);
});

test('every tool page offers its embed snippet with a live preview', async ({ page, baseURL }) => {
  await openTool(page, 'read_file');
  const section = page.locator('#embed');
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('embed-snippet')).toHaveText(
    `<script type="module" src="${baseURL}embed.js"></script>\n<tool-playground tool="read_file" view="playground" theme="auto"></tool-playground>`,
  );
  await section.getByLabel('View').selectOption('form');
  await expect(page.getByTestId('embed-snippet')).toContainText('view="form"');
  // The preview draws its frame as it comes near the screen; the sections above it may have grown meanwhile.
  await page.getByTestId('embed-preview').scrollIntoViewIfNeeded();
  const preview = page.frameLocator('[data-testid="embed-preview"] iframe');
  await expect(preview.getByTestId('arguments-form')).toBeVisible({ timeout: 20_000 });
  await section.screenshot({ path: screenshotPath('embed-section') });
});

test('the embed looks right in light and dark, on a desktop and a phone', async ({ page, baseURL }) => {
  // Tall viewports: Chromium paints no iframe content outside the viewport into a screenshot.
  for (const [width, height, device] of [
    [1100, 1300, 'desktop'],
    [390, 2600, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      host.setBody(`<script type="module" src="${baseURL}embed.js"></script>
        <p>Before the embed.</p>
        <tool-playground id="look" tool="read_file" view="execute" theme="${theme}"></tool-playground>
        <p>After the embed.</p>`);
      await page.goto(host.url);
      const frame = page.frameLocator('#look iframe');
      await expect(frame.getByTestId('validation-valid')).toBeVisible({ timeout: 20_000 });
      await expect(frame.locator('.json-editor[data-status="ready"]')).toBeVisible({ timeout: 20_000 });
      // No horizontal overflow inside the frame at this width.
      const overflow = await frame.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.locator('#look').screenshot({ path: screenshotPath(`embed-${device}-${theme}`) });
    }
  }
});
