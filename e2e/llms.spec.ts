import { expect, test, type Page } from '@playwright/test';
import { collection } from './helpers';

const toolPath = (toolset: string, name: string) =>
  toolset === 'acode-core' ? `tools/${name}/` : `toolsets/${toolset}/tools/${name}/`;

/** The rows of the first table after a heading of the twin: its cells, code marks taken off. */
function twinTable(markdown: string, heading: string): string[][] {
  const section = markdown.split(`\n${heading}\n`)[1]?.split(/\n#{1,6} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2)
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((cell) => cell.replace(/^`+ ?| ?`+$/g, '').replace(/\\\|/g, '|')),
    );
}

/** The page's parameter table as the same cells: name, type, required, default. */
async function pageTable(page: Page): Promise<string[][]> {
  const rows = page.getByTestId('parameter-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((elements) =>
    elements.map((row) => {
      const cells = [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim());
      const required = cells[2] === 'required' || cells[2] === 'optional' ? cells[2] : '—';
      return [cells[0]!, cells[1]!, required, cells[3]!];
    }),
  );
}

test('llms.txt lists every bundled toolset and tool, each linking a Markdown twin that is served', async ({ page }) => {
  const llms = await page.request.get('./llms.txt');
  expect(llms.status()).toBe(200);
  const text = await llms.text();
  expect(text).toMatch(/^# Tool Schema Playground\n/);
  const full = await (await page.request.get('./llms-full.txt')).text();
  for (const toolset of collection.toolsets) {
    expect(text).toContain(`## ${toolset.manifest.name}\n`);
    for (const tool of toolset.tools) {
      const line = text.split('\n').find((entry) => entry.startsWith(`- [${tool.name}](`));
      expect(line, `${toolset.manifest.id}/${tool.name} in llms.txt`).toBeDefined();
      const link = /\]\(([^)]+)\)/.exec(line!)![1]!;
      expect(link).toBe(`/${toolPath(toolset.manifest.id, tool.name)}index.md`);
      const twin = await page.request.get(`.${link}`);
      expect(twin.status(), link).toBe(200);
      expect(twin.headers()['content-type']).toContain('text/markdown');
      expect((await twin.text()).startsWith(`# \`${tool.name}\`\n`)).toBe(true);
      expect(full).toContain(`### \`${tool.name}\`\n`);
    }
  }
});

test("a Markdown twin's parameter list matches its page, row for row", async ({ page }) => {
  const cases = [
    { toolset: 'acode-core', name: 'ask_user' },
    { toolset: 'acode-core', name: 'execute_command' },
    { toolset: 'prfactory-agent-tools', name: 'ApiCall' },
  ];
  for (const { toolset, name } of cases) {
    const markdown = await (await page.request.get(`./${toolPath(toolset, name)}index.md`)).text();
    const twinRows = twinTable(markdown, '## Parameters').map((cells) => cells.slice(0, 4));
    await page.goto(`./${toolPath(toolset, name)}`);
    const pageRows = await pageTable(page);
    expect(twinRows.length, `${name} has parameters`).toBeGreaterThan(0);
    expect(twinRows, name).toEqual(pageRows);
  }
});

test('Copy as Markdown copies the text of the Markdown twin', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const { toolset, name } of [
    { toolset: 'acode-core', name: 'read_file' },
    { toolset: 'prfactory-agent-tools', name: 'ReadFile' },
  ]) {
    await page.goto(`./${toolPath(toolset, name)}`);
    const button = page.getByRole('button', { name: `Copy as Markdown: the ${name} page` });
    await button.click();
    await expect(button).toContainText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const twin = await (await page.request.get(`./${toolPath(toolset, name)}index.md`)).text();
    expect(copied).toBe(twin);
  }
});
