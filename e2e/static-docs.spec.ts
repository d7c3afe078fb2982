import { expect, test } from '@playwright/test';
import { collection, screenshotPath } from './helpers';

const pathOf = (toolsetId: string, toolName: string) => (toolsetId === 'acode-core' ? `tools/${toolName}/` : `toolsets/${toolsetId}/tools/${toolName}/`);

test('with JavaScript disabled, every tool has a static docs page with its parameters, examples and schema', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const toolset of collection.toolsets) {
    for (const tool of toolset.tools) {
      const response = await page.goto(`./${pathOf(toolset.manifest.id, tool.name)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
      await expect(page).toHaveTitle(`${tool.name} · ${toolset.manifest.name} · Tool Schema Playground`);
      const parameters = Object.keys((tool.inputSchema.properties ?? {}) as object);
      if (parameters.length > 0) {
        for (const name of parameters) await expect(page.getByTestId('parameter-table').getByText(name, { exact: true }).first()).toBeVisible();
      } else await expect(page.getByText('This tool takes no parameters.')).toBeVisible();
      await expect(page.getByTestId('static-example')).toHaveCount(tool.examples.length);
      await expect(page.locator('#schema code')).toContainText(String(tool.inputSchema.$id));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `/${pathOf(toolset.manifest.id, tool.name)}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${tool.name}: ${tool.title}`);
    }
  }
  await page.goto('./tools/read_file/');
  await page.screenshot({ path: screenshotPath('static-docs-read_file'), fullPage: false });
  await context.close();

  // The sitemap lists the catalog and every static page; a wrong path is a real 404.
  const sitemap = await (await request.get(`${baseURL}sitemap.xml`)).text();
  const count = collection.toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0);
  expect(sitemap.match(/<loc>/g)).toHaveLength(count + 1);
  const missing = await request.get(`${baseURL}tools/no_such_tool/`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Page not found');
});

test('a static docs page leads into the interactive playground of its tool', async ({ page }) => {
  await page.goto('./toolsets/prfactory-agent-tools/tools/ReadFile/');
  await page.getByRole('link', { name: 'Open in the playground' }).click();
  await expect(page).toHaveURL(/#\/toolsets\/prfactory-agent-tools\/tools\/ReadFile$/);
  await expect(page.getByTestId('validation-panel')).toBeVisible();
});
