import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { RECORD_EVENTS, startHostPage } from './embed-host';
import { collection, setEditorText, waitForEditor } from './helpers';
import { startMcpTestServer } from './servers/mcp-test-server';

/**
 * The built site under exactly netlify.toml's headers (the test server is scripts/static-host.ts): the pages'
 * policy has no 'unsafe-eval', and nothing the site does may be refused by it.
 */

/** Every Content-Security-Policy violation in any frame of the context, and every refusal Chromium logs. */
async function recordViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__reportViolation', ({ frame }, text: string) =>
    violations.push(`${frame.url()}: ${text}`),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/EvalError|Content Security Policy/i.test(error.message)) violations.push(`pageerror: ${error.message}`);
  });
  return violations;
}

test('the pages are served with a policy that forbids eval, and framing everywhere but the embed page', async ({
  page,
}) => {
  for (const [path, frameAncestors] of [
    ['./', true],
    ['./index.html', true],
    ['./embed.html?tool=read_file', false],
  ] as const) {
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy, path).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(policy, path).not.toContain("'unsafe-eval'");
    expect(policy.includes("frame-ancestors 'self'"), path).toBe(frameAncestors);
    expect(response?.headers()['x-frame-options'], path).toBe(frameAncestors ? 'SAMEORIGIN' : undefined);
  }
});

test('no policy violation on any route while using the editor, form, validation, highlighting and execution', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const violations = await recordViolations(context, page);

  // Every catalog.
  for (const toolset of collection.toolsets) {
    await page.goto(toolset.manifest.id === 'acode-core' ? './' : `./toolsets/${toolset.manifest.id}/`);
    await expect(page.locator('.tool-card').first()).toBeVisible();
  }
  // Every tool page renders its docs, form and validation (and its audit, which validates its examples).
  for (const toolset of collection.toolsets) {
    for (const tool of toolset.tools) {
      await page.goto(`./toolsets/${toolset.manifest.id}/tools/${tool.name}/`);
      await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
      await expect(page.getByTestId('validation-panel')).not.toBeEmpty();
      // The audit is taken over (and run, for a tool the build could not audit) as it comes near the screen.
      await page.locator('#audit').scrollIntoViewIfNeeded();
      await expect(
        page
          .locator('#audit')
          .getByText(/No findings|Severity/)
          .first(),
      ).toBeVisible();
    }
  }
  expect(violations).toEqual([]);

  // The editor (and its JSON worker), the form, validation, highlighting and execution on one tool.
  await page.goto('./tools/read_file/');
  await waitForEditor(page);
  await setEditorText(page, '{"path": "README.md", "encoding": "utf-32"}');
  await expect(
    page.locator('[data-testid="error-list"] li[data-code="invalid_enum"][data-parameter="encoding"]'),
  ).toBeVisible();
  await page
    .getByTestId('arguments-form')
    .getByLabel(/encoding/)
    .selectOption('utf-8');
  await expect(page.getByTestId('validation-valid')).toBeVisible();
  await setEditorText(page, '{"path": "README.md", }');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(page.locator('.suggest-widget .monaco-list-row', { hasText: 'start_line' })).toBeVisible();
  await page.keyboard.press('Escape');
  await setEditorText(page, '{"path": "README.md"}');
  await page.locator('#schema').scrollIntoViewIfNeeded();
  await expect(page.locator('#schema .shiki').first()).toBeVisible();
  await page.getByRole('button', { name: /Execute/ }).click();
  await expect(page.getByTestId('execution-result').getByTestId('result-status')).toHaveText('✓ Success', {
    timeout: 30_000,
  });
  // A shell command: just-bash and QuickJS (WebAssembly) in the runtime worker.
  await page.goto('./tools/execute_command/');
  await setEditorText(page, '{"command": "node -e \\"console.log(6*7)\\""}');
  await page.getByRole('button', { name: /Execute/ }).click();
  // A high-risk call always asks first; the dialog can take a while when the worker is still loading the workspace.
  const approve = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(approve).toBeVisible({ timeout: 30_000 });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('execution-result').getByTestId('stdout')).toContainText('42', { timeout: 30_000 });

  // The import page, and an imported tool: its schema has no validator built in, so it is compiled off the page.
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(
    JSON.stringify([
      {
        name: 'lookup_order',
        description: 'Looks up an order by its id.',
        inputSchema: {
          type: 'object',
          properties: {
            order_id: { type: 'string', pattern: '^ORD-[0-9]{4}$' },
            kind: { enum: ['retail', 'trade'] },
            vat: { type: 'string' },
          },
          required: ['order_id'],
          if: { properties: { kind: { const: 'trade' } }, required: ['kind'] },
          then: { required: ['vat'] },
        },
      },
    ]),
  );
  await page.getByLabel('Toolset name').fill('Orders');
  await page.getByRole('button', { name: /^Import 1 tool/ }).click();
  await page.locator('.tool-card', { hasText: 'lookup_order' }).getByRole('link').click();
  await setEditorText(page, '{"order_id": "ORD-12"}');
  await expect(
    page.locator('[data-testid="error-list"] li[data-code="pattern_mismatch"][data-parameter="order_id"]'),
  ).toBeVisible();
  await setEditorText(page, '{"order_id": "ORD-1234", "kind": "trade"}');
  await expect(page.locator('[data-testid="error-list"] li[data-code="required"][data-parameter="vat"]')).toBeVisible();
  await page.getByTestId('arguments-form').getByLabel(/^vat/).fill('NO123');
  await expect(page.getByTestId('validation-valid')).toBeVisible();
  await page.locator('#audit').scrollIntoViewIfNeeded();
  await expect(
    page
      .locator('#audit')
      .getByText(/No findings|Severity/)
      .first(),
  ).toBeVisible();

  // A pasted OpenAI tool compared with a bundled version: reading it checks that its schema compiles, off the page.
  await page.goto('./tools/git_log/');
  await page.getByTestId('versions').scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: 'Newer definition' }).selectOption('pasted');
  await page.getByRole('textbox', { name: 'Newer definition: pasted definition' }).fill(
    JSON.stringify([
      {
        type: 'function',
        function: {
          name: 'git_log',
          description: 'Show commit history.',
          parameters: { type: 'object', properties: { count: { type: 'integer', maximum: 5 } } },
        },
      },
    ]),
  );
  await expect(page.getByTestId('compare-result')).toBeVisible();

  // Checking a transcript of calls (in its worker) against the bundled validators.
  await page.goto('./check/');
  await page
    .getByLabel('Paste a transcript, or drop a file here (up to 100 MB)')
    .fill('{"tool": "read_file", "arguments": {"file": "a"}}\n{"tool": "read_file", "arguments": {"path": "a"}}');
  await page.getByRole('button', { name: 'Check pasted text' }).click();
  await expect(page.getByRole('table', { name: 'Checked calls' })).toBeVisible();

  // A static docs page.
  await page.goto('./tools/read_file/');
  await expect(page.getByTestId('parameter-table')).toBeVisible();

  // The embed page alone, in every view.
  for (const view of ['docs', 'form', 'editor', 'playground', 'execute']) {
    await page.goto(`./embed.html?tool=read_file&view=${view}`);
    await expect(page.getByRole('link', { name: /Open in the playground/ })).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('another origin frames two embeds through one script tag with no violation, and is refused the site itself', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const host = await startHostPage();
  try {
    const violations = await recordViolations(context, page);
    host.setBody(`<script type="module" src="${baseURL}embed.js"></script>
      <tool-playground id="a" tool="read_file" view="execute"></tool-playground>
      <tool-playground id="b" toolset="prfactory-agent-tools" tool="ReadFile" view="form"></tool-playground>
      <iframe id="site" src="${baseURL}" style="width:600px;height:300px"></iframe>
      ${RECORD_EVENTS}`);
    await page.goto(host.url);
    await expect(page.frameLocator('#a iframe').getByTestId('validation-valid')).toBeVisible({ timeout: 20_000 });
    await expect(page.frameLocator('#b iframe').getByTestId('arguments-form')).toBeVisible({ timeout: 20_000 });
    await page
      .frameLocator('#a iframe')
      .getByRole('button', { name: /Execute/ })
      .click();
    await expect(page.frameLocator('#a iframe').getByTestId('result-status')).toHaveText('✓ Success', {
      timeout: 30_000,
    });
    const events = await page.evaluate(() =>
      (window as unknown as { embedEvents: { element: string; type: string }[] }).embedEvents.map(
        (event) => `${event.element}:${event.type}`,
      ),
    );
    expect(events).toEqual(expect.arrayContaining(['a:ready', 'b:ready', 'a:change', 'b:change', 'a:executed']));

    // The site's own pages refuse to be framed by another origin: the frame stays empty.
    await expect
      .poll(() => violations.some((text) => /frame-ancestors 'self'/.test(text) && text.includes(baseURL!)))
      .toBe(true);
    const siteFrame = await page.locator('#site').contentFrame();
    expect(await siteFrame.locator('.site-header, .tool-card').count()).toBe(0);
    // That refusal is the only one.
    expect(violations.filter((text) => !/frame-ancestors 'self'/.test(text))).toEqual([]);
  } finally {
    await host.close();
  }
});

test('an unknown address is answered with the pages’ policy and framing headers, and another origin cannot frame it', async ({
  page,
  context,
  baseURL,
}) => {
  for (const [path, landsOn] of [
    ['./nowhere/at/all', /\/not-found\/nowhere\/at\/all$/],
    ['./toolsets/mine/tools/x/', /\/toolsets\/mine\/tools\/x\/$/],
    ['./tools/no_such_tool/', /\/tools\/no_such_tool\/$/],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(page.url(), path).toMatch(landsOn);
    expect(response?.headers()['content-security-policy'] ?? '', path).toContain("frame-ancestors 'self'");
    expect(response?.headers()['x-frame-options'], path).toBe('SAMEORIGIN');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  }

  const host = await startHostPage();
  try {
    const violations = await recordViolations(context, page);
    host.setBody(`<iframe id="unknown" src="${baseURL}nowhere/at/all" style="width:600px;height:300px"></iframe>`);
    await page.goto(host.url);
    // The browser names the site's origin only (a report never reveals where a redirect led).
    await expect
      .poll(() => violations.some((text) => /frame-ancestors 'self'/.test(text) && text.includes(baseURL!)))
      .toBe(true);
    const frame = await page.locator('#unknown').contentFrame();
    expect(await frame.locator('.site-header, .empty-state').count()).toBe(0);
  } finally {
    await host.close();
  }
});

test('no policy violation on the 404 page, Connect with a server connected, and every other page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(context, page);
  const server = await startMcpTestServer();
  try {
    for (const path of ['./nowhere/', './toolsets/mine/', './import/', './check/', './models/', './evals/']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    await page.goto('./connect/');
    await page.getByLabel('Server URL').fill(server.url);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByTestId('connection').getByRole('status').first()).toHaveText('Connected', {
      timeout: 30_000,
    });
    await page.getByRole('link', { name: /Open the live toolset/ }).click();
    await expect(page.locator('.tool-card').first()).toBeVisible();
  } finally {
    await server.close();
  }
  expect(violations).toEqual([]);
});

test('the guide renders as pages of the site with no policy violation: its topics, its text, its images, followed by a click', async ({
  page,
  context,
}) => {
  const violations = await recordViolations(context, page);
  await page.goto('./guide/');
  await expect(
    page.getByRole('navigation', { name: 'Guide topics' }).getByRole('link', { name: 'Overview' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.guide-text h1')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Guide topics' })
    .getByRole('link', { name: 'Put a model in the loop' })
    .click();
  await expect(page).toHaveURL(/\/guide\/models\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Put a model in the loop' })).toBeVisible();
  await expect(page).toHaveTitle(/^Put a model in the loop · /);
  // Its screenshot is served with the site and drawn.
  const image = page.locator('.guide-text img').first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  // A heading's anchor, and the Markdown beside the page for agents.
  await expect(page.locator('#try-it-with-the-emulator .guide-anchor')).toHaveAttribute(
    'href',
    '#try-it-with-the-emulator',
  );
  const markdown = await page.request.get(
    (await page.getByRole('link', { name: 'models.md' }).getAttribute('href')) ?? '',
  );
  expect(await markdown.text()).toMatch(/^# Put a model in the loop/);
  // Prerendered: the text is in the page before any script runs.
  const html = await (await page.request.get('./guide/cli/')).text();
  expect(html).toContain('class="guide-text"');
  expect(violations).toEqual([]);
});
