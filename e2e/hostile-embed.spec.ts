/**
 * An embed sent garbage, huge and flooding messages by the page that frames it: garbage is ignored,
 * arguments past their bound are refused with an error event naming it, a flood ends on its last
 * message, and the embed keeps answering and keeps what it held.
 */
import { expect, test, type Page } from '@playwright/test';
import { RECORD_EVENTS, startHostPage } from './embed-host';

type EmbedEvent = { element: string; type: string; detail: Record<string, unknown> };
const events = (page: Page) => page.evaluate(() => (window as unknown as { embedEvents: EmbedEvent[] }).embedEvents);
const lastOf = async (page: Page, type: string) =>
  (await events(page)).filter((event) => event.type === type).at(-1)?.detail;

let host: Awaited<ReturnType<typeof startHostPage>>;
test.beforeAll(async () => {
  host = await startHostPage();
});
test.afterAll(async () => {
  await host.close();
});

/** Posts from the host page straight into the embed's frame, as a hostile host could. */
const postIntoFrame = (page: Page, script: string) =>
  page.locator('#target iframe').evaluate((frame: HTMLIFrameElement, body) => {
    const target = frame.contentWindow!;
    new Function('target', body)(target);
  }, script);

test('garbage, huge and flooding messages are ignored or refused, and the embed keeps answering', async ({
  page,
  baseURL,
}) => {
  host.setBody(
    `<script type="module" src="${baseURL}embed.js"></script><tool-playground id="target" tool="read_file" view="form" arguments='{"path": "kept.txt"}'></tool-playground>${RECORD_EVENTS}`,
  );
  await page.goto(host.url);
  const frame = page.frameLocator('#target iframe');
  await expect(frame.getByTestId('validation-valid')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => lastOf(page, 'change')).toMatchObject({ arguments: { path: 'kept.txt' } });

  // Garbage: not JSON, wrong shapes, a 50 MB string. Ignored: nothing changes and no error is raised.
  await postIntoFrame(
    page,
    `for (const message of ['{not json', 42, null, [1, 2], { source: 'tool-playground' },
       { source: 'tool-playground', type: 'set-arguments', arguments: 'x' },
       { source: 'tool-playground', type: 'set-theme', theme: '<img src=x onerror=alert(1)>' },
       { source: 'tool-playground', type: 'unknown' }, 'x'.repeat(50 * 1024 * 1024)])
       target.postMessage(message, '*');`,
  );
  // A huge message in the documented shape: refused with an error event naming the bound.
  await postIntoFrame(
    page,
    `target.postMessage({ source: 'tool-playground', type: 'set-arguments', arguments: { path: 'big.txt', content: 'x'.repeat(50 * 1024 * 1024) } }, '*');`,
  );
  await expect
    .poll(() => lastOf(page, 'error'), { timeout: 30_000 })
    .toMatchObject({ message: 'set-arguments: the arguments are larger than 4 MB; they were not loaded' });
  expect((await events(page)).filter((event) => event.type === 'error')).toHaveLength(1);
  await expect(frame.getByTestId('validation-valid')).toBeVisible();
  expect(await lastOf(page, 'change')).toMatchObject({ arguments: { path: 'kept.txt' } });

  // A flood of 10,000 messages: the last one wins, and the embed answers the next message.
  await postIntoFrame(
    page,
    `for (let index = 0; index < 10000; index++)
       target.postMessage({ source: 'tool-playground', type: 'set-arguments', arguments: { path: 'flood-' + index + '.txt' } }, '*');`,
  );
  await expect
    .poll(() => lastOf(page, 'change'), { timeout: 30_000 })
    .toMatchObject({ arguments: { path: 'flood-9999.txt' } });
  await postIntoFrame(
    page,
    `target.postMessage({ source: 'tool-playground', type: 'set-arguments', arguments: { path: 'after.txt', start_line: 0 } }, '*');`,
  );
  await expect
    .poll(() => lastOf(page, 'change'), { timeout: 30_000 })
    .toMatchObject({ arguments: { path: 'after.txt', start_line: 0 }, validation: { valid: false } });
  await expect(frame.locator('[data-testid="error-list"] li[data-parameter="start_line"]')).toBeVisible();
  // Far fewer changes than messages: the flood was applied in batches, not one render per message.
  const changes = (await events(page)).filter((event) => event.type === 'change').length;
  expect(changes).toBeLessThan(1_000);
});
