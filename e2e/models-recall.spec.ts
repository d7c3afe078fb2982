/**
 * The Models page with settings kept from an earlier visit: they are in the fields from the first frame the page is
 * the app's (its held events released), and the page asks for them once.
 */
import { expect, test } from '@playwright/test';
import { collectPageErrors } from './helpers';

const SAVED = {
  provider: 'openai-chat',
  baseUrl: 'https://saved.example/v1',
  model: 'saved-model',
  system: 'Saved system prompt.',
  userMessage: 'Saved user message.',
};

interface Watch {
  /** Reads of the kept settings. */
  reads: number;
  /** Frames drawn since the page was taken over, and those of them whose Model field did not hold the kept model. */
  frames: number;
  framesWithout: number;
}

test('settings kept from an earlier visit show in the first frame after the takeover, asked for once', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.addInitScript((saved) => {
    localStorage.setItem('tsp:model-settings', saved);
    const watch: Watch = { reads: 0, frames: 0, framesWithout: 0 };
    (window as unknown as { __watch: Watch }).__watch = watch;
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      if (key === 'tsp:model-settings') watch.reads += 1;
      return getItem.call(this, key);
    };
    const model = (): HTMLInputElement | null => {
      const label = [...document.querySelectorAll('label')].find((element) => element.textContent === 'Model');
      return label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
    };
    const expected = (JSON.parse(saved) as { model: string }).model;
    const frame = () => {
      const tookOver = (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null;
      if (tookOver) {
        watch.frames += 1;
        if (model()?.value !== expected) watch.framesWithout += 1;
      }
      if (watch.frames < 20) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, JSON.stringify(SAVED));

  await page.goto('./models/');
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue(SAVED.model);
  await expect(page.getByLabel(/^Base URL/)).toHaveValue(SAVED.baseUrl);
  await expect(page.getByLabel('System prompt', { exact: true })).toHaveValue(SAVED.system);
  await expect(page.getByLabel('User message', { exact: true })).toHaveValue(SAVED.userMessage);
  const watch = () => page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
  await expect.poll(async () => (await watch()).frames).toBeGreaterThanOrEqual(20);
  const seen = await watch();
  expect(seen.framesWithout, 'frames drawn after the takeover without the kept model').toBe(0);
  expect(seen.reads, 'reads of the kept settings').toBe(1);
  expect(errors).toEqual([]);
});
