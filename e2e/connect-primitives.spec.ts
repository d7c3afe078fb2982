/**
 * The Connect page against the SDK v2 test server on loopback, in both its serving modes (the SDK's default, and
 * modern-only): the card leads with the tools, says the era and protocol version, and the page's policy is never
 * violated while connecting.
 */
import { expect, test, type Page } from '@playwright/test';
import { startMcpV2Server, type McpV2Server, type McpV2ServerOptions } from './servers/mcp-v2-server';
import { startMcpTestServer } from './servers/mcp-test-server';
import { collectPageErrors } from './helpers';

let server: McpV2Server | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: McpV2ServerOptions): Promise<string> {
  server = await startMcpV2Server(options);
  return server.url;
}

/** Every `securitypolicyviolation` the page raises, kept on the window from the first script on. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);
}

/** Connects as an impatient person: fills and clicks as soon as the form shows. */
export async function connectV2(page: Page, url: string, era: 'auto' | 'modern' | 'legacy' = 'auto'): Promise<void> {
  await page.goto('./connect/');
  await page.getByLabel('Server URL').fill(url);
  if (era !== 'auto') await page.getByLabel('Protocol era').selectOption(era);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection').getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });
}

const SERVING: [string, McpV2ServerOptions][] = [
  ['default serving', {}],
  ['modern-only serving', { modernOnly: true }],
];

for (const [serving, options] of SERVING) {
  test(`${serving}: the card leads with the tools, says the era and protocol version, and no policy violation is raised`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const violations = await watchPolicy(page);
    await connectV2(page, await start(options));
    const card = page.getByTestId('connection');
    await expect(card.getByTestId('connection-era')).toHaveText(' · modern era (auto)');
    await expect(card.getByTestId('connection-protocol')).toHaveText(' · MCP 2026-07-28');
    // The tools come first: the card's first list heading is theirs, with the count.
    await expect(card.locator('h4').first()).toHaveText('Tools (9)');
    const tools = card.getByTestId('server-tools');
    await expect(tools.getByRole('link', { name: 'delete_file', exact: true })).toHaveAttribute(
      'href',
      /\/tools\/delete_file\/$/,
    );
    await expect(tools).toContainText('Deletes a file after the user confirms');
    await expect(card.getByTestId('server-resources').getByRole('heading')).toHaveText('Resources (3)');
    await expect(card.getByTestId('server-prompts').getByRole('heading')).toHaveText('Prompts (1)');
    await expect(card.getByTestId('server-instructions')).toContainText('A test server for both MCP eras.');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the legacy era, chosen on the form, shows on the card with its protocol version', async ({ page }) => {
  await connectV2(page, await start({ legacySessions: true }), 'legacy');
  const card = page.getByTestId('connection');
  await expect(card.getByTestId('connection-era')).toHaveText(' · legacy era');
  await expect(card.getByTestId('connection-protocol')).toHaveText(/ · MCP 2025-\d\d-\d\d/);
  await expect(card.locator('h4').first()).toHaveText('Tools (9)');
});

test('a modern-only connection to a server that speaks only 2025 fails on the form, named, and keeps no server card', async ({
  page,
}) => {
  const old = await startMcpTestServer();
  try {
    await page.goto('./connect/');
    await page.getByLabel('Server URL').fill(old.url);
    await page.getByLabel('Protocol era').selectOption('modern');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const failure = page.getByTestId('connect-failure');
    await expect(failure.getByRole('alert')).toContainText('No protocol version in common.', { timeout: 30_000 });
    await expect(failure.getByRole('alert')).toContainText('Connect in the auto or legacy era.');
    await expect(failure.getByText(/^Protocol log of this attempt \(\d+ messages?\)$/)).toBeVisible();
    await expect(page.getByTestId('connection')).toHaveCount(0);
    await expect(page.getByLabel('Server URL')).toHaveValue(old.url);
    await expect(page.getByLabel('Protocol era')).toHaveValue('modern');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'New connection' })).toBeVisible();
    await expect(page.getByTestId('connection')).toHaveCount(0);
  } finally {
    await old.close();
  }
});

for (const [serving, options] of SERVING) {
  test(`${serving}: a resource read shows text as text and a PNG as an image; a template filled with suggested values reads its URI`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await connectV2(page, await start(options));
    const card = page.getByTestId('connection');
    const readme = card.getByTestId('resource').filter({ hasText: 'test://readme' });
    await readme.getByRole('button', { name: 'Read' }).click();
    await expect(readme.getByTestId('resource-contents').locator('pre')).toHaveText('Hello from the v2 test server.');
    const logo = card.getByTestId('resource').filter({ hasText: 'test://logo.png' });
    await logo.getByRole('button', { name: 'Read' }).click();
    await expect(logo.getByTestId('resource-contents').locator('img')).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );

    const template = card.getByTestId('resource-template').filter({ hasText: 'test://items/{name}{?detail}' });
    // Read before the path variable is filled: the field is named, nothing is sent.
    await template.getByRole('button', { name: 'Read' }).click();
    await expect(template.getByText('name: required; the URI has no resource without it')).toBeVisible();
    await expect(template.getByTestId('template-preview')).toHaveText('URI: fill in name');
    // Typing asks the server for values; one click fills the variable.
    await template.getByLabel('name', { exact: true }).pressSequentially('ap');
    const suggestions = template.getByRole('group', { name: 'Suggestions for name' });
    await expect(suggestions.getByRole('button')).toHaveText(['apple', 'apricot']);
    await suggestions.getByRole('button', { name: 'apricot' }).click();
    await expect(template.getByLabel('name', { exact: true })).toHaveValue('apricot');
    await template.getByLabel('detail (optional)').fill('full');
    await expect(template.getByTestId('template-preview')).toHaveText('URI: test://items/apricot?detail=full');
    await template.getByRole('button', { name: 'Read' }).click();
    await expect(template.getByTestId('resource-contents').locator('pre')).toHaveText(
      '{"name":"apricot","detail":"full"}',
    );
    // Nothing typed is lost by reading.
    await expect(template.getByLabel('detail (optional)')).toHaveValue('full');
    expect(errors).toEqual([]);
  });
}

for (const [serving, options] of SERVING) {
  test(`${serving}: a prompt got through its form, with a suggested value, and sent to the Models page`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await connectV2(page, await start(options));
    const prompt = page.getByTestId('connection').getByTestId('prompt').filter({ hasText: 'Greet' });
    const form = prompt.getByRole('form', { name: 'Arguments of greet' });
    // Asked for at once, without the required argument: the field says so, nothing is sent.
    await form.getByRole('button', { name: 'Get prompt' }).click();
    await expect(form.getByText('name: required by the prompt; fill it in.')).toBeVisible();
    await form.getByRole('textbox', { name: 'name', exact: true }).fill('Ada');
    await form.getByRole('textbox', { name: 'style (optional)' }).pressSequentially('fo');
    await form.getByRole('group', { name: 'Suggestions for style' }).getByRole('button', { name: 'formal' }).click();
    await expect(form.getByRole('textbox', { name: 'style (optional)' })).toHaveValue('formal');
    await form.getByRole('button', { name: 'Get prompt' }).click();
    const messages = prompt.getByTestId('prompt-message');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText('user');
    await expect(messages.first().locator('pre')).toHaveText('Greet Ada in a formal way.');
    await expect(form.getByRole('textbox', { name: 'name', exact: true })).toHaveValue('Ada');

    await prompt.getByRole('button', { name: 'Send to a model' }).click();
    await expect(page).toHaveURL(/\/models\/$/);
    await expect(page.getByLabel('User message')).toHaveValue('Greet Ada in a formal way.', { timeout: 30_000 });
    expect(errors).toEqual([]);
  });
}

test('server log messages at the level chosen on the form show in the protocol log with their level', async ({
  page,
}) => {
  await page.goto('./connect/');
  await page.getByLabel('Server URL').fill(await start({}));
  await page.getByLabel('Server log').selectOption('info');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const card = page.getByTestId('connection');
  await expect(card.getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });
  await card.getByTestId('server-tools').getByRole('link', { name: 'log_steps', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'log_steps' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: /^Execute/ }).click();
  await expect(page.getByTestId('mcp-result')).toContainText('logged', { timeout: 30_000 });
  await page.getByRole('link', { name: 'connection, pin and protocol log' }).click();
  await page
    .getByTestId('connection')
    .getByText(/^Protocol log \(/)
    .click();
  const logs = page.getByTestId('connection').getByTestId('server-log');
  await expect(logs).toHaveText([' info step one', ' warning {"step":2,"note":"halfway"}']);
});

const ROOTS_CASES: [string, McpV2ServerOptions, 'auto' | 'legacy'][] = [
  ['modern era', {}, 'auto'],
  ['legacy era', { legacySessions: true }, 'legacy'],
];

for (const [era, options, choice] of ROOTS_CASES) {
  test(`${era}: a server asking for the roots gets those typed on the form; a line that is not a directory is refused naming the field`, async ({
    page,
  }) => {
    const url = await start(options);
    await page.goto('./connect/');
    await page.getByLabel('Server URL').fill(url);
    if (choice !== 'auto') await page.getByLabel('Protocol era').selectOption(choice);
    await page.getByLabel('Roots').fill('ftp://nope');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "Roots: line 1 ('ftp://nope') is not a directory; write a path (/home/me/project) or a file:// URL, one a line.",
    );
    await page.getByLabel('Roots').fill('/home/ada/project\nfile:///srv/data');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const card = page.getByTestId('connection');
    await expect(card.getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });
    await card.getByTestId('server-tools').getByRole('link', { name: 'show_roots', exact: true }).click();
    await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
    await page.getByRole('button', { name: /^Execute/ }).click();
    await expect(page.getByTestId('mcp-result')).toContainText(
      'roots: ["file:///home/ada/project","file:///srv/data"]',
      { timeout: 30_000 },
    );
  });
}

for (const [serving, options] of SERVING) {
  test(`${serving}: a subscribed resource re-reads when the server says it changed`, async ({ page }) => {
    await connectV2(page, await start(options));
    const readme = page.getByTestId('connection').getByTestId('resource').filter({ hasText: 'test://readme' });
    await readme.getByRole('button', { name: 'Subscribe' }).click();
    await expect(readme.getByTestId('resource-subscription')).toHaveText('Subscribed: re-read on each update.');
    server!.resourceUpdated('test://readme');
    await expect(readme.getByTestId('resource-subscription')).toHaveText(
      'Subscribed: re-read on each update (1 so far).',
      { timeout: 20_000 },
    );
    await expect(readme.getByTestId('resource-contents').locator('pre')).toHaveText('Hello from the v2 test server.');
    await readme.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(readme.getByTestId('resource-subscription')).toHaveCount(0);
  });
}

test('titles and icons: a tool, a resource and a prompt show their title with their name and their icon; a script or SVG icon is never drawn', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const violations = await watchPolicy(page);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await connectV2(page, await start({}));
  const card = page.getByTestId('connection');
  const { V2_ICON, V2_ICON_DARK } = await import('./servers/mcp-v2-icons');

  const summarize = card.getByTestId('tool').filter({ hasText: 'summarize' });
  await expect(summarize.getByRole('link', { name: 'Summarize a topic' })).toBeVisible();
  await expect(summarize.locator('code')).toHaveText('summarize');
  await expect(summarize.getByTestId('offer-icon')).toHaveAttribute('src', V2_ICON);
  // A title given only in the annotations is shown too.
  await expect(
    card
      .getByTestId('tool')
      .filter({ hasText: 'sign_in_elsewhere' })
      .getByRole('link', { name: 'Sign in on another page' }),
  ).toBeVisible();

  const readme = card.getByTestId('resource').filter({ hasText: 'test://readme' });
  await expect(readme.getByText('Read me', { exact: true })).toBeVisible();
  await expect(readme.getByTestId('offer-icon')).toHaveAttribute('src', V2_ICON);
  const prompt = card.getByTestId('prompt').filter({ hasText: 'Greet' });
  await expect(prompt.getByTestId('offer-icon')).toHaveAttribute('src', V2_ICON);
  await expect(prompt.locator('code').first()).toHaveText('greet');

  // The resource whose icons are a script address and an SVG with script: no image at all.
  await expect(
    card.getByTestId('resource').filter({ hasText: 'test://logo.png' }).getByTestId('offer-icon'),
  ).toHaveCount(0);
  // Only the drawable icon is in the page, nowhere a hostile one.
  const sources = await card
    .locator('img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src') ?? ''));
  expect(sources.length).toBeGreaterThanOrEqual(3);
  expect(sources.filter((src) => /^javascript:|svg|^https?:/i.test(src))).toEqual([]);
  await expect(summarize.getByTestId('offer-icon')).toHaveAttribute('alt', 'summarize icon');
  await expect(summarize.getByTestId('offer-icon')).toHaveAttribute('referrerpolicy', 'no-referrer');

  // The live tool page shows the title with the name, and the tool's icon before it.
  await summarize.getByRole('link', { name: 'Summarize a topic' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'summarize' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.tool-title-text')).toHaveText('Summarize a topic');
  const icon = page.locator('.tool-header').getByRole('img', { name: 'summarize icon' });
  await expect(icon).toHaveAttribute('src', V2_ICON);
  await expect(icon).toHaveAttribute('referrerpolicy', 'no-referrer');
  // Drawn, at its fixed size: the page's policy lets a data: image through.
  await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
  expect(await icon.evaluate((image) => [image.clientWidth, image.clientHeight])).toEqual([32, 32]);
  // In the dark theme, the icon made for a dark background.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(icon).toHaveAttribute('src', V2_ICON_DARK);
  expect(dialogs).toBe(0);
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('an icon at a remote address is not fetched: a mark of its size holds its place, its title names the host and why', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  const iconFetches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/icon.png') iconFetches.push(request.url());
  });
  await connectV2(page, await start({ remoteIconTool: true }));
  const host = new URL(server!.url).host;
  const tool = page.getByTestId('connection').getByTestId('tool').filter({ hasText: 'remote_icon' });
  await expect(tool.getByRole('link', { name: 'Remote icon' })).toBeVisible();
  const mark = tool.getByTestId('offer-icon-remote');
  await expect(mark).toHaveAttribute(
    'title',
    `remote_icon's icon at ${host} is not loaded: this page draws images from itself and data: URLs only, so no other host learns that you are looking.`,
  );
  await expect(
    tool.getByRole('img', { name: new RegExp(`icon at ${host.replace(/\./g, '\\.')} is not loaded`) }),
  ).toBeVisible();
  expect(
    await mark.evaluate((element) => [(element as HTMLElement).offsetWidth, (element as HTMLElement).offsetHeight]),
  ).toEqual([20, 20]);
  await expect(tool.locator('img')).toHaveCount(0);
  // Nothing asked the icon's host for it: not the page, and not the server that serves it.
  expect(iconFetches).toEqual([]);
  expect(server!.iconRequests()).toBe(0);
  expect(await violations()).toEqual([]);
});

test('a live tool page keeps its editor while it connects: the same element before "Connected" and after', async ({
  page,
}) => {
  const url = await start({});
  // The editor's code and the server's answers are held until the editor's place is tagged: what comes of each must
  // draw into that place, not anew.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/JsonEditor-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await connectV2(page, url);
  await page.route(`${url}**`, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('connection').getByTestId('tool').filter({ hasText: 'add' }).getByRole('link').first().click();
  const editor = page.locator('.json-editor');
  await expect(editor).toHaveAttribute('data-status', 'loading', { timeout: 30_000 });
  await editor.scrollIntoViewIfNeeded();
  await editor.evaluate((element) => {
    (element as unknown as { tagged: boolean }).tagged = true;
  });
  release();
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  await expect(page.locator('.json-editor[data-status="ready"] .monaco-editor')).toBeVisible({ timeout: 30_000 });
  // One element all along: the one tagged before the editor's code came and before the server answered.
  await expect(editor).toHaveCount(1);
  expect(await editor.evaluate((element) => (element as unknown as { tagged?: boolean }).tagged)).toBe(true);
});
