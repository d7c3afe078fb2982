/** Connect's OAuth sign-in asked for before the app has taken the page over: the held submission starts it once. */
import { expect, test } from '@playwright/test';
import { startMcpTestServer } from './servers/mcp-test-server';
import { holdScripts } from './helpers';

test('OAuth sign-in clicked before the takeover starts the sign-in, returns and connects', async ({ page }) => {
  const guarded = await startMcpTestServer({ oauth: true, name: 'guarded-server' });
  try {
    const origin = new URL(guarded.url).origin;
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(origin))
        requests.push(`${request.method()} ${request.url().replace(/[?#].*$/, '')}`);
    });
    const releaseScripts = await holdScripts(page);
    await page.goto('./connect/', { waitUntil: 'commit' });
    await page.getByLabel('Server URL').fill(guarded.url);
    await page.getByLabel('Authentication').selectOption('oauth');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    expect(requests).toEqual([]);
    releaseScripts();
    const card = page.getByTestId('connection');
    await expect(card.getByRole('status').first()).toHaveText('Connected', { timeout: 45_000 });
    await expect(card).toContainText('OAuth, in memory only');
    expect(guarded.oauth!.tokens.size).toBe(1);
  } finally {
    await guarded.close();
  }
});
