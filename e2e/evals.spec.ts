/** The Evals page in Chromium against the provider emulator on loopback, reached through the base-URL setting. */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bundle, screenshotPath } from './helpers';
import { EDITED_DESCRIPTION_MARK } from '../src/core/model/emulator/scenarios';
import { useProviderEmulator } from './servers/provider-emulator-hooks';

const KEY = 'sk-emulated-eval-secret-4411';
const BFCL = 'src/core/evals/bfcl/fixtures/bfcl-sample';

const emulator = useProviderEmulator(test);

test.beforeEach(async ({ page }) => {
  await page.goto('./evals/');
  await expect(page.getByRole('heading', { level: 1, name: 'Evals' })).toBeVisible();
});

const suiteFile = (name: string, cases: unknown[], repetitions = 1) => ({
  name: `${name}.json`,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ name, toolset: 'acode-core', repetitions, cases })),
});
const readme = { tool: 'read_file', arguments: { path: 'README.md' } };

async function importSuite(page: Page, file: ReturnType<typeof suiteFile>): Promise<void> {
  await page.getByText('Import', { exact: true }).click();
  await page.getByLabel('Suite file').setInputFiles(file);
  await expect(page.getByTestId('suite-view').getByRole('heading', { level: 2 })).toHaveText(
    file.name.replace(/\.json$/, ''),
  );
}

async function fillModel(row: Locator, model: string): Promise<void> {
  await row.getByLabel('Base URL').fill(`${emulator.url}/v1`);
  await row.getByLabel('Model id').fill(model);
  await row.getByLabel(/^API key/).fill(KEY);
}

const storedText = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('tool-schema-playground-eval-suites');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const all = db.transaction('suites').objectStore('suites').getAll();
    return JSON.stringify(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))));
  });

test('a suite from scratch: bad input named and kept, run on two models, scores and a noise verdict, kept after reload', async ({
  page,
}) => {
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  await page.getByRole('button', { name: 'New suite' }).click();
  const editor = page.getByTestId('case-editor');
  await editor.getByLabel('Message 1', { exact: true }).fill('[compare] read the readme');
  await editor.getByLabel(/Call 1: tool/).fill('read_file');
  await editor.getByRole('button', { name: 'Add argument' }).click();
  await editor.getByLabel('Call 1 argument 1 name').fill('path');
  // An impatient user types half a JSON object and saves: the field is named, nothing typed is lost.
  await editor.getByLabel('Call 1 argument 1 value').fill('{"oops":');
  await editor.getByRole('button', { name: 'Save case' }).click();
  await expect(editor.getByRole('alert').first()).toContainText('Value reads as JSON but is not valid JSON');
  await expect(editor.getByLabel('Call 1 argument 1 value')).toHaveValue('{"oops":');
  await expect(editor.getByLabel('Call 1 argument 1 value')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Call 1 argument 1 value').fill('README.md');
  await editor.getByRole('button', { name: 'Save case' }).click();
  await expect(page.getByTestId('case-list').getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Add case' }).click();
  await editor.getByLabel('Message 1', { exact: true }).fill('[compare] list the folder');
  await editor.getByLabel(/Call 1: tool/).fill('list_directory');
  await editor.getByRole('button', { name: 'Save case' }).click();
  await expect(page.getByTestId('case-list').getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Repetitions', { exact: true }).fill('2');

  // Run before saying which model: each missing field is named.
  await page.getByRole('button', { name: 'Run suite' }).click();
  await expect(page.getByTestId('model-row').getByRole('alert')).toContainText(['Model 1: type the model id.']);
  await fillModel(page.getByTestId('model-row').nth(0), 'emulated-large');
  await page.getByRole('button', { name: 'Add a model' }).click();
  await fillModel(page.getByTestId('model-row').nth(1), 'emulated-small');
  await page.getByRole('button', { name: 'Run suite' }).click();

  const groups = page.getByTestId('eval-groups');
  await expect(groups.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('results-status')).toContainText('8 of 8 runs');
  await expect(groups.getByRole('row').nth(1)).toContainText('openai:emulated-large');
  await expect(groups.getByRole('row').nth(1)).toContainText('2/4');
  await expect(groups.getByRole('row').nth(2)).toContainText('0/4');
  await expect(groups.getByRole('row').nth(2)).toContainText('read_file.path');
  await expect(page.getByTestId('eval-compare')).toContainText('-50.0 points');
  await expect(page.getByTestId('eval-compare')).toContainText('could be noise');
  await expect(page.getByTestId('eval-cases').getByRole('row')).toHaveCount(5);
  await page.screenshot({ path: screenshotPath('evals-results-desktop'), fullPage: true });

  await page.reload();
  await expect(page.getByTestId('suite-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('case-list').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('results-status')).toContainText('8 of 8 runs');
  expect(await storedText(page)).not.toContain(KEY);
  expect(consoleText.join('\n')).not.toContain(KEY);
  expect(consoleText.join('\n')).not.toContain('Content Security Policy');
});

test('Cancel mid-run keeps the runs already finished', async ({ page }) => {
  await importSuite(
    page,
    suiteFile('Slow suite', [
      { id: 'quick', prompt: '[compare] read it', expect: { calls: [readme] } },
      ...[1, 2, 3].map((index) => ({ id: `slow-${index}`, prompt: '[slow] talk', expect: { noCall: true } })),
    ]),
  );
  await fillModel(page.getByTestId('model-row'), 'emulated-large');
  await page.getByLabel('At once').selectOption('1');
  await page.getByRole('button', { name: 'Run suite' }).click();
  await expect(page.getByTestId('eval-progress')).toContainText('1 / 4 runs');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('results-status')).toContainText('cancelled: the runs finished before Cancel are kept');
  await expect(page.getByTestId('results-status')).toContainText(/[12] of 4 runs/);
  await expect(page.getByTestId('eval-cases')).toContainText('quick');
});

test('offline scoring of a dropped transcript, and a results file exported and scored again', async ({ page }) => {
  await importSuite(
    page,
    suiteFile('One case', [{ id: 'readme', prompt: 'Read the readme', expect: { calls: [readme] } }]),
  );
  const transcript = {
    id: 'chatcmpl-1',
    choices: [
      {
        message: {
          role: 'assistant',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"README.md"}' } },
          ],
        },
      },
    ],
  };
  await page.getByLabel('Results or transcript file').setInputFiles({
    name: 'transcript.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(transcript)),
  });
  await expect(page.getByTestId('results-status')).toContainText('Scored offline from a file · 1 of 1 runs');
  await expect(page.getByTestId('eval-groups')).toContainText('1/1');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export results (JSON Lines)' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(JSON.parse(exported.trim())).toMatchObject({ case: 'readme', calls: [{ tool: 'read_file' }] });
  const wrong = exported.replace('README.md', 'OTHER.md');
  await page.getByLabel('Results or transcript file').setInputFiles({
    name: 'runs.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(`${exported}${wrong}`),
  });
  await expect(page.getByTestId('results-status')).toContainText('2 of 2 runs');
  await expect(page.getByTestId('eval-groups')).toContainText('1/2');
  await page
    .getByLabel('Results or transcript file')
    .setInputFiles({ name: 'junk.txt', mimeType: 'text/plain', buffer: Buffer.from('not json\n') });
  await expect(page.getByText('junk.txt: no run could be scored.')).toBeVisible();
});

test('BFCL files import as a suite and a toolset; a suite exports and imports back', async ({ page }) => {
  await page.getByText('Import', { exact: true }).click();
  await page.getByLabel('BFCL question file').setInputFiles(`${BFCL}-questions.json`);
  await page.getByLabel('BFCL possible-answer file').setInputFiles(`${BFCL}-possible-answer.json`);
  await page.getByRole('button', { name: 'Import BFCL' }).click();
  await expect(page.getByText(/Imported \d+ BFCL cases and \d+ functions/)).toBeVisible();
  const cases = await page.getByTestId('case-list').getByRole('listitem').count();
  expect(cases).toBeGreaterThan(10);
  await expect(page.getByTestId('suite-view').getByLabel('Toolset')).toHaveValue(/^bfcl-/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export suite (JSON)' }).click();
  const file = await download;
  const text = readFileSync(await file.path(), 'utf8');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete suite' }).click();
  await expect(page.getByTestId('suite-list').getByRole('listitem')).toHaveCount(0);
  await page
    .getByLabel('Suite file')
    .setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('case-list').getByRole('listitem')).toHaveCount(cases);
});

test('two toolset versions: the edited description makes the difference, and the repetitions say it is real', async ({
  page,
}) => {
  const edited = bundle.tools
    .filter((tool) => tool.name === 'read_file' || tool.name === 'list_directory')
    .map((tool) => ({
      name: tool.name,
      description: tool.name === 'read_file' ? `${tool.description} ${EDITED_DESCRIPTION_MARK}` : tool.description,
      inputSchema: tool.inputSchema,
    }));
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(JSON.stringify(edited));
  await page.getByLabel('Toolset name').fill('Acode edited');
  await page.getByRole('button', { name: 'Import 2 tools' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acode edited' })).toBeVisible();
  await page.goto('./evals/');
  await importSuite(
    page,
    suiteFile(
      'Versions',
      [
        {
          id: 'read-then-list',
          prompt: '[compare] read the readme, then list src',
          expect: { calls: [readme, { tool: 'list_directory', arguments: { path: 'src' } }] },
        },
      ],
      4,
    ),
  );
  await fillModel(page.getByTestId('model-row'), 'emulated-large');
  await page.getByLabel('Also run on a second toolset version').selectOption({ label: 'Acode edited' });
  await page.getByRole('button', { name: 'Run suite' }).click();
  await expect(page.getByTestId('results-status')).toContainText('8 of 8 runs');
  const groups = page.getByTestId('eval-groups');
  await expect(groups.getByRole('row').nth(1)).toContainText('A: ');
  await expect(groups.getByRole('row').nth(1)).toContainText('0/4');
  await expect(groups.getByRole('row').nth(2)).toContainText('B: Acode edited');
  await expect(groups.getByRole('row').nth(2)).toContainText('4/4');
  await expect(page.getByTestId('eval-compare')).toContainText('+100.0 points');
  await expect(page.getByTestId('eval-compare')).toContainText('a real difference');
});

test('"Expect this call": a case made from a call of a Models-page run', async ({ page }) => {
  await page.goto('./models/');
  await page.getByLabel('Provider').selectOption('openai-chat');
  await page.getByLabel('Base URL').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('User message').fill('[compare] read the readme');
  await page.getByRole('button', { name: 'Send to the model' }).click();
  await expect(page.getByTestId('model-call')).toHaveCount(1);
  // Kept in the history (IndexedDB) once the run has ended.
  await expect(page.getByTestId('model-history')).toContainText('[compare] read the readme');
  await page.goto('./evals/');
  await page.getByText('A case from a Models-page run').click();
  await page.getByTestId('recent-runs').getByRole('button', { name: 'Expect this call' }).first().click();
  const editor = page.getByTestId('case-editor');
  await expect(editor.getByLabel('Message 2', { exact: true })).toHaveValue('[compare] read the readme');
  await expect(editor.getByLabel(/Call 1: tool/)).toHaveValue('read_file');
  await expect(editor.getByLabel('Call 1 argument 1 value')).toHaveValue('"README.md"');
  await editor.getByRole('button', { name: 'Save case' }).click();
  await expect(page.getByTestId('case-list')).toContainText('read_file-1');
  await fillModel(page.getByTestId('model-row'), 'emulated-large');
  await page.getByRole('button', { name: 'Run suite' }).click();
  await expect(page.getByTestId('eval-groups')).toContainText('1/1');
});

test('looks: light and dark, desktop and phone, with results and an open case editor', async ({ page }) => {
  await importSuite(
    page,
    suiteFile(
      'Look',
      [
        { id: 'readme', prompt: 'Read the readme', expect: { calls: [readme], mustNotCall: ['delete_file'] } },
        { id: 'thanks', prompt: 'Thanks!', expect: { noCall: true } },
      ],
      2,
    ),
  );
  const runs = ['README.md', 'OTHER.md', 'README.md'].map((path, index) =>
    JSON.stringify({
      case: 'readme',
      model: index < 2 ? 'model-a' : 'model-b',
      calls: [{ tool: 'read_file', arguments: { path } }],
      usage: { inputTokens: 120, outputTokens: 14, latencyMs: 420 },
    }),
  );
  await page.getByLabel('Results or transcript file').setInputFiles({
    name: 'runs.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(`${runs.join('\n')}\n`),
  });
  await expect(page.getByTestId('eval-compare')).toBeVisible();
  await page.getByRole('button', { name: 'Edit readme' }).click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing sticks out sideways: the page itself never scrolls horizontally.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`evals-${name}-${scheme}`), fullPage: true });
      if (name === 'phone') {
        // A phone page is tall: looked at in parts too.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let top = 0, part = 1; top < height; top += 1400, part++)
          await page.screenshot({
            path: screenshotPath(`evals-phone-${scheme}-${part}`),
            fullPage: true,
            clip: { x: 0, y: top, width, height: Math.min(1400, height - top) },
          });
      }
    }
  }
});
