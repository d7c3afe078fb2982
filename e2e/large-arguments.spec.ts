import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openTool, screenshotPath } from './helpers';

/** Arguments too large or too deep for the code editor: shown plain and read-only, edited one parameter at a time. */
async function saveArguments(page: Page, tool: string, text: string): Promise<void> {
  await page.goto('./');
  await page.evaluate(
    ([key, value]) => {
      localStorage.clear();
      localStorage.setItem(key!, value!);
    },
    [`tsp:arguments:${tool}`, text],
  );
}

async function expectPageAnswers(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search tools' }).click();
  await page.getByRole('combobox', { name: 'Search tools' }).fill('git_log');
  await expect(page.getByRole('listbox', { name: 'Matching tools' })).toContainText('git_log');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

test.describe('arguments past what the editor takes', () => {
  test('2 MB of arguments: plain and read-only with the verdict, a download, and one parameter edited on its own', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const content = 'x'.repeat(2_000_000);
    const text = JSON.stringify({ path: 'big.txt', content });
    await saveArguments(page, 'write_file', text);
    await openTool(page, 'write_file');

    const plain = page.getByTestId('plain-arguments');
    await expect(plain).toBeVisible({ timeout: 30_000 });
    await expect(plain.getByRole('note')).toContainText('These arguments are 2.0 million characters long');
    await expect(page.locator('.monaco-editor')).toHaveCount(0);
    // The form shows the large value's size, not the value.
    await expect(page.getByTestId('form-large-value')).toContainText('2,000,000 characters', { timeout: 30_000 });
    // The verdict is of the whole text, once worked out.
    await expect(page.getByTestId('validation-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('validation-panel')).toContainText(/Valid|error/);
    await expect(plain.getByTestId('hidden-lines')).toContainText('characters not shown');
    await plain.screenshot({ path: screenshotPath('large-arguments-plain') });

    const download = page.waitForEvent('download');
    await plain.getByRole('button', { name: /Download the arguments/ }).click();
    expect(await readFile(await (await download).path(), 'utf8')).toBe(text);

    // The large parameter is offered as a download; the small one is edited on its own.
    await expect(plain.getByRole('button', { name: 'Download content' })).toBeVisible();
    await plain.getByRole('button', { name: 'Edit path' }).click();
    const part = plain.getByLabel('Value of path (JSON)');
    await part.fill('"renamed.txt');
    await plain.getByRole('button', { name: 'Apply to the arguments' }).click();
    await expect(plain.getByRole('alert')).toContainText('path: not valid JSON');
    await expect(part).toHaveValue('"renamed.txt');
    await part.fill('"renamed.txt"');
    await plain.getByRole('button', { name: 'Apply to the arguments' }).click();
    await expect(plain.getByLabel('Arguments (read-only): first lines')).toContainText('"path": "renamed.txt"');
    await expectPageAnswers(page);
  });

  test('arguments nested 100,000 deep: plain, refused by depth, the form paused and the page answering', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await saveArguments(page, 'read_file', `{"path": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    await openTool(page, 'read_file');
    const plain = page.getByTestId('plain-arguments');
    await expect(plain).toBeVisible({ timeout: 30_000 });
    await expect(plain.getByRole('note')).toContainText('These arguments nest more than 1,000 levels deep');
    await expect(page.locator('.monaco-editor')).toHaveCount(0);
    await expect(page.getByTestId('validation-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('validation-panel')).toContainText(/nest|deep/i);
    await expect(page.getByTestId('form-paused')).toBeVisible();
    await expectPageAnswers(page);
  });
});
