/**
 * Typing through the takeover, as an impatient person does: the Models page is on screen before its scripts run, the
 * person starts typing at once and goes on, key by key, while the app loads, takes the page over and recalls the
 * settings of an earlier visit. Every key lands where it was typed, and the caret stays after the last one.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageErrors, holdScripts } from './helpers';

const RECALLED = {
  provider: 'openai-chat',
  baseUrl: 'https://recalled.example/v1',
  model: 'recalled-model',
  system: 'Recalled system prompt.',
  userMessage: 'Recalled user message.',
};

/** Keys typed one at a time, long enough to span the whole takeover. */
const KEYS =
  'the quick brown fox jumps over the lazy dog, and then it does so once more for good measure, ' +
  'while the page is loading its code and taking over everything that was drawn before it came; ';

const released = (page: Page) =>
  page.evaluate(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);

/**
 * Types into `field` from the moment the page shows it: a few keys before the scripts are let through, then key after
 * key while they load and the app takes the page over, until `tookOver` holds and a few keys more. Returns what was typed.
 */
async function typeThroughTakeover(
  page: Page,
  field: Locator,
  tookOver: () => Promise<boolean>,
  releaseScripts: () => void,
): Promise<string> {
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  let typed = '';
  let after = -1;
  const deadline = Date.now() + 45_000;
  for (let index = 0; after !== 0 && Date.now() < deadline; index += 1) {
    const key = KEYS[index % KEYS.length]!;
    await page.keyboard.type(key);
    typed += key;
    if (index === 5) releaseScripts();
    if (after > 0) after -= 1;
    else if (after < 0 && index > 5 && index % 4 === 0 && (await released(page)) && (await tookOver())) after = 12;
  }
  expect(after, 'the app took the page over while the keys were typed').toBe(0);
  return typed;
}

/** The field's text, and its caret when nothing is selected. */
const textAndCaret = (field: Locator) =>
  field.evaluate((element: HTMLInputElement | HTMLTextAreaElement) => ({
    text: element.value,
    caret: element.selectionStart === element.selectionEnd ? element.selectionStart : null,
  }));

// The text area, whose text React's hydration writes back, and the one-line fields.
const FIELDS = [
  { label: 'System prompt', other: 'Model', recalledOther: RECALLED.model },
  { label: 'Model', other: 'System prompt', recalledOther: RECALLED.system },
  { label: 'Base URL', other: 'Model', recalledOther: RECALLED.model },
] as const;

test.describe('the Models page, with settings kept from an earlier visit', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((saved) => {
      if (!localStorage.getItem('tsp:model-settings')) localStorage.setItem('tsp:model-settings', saved);
    }, JSON.stringify(RECALLED));
  });

  for (const { label, other, recalledOther } of FIELDS) {
    test(`${label}: keys typed before, during and after the takeover land in order, the caret after the last`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      const releaseScripts = await holdScripts(page);
      await page.goto('./models/', { waitUntil: 'commit' });
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toBeVisible();
      const otherField = page.getByLabel(other, { exact: true });
      // Taken over: the settings of the earlier visit are in the fields nobody typed in.
      const tookOver = async () => (await otherField.inputValue()) === recalledOther;
      const typed = await typeThroughTakeover(page, field, tookOver, releaseScripts);

      expect(await textAndCaret(field)).toEqual({ text: typed, caret: typed.length });
      await expect(field).toBeFocused();
      // What was typed is what the page keeps.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('tsp:model-settings')))
        .toContain(JSON.stringify(typed).slice(1, -1));
      expect(errors).toEqual([]);
    });
  }
});
