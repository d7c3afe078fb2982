import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openTool, setEditorText, waitForEditor } from './helpers';

/** The `[[headers]]` block for "/*" in netlify.toml, read as name → value (the file is plain key = "value" lines). */
function netlifyConfig() {
  const text = readFileSync(new URL('../netlify.toml', import.meta.url), 'utf8');
  const tables = text.split(/^(?=\[)/m);
  const values = (table: string) =>
    Object.fromEntries(
      [...table.matchAll(/^\s*([A-Za-z][\w-]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*$/gm)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
  const build = values(tables.find((table) => table.startsWith('[build]')) ?? '');
  const redirects = tables
    .filter((table) => table.startsWith('[[redirects]]'))
    .map((table) => ({ ...values(table), status: /status\s*=\s*(\d+)/.exec(table)?.[1] }));
  const headerTables = tables.filter((table) => table.startsWith('[[headers]]')).map(values);
  const siteHeaders = headerTables.find((table) => table.for === '/*') ?? {};
  const { for: _path, ...headers } = siteHeaders;
  const { for: _page, ...pageHeaders } = headerTables.find((table) => table.for === '/') ?? {};
  return { build, redirects, headers, pageHeaders };
}

test('netlify.toml builds with npm, publishes dist, hides no 404 behind a rewrite and sets security headers', () => {
  const { build, redirects, headers, pageHeaders } = netlifyConfig();
  expect(build.command).toBe('npm run build');
  expect(build.publish).toBe('dist');
  expect(redirects).not.toContainEqual(expect.objectContaining({ from: '/*', status: '200' }));
  for (const name of ['X-Content-Type-Options', 'Referrer-Policy']) expect(headers[name]).toBeTruthy();
  // The policy and framing are set page by page, so the embed page and the workers can differ (scripts/static-host.test.ts checks each path).
  expect(pageHeaders['X-Frame-Options']).toBe('SAMEORIGIN');
  expect(pageHeaders['Content-Security-Policy']).toMatch(/default-src 'self'/);
  // Only requests may leave the site (importing definitions by link, WebFetch and ApiCall); no script, style or frame comes from elsewhere.
  const directives = Object.fromEntries(
    pageHeaders['Content-Security-Policy']!.split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives['connect-src']).toContain('https:');
  for (const [name, values] of Object.entries(directives))
    if (name !== 'connect-src') expect(values.join(' ')).not.toMatch(/https?:/);
});

/** Serves every response of the site with the headers netlify.toml sets, as the static host would. */
async function withProductionHeaders(context: BrowserContext, baseURL: string): Promise<void> {
  const { headers: siteHeaders, pageHeaders } = netlifyConfig();
  // The site's pages' headers (the test server sends each path's own as well).
  const headers = { ...siteHeaders, ...pageHeaders };
  await context.route(
    (url) => url.href.startsWith(baseURL),
    async (route) => {
      try {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), ...headers } });
      } catch (error) {
        // A request the page dropped meanwhile (it moved on) has nobody left to answer.
        if (!/disposed|closed|cancel|Target/i.test(String(error))) throw error;
      }
    },
  );
}

/** Collects Content-Security-Policy violations reported to the page. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('under its own Content-Security-Policy the site works: editor, workers, highlighting, validation, execution', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await withProductionHeaders(context, baseURL!);
  const violations = await recordViolations(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  const response = await page.goto('./');
  expect(response?.headers()['content-security-policy']).toBeTruthy();
  await expect(page.locator('.tool-card').first()).toBeVisible();

  await openTool(page, 'read_file');
  await waitForEditor(page);
  // Ajv compiles each schema to a function: the policy must allow it, or every check would fail.
  await setEditorText(page, '{"path": "README.md", "encoding": "utf-32"}');
  await expect(
    page.locator('[data-testid="error-list"] li[data-code="invalid_enum"][data-parameter="encoding"]'),
  ).toBeVisible();
  await setEditorText(page, '{"path": "README.md"}');
  await expect(page.getByTestId('validation-valid')).toBeVisible();
  // shiki (JavaScript regex engine) highlighted the schema.
  await expect(page.locator('#schema .shiki').first()).toBeVisible();
  // The JSON worker answers completion requests.
  await setEditorText(page, '{"path": "README.md", }');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(page.locator('.suggest-widget .monaco-list-row', { hasText: 'start_line' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The runtime worker validates (Ajv again) and runs the tool.
  await setEditorText(page, '{"path": "README.md"}');
  await page.getByRole('button', { name: /Execute/ }).click();
  await expect(page.getByTestId('execution-result').getByTestId('result-status')).toHaveText('✓ Success', {
    timeout: 30_000,
  });

  expect(await violations()).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});

test('the catalog loads no editor code; the tool page loads Monaco and its workers from the site itself', async ({
  page,
  context,
  baseURL,
}) => {
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await page.goto('./');
  await expect(page.locator('.tool-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const catalogRequests = [...requests];
  expect(
    catalogRequests.filter((url) => /monaco|editor\.worker|json\.worker|JsonEditor|ArgumentsForm/i.test(url)),
  ).toEqual([]);
  expect(workers).toEqual([]);

  await page.getByRole('link', { name: 'read_file' }).click();
  await waitForEditor(page);
  await setEditorText(page, '{"path": "README.md", }');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(page.locator('.suggest-widget .monaco-list-row', { hasText: 'start_line' })).toBeVisible();
  expect(requests.some((url) => /loadMonaco-[\w-]+\.js$/.test(url))).toBe(true);
  expect(workers.some((url) => /json\.worker-[\w-]+\.js$/.test(url))).toBe(true);

  // Nothing leaves the site: no CDN for Monaco, its workers, shiki or anything else.
  const foreign = [...requests, ...workers].filter((url) => !url.startsWith(baseURL!) && !/^(blob|data):/.test(url));
  expect(foreign).toEqual([]);
});
