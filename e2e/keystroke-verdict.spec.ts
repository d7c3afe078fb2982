import { expect, test } from '@playwright/test';

// Keystroke to verdict: a character typed in the editor changes the verdict in the task that handled the
// key, as a Backspace does. A render React schedules instead (a character arrives through the EditContext, an event
// React does not know) runs in a later task, after Monaco's frame. The probe: a message posted as the character
// arrives (its beforeinput, which comes just before the editor takes it) is handled before any task queued after it,
// so it finds the verdict already changed only if the render was not left for later. Each key comes a frame after the
// last verdict, as a person's keys do: with both cores saturated, a key pressed before the editor had drawn the frame
// after the last edit was now and then taken a task later (about once in ten runs, before this round's changes too).
test('a character typed in the editor changes the verdict before any later task runs', async ({ page }) => {
  await page.goto('tools/read_file/');
  await page.locator('.json-editor').first().scrollIntoViewIfNeeded();
  const lines = page.locator('.json-editor[data-status="ready"] .monaco-editor .view-lines');
  await lines.waitFor({ state: 'visible', timeout: 30_000 });
  await lines.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('{"path": "a.txt", "start_line": 1}');
  await expect(page.getByTestId('validation-valid')).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  const nextFrames = () =>
    page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

  await page.evaluate(() => {
    const state = window as unknown as { __verdictInSameTask: boolean[] };
    state.__verdictInSameTask = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () =>
      state.__verdictInSameTask.push(document.querySelector('[data-testid="parse-error"]') !== null);
    document.addEventListener(
      'beforeinput',
      (event) => {
        if (event.data === 'x') channel.port2.postMessage(null);
      },
      true,
    );
  });
  for (let index = 0; index < 3; index += 1) {
    await nextFrames();
    await page.keyboard.type('x');
    await expect(page.getByTestId('parse-error')).toBeVisible();
    await nextFrames();
    await page.keyboard.press('Backspace');
    await expect(page.getByTestId('validation-valid')).toBeVisible();
  }
  expect(
    await page.evaluate(() => (window as unknown as { __verdictInSameTask: boolean[] }).__verdictInSameTask),
  ).toEqual([true, true, true]);
});
