import { expect, test } from '@playwright/test';

test('Use this tool shows the snippets of the tool, one tab each, with the definition in them', async ({ page }) => {
  await page.goto('./tools/ask_user/');
  const section = page.locator('#use');
  await section.scrollIntoViewIfNeeded();
  const tabs = section.getByRole('tab');
  await expect(tabs).toHaveCount(12);
  await expect(section.getByRole('tabpanel')).toContainText("import OpenAI from 'openai';");
  await expect(section.getByRole('tabpanel')).toContainText('"name": "ask_user"');
  await section.getByRole('tab', { name: 'Arguments as a Zod schema' }).click();
  await expect(section.getByRole('tabpanel')).toContainText('export const askUserArguments = z.strictObject({');
  await section.getByRole('tab', { name: 'MCP server (Python SDK)' }).click();
  await expect(section.getByRole('tabpanel')).toContainText(
    'question: Annotated[str, Field(min_length=1, max_length=500',
  );
});
