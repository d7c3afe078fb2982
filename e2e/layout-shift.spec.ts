// Nothing on a phone's page moves from its first paint until the app has taken it over and its late parts are drawn:
// the prerendered page keeps the room of what the browser draws later (the Execute panel, the Evals page's runs
// from the Models page). Every layout shift the browser reports counts, the site header's included, none is waited out.
import { expect, test, type Page } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

interface Shift {
  value: number;
  sources: string[];
}

/** Starts recording the page's layout shifts before its first paint. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page): Promise<Shift[]> =>
  page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);

test("execute_command's page on a phone: nothing moves until the runtime has described the call", async ({ page }) => {
  await recordShifts(page);
  await page.goto('./tools/execute_command/');
  // The runtime's own summary of the call: the runtime has started and answered, after the page was taken over.
  await expect(page.getByTestId('execution-summary')).toHaveText(/^Run `/, { timeout: 30_000 });
  await expect(page.getByTestId('execution-panel').getByText('needs approval')).toBeVisible();
  await expect(page.getByTestId('execution-panel').getByRole('button', { name: 'Workspace files' })).toBeVisible();
  expect(await shiftsOf(page)).toEqual([]);
});

test('the Evals page on a phone: nothing moves until the runs from the Models page are read', async ({ page }) => {
  await recordShifts(page);
  await page.goto('./evals/');
  const recent = page.getByTestId('recent-runs');
  await expect(recent.getByText('No run with tool calls in this browser’s history yet')).toBeAttached();
  await expect(recent.getByRole('status')).toHaveCount(0);
  expect(await shiftsOf(page)).toEqual([]);
});

test('the Check calls page on a phone: nothing moves, the header included, while the page is parsed and taken over', async ({
  page,
}) => {
  await recordShifts(page);
  await page.goto('./check/');
  // Its scripts fetched and run: the page is taken over by then.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Check pasted text' })).toBeVisible();
  expect(await shiftsOf(page)).toEqual([]);
});
