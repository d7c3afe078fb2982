// The Evals page's results for 1,000 cases × 3 models (3,000 runs graded by the real core), in headless
// Chromium on the built site: the click that opens the suite to its first 300 case rows laid out, and "Show all"
// to the 3,000, against a reference measured in the same page, the same run: a plain DOM table of the same rows
// and cell texts built without React. The rendered numbers are checked before a figure is printed.
import type { Server } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './bench-page';
import { createCheckContext } from '../src/core/calls/check';
import { buildReport, readResults, scoreRecords, type EvalSuite } from '../src/core/evals';
import { bundle } from '../src/core/toolset/bundle';
import { createStaticHost, listen, loadHostConfig } from './static-host';
import { createCompilingValidator } from '../src/core/validation/compile';

/** Show all may cost up to 3× a plain table (React, the page's styles); opening must cost less than one. */
const AIM = { ratioToPlainTable: 3 };
const CASES = 1000;
const MODELS = ['model-a', 'model-b', 'model-c'];
const ROUNDS = 3;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A suite of 1,000 read_file cases; model-a always right, model-b right two times in three, model-c wrong tool one time in two. */
function fixture() {
  const suite: EvalSuite = {
    name: 'Thousand cases',
    toolset: bundle.manifest.id,
    repetitions: 1,
    cases: Array.from({ length: CASES }, (_, index) => ({
      id: `case-${index}`,
      messages: [{ role: 'user' as const, content: `Read file ${index}` }],
      expect: {
        calls: [{ tool: 'read_file', arguments: { path: { equals: `src/file-${index}.ts` } } }],
        order: 'any' as const,
        noCall: false,
        mustNotCall: [],
        allowExtraCalls: false,
      },
    })),
  };
  const lines: string[] = [];
  for (let index = 0; index < CASES; index++) {
    lines.push(
      JSON.stringify({
        case: `case-${index}`,
        model: 'model-a',
        calls: [{ tool: 'read_file', arguments: { path: `src/file-${index}.ts` } }],
        usage: { inputTokens: 300, outputTokens: 20, latencyMs: 400 },
      }),
    );
    lines.push(
      JSON.stringify({
        case: `case-${index}`,
        model: 'model-b',
        calls: [{ tool: 'read_file', arguments: { path: index % 3 === 0 ? 'wrong.ts' : `src/file-${index}.ts` } }],
      }),
    );
    lines.push(
      JSON.stringify({
        case: `case-${index}`,
        model: 'model-c',
        calls: [{ tool: index % 2 === 0 ? 'read_files' : 'read_file', arguments: { path: `src/file-${index}.ts` } }],
      }),
    );
  }
  const { runs } = scoreRecords(
    suite,
    readResults(lines.join('\n')).records,
    createCheckContext(createCompilingValidator(), bundle.tools),
  );
  const report = buildReport(suite.name, runs);
  return { suite, runs, expected: report.groups.map((group) => `${group.model} ${group.passes}/${group.runs}`) };
}

export async function benchEvalsPage(): Promise<object> {
  const { suite, runs, expected } = fixture();
  const server: Server = createStaticHost(dist, loadHostConfig(root));
  const url = await listen(server, 0);
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    // tsx keeps function names with a __name helper that the page does not have.
    await page.addInitScript('globalThis.__name = (target) => target');
    await page.goto(`${url}evals/`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Evals' }).waitFor();
    // Two suites in the page's own store: the big one, and a newer small one the page opens first.
    const small = { ...suite, name: 'Small', cases: suite.cases.slice(0, 1) };
    const stored = [
      {
        id: 'bench-big',
        suite,
        updatedAt: '2026-01-01T00:00:00.000Z',
        results: {
          runs,
          total: runs.length,
          cancelled: false,
          source: 'offline',
          finishedAt: '2026-01-01T00:00:00.000Z',
        },
      },
      { id: 'bench-small', suite: small, updatedAt: '2026-01-02T00:00:00.000Z' },
    ];
    // Sent as JSON text: Playwright's argument types recurse too deep over the suite's types.
    await page.evaluate(async (json: string) => {
      const records = JSON.parse(json) as { id: string }[];
      const open = indexedDB.open('tool-schema-playground-eval-suites');
      const db = await new Promise<IDBDatabase>(
        (done, fail) => ((open.onsuccess = () => done(open.result)), (open.onerror = () => fail(open.error))),
      );
      const transaction = db.transaction('suites', 'readwrite');
      for (const record of records) transaction.objectStore('suites').put(record, record.id);
      await new Promise((done) => (transaction.oncomplete = done));
      db.close();
    }, JSON.stringify(stored));

    const openTimes: number[] = [];
    const showAllTimes: number[] = [];
    const plainTimes: number[] = [];
    let checked: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.reload({ waitUntil: 'load' });
      await page.getByTestId('suite-view').getByRole('heading', { name: 'Small' }).waitFor();
      const measured = await page.evaluate(
        async ({ firstRows, allRows }) => {
          const rows = () => document.querySelectorAll('[data-testid="eval-cases"] tbody tr').length;
          const until = (wanted: number) =>
            new Promise<void>((done) => {
              const check = () => (rows() === wanted ? done() : requestAnimationFrame(check));
              check();
            });
          const suiteButton = (name: string) =>
            [...document.querySelectorAll<HTMLButtonElement>('.eval-suite-open')].find((candidate) =>
              candidate.textContent?.includes(name),
            )!;
          // 1. Open the suite: the report built from 3,000 runs, the first rows of the case table laid out.
          let started = performance.now();
          suiteButton('Thousand cases').click();
          await until(firstRows);
          void document.body.offsetHeight;
          const openMs = performance.now() - started;
          const groups = [...document.querySelectorAll('[data-testid="eval-groups"] tbody tr')].map(
            (row) => `${row.children[0]!.textContent} ${row.children[1]!.textContent}`,
          );
          // 2. Show all 3,000 rows.
          started = performance.now();
          [...document.querySelectorAll<HTMLButtonElement>('button')]
            .find((candidate) => candidate.textContent?.startsWith('Show all'))!
            .click();
          await until(allRows);
          void document.body.offsetHeight;
          const showAllMs = performance.now() - started;
          // 3. The reference, once the page's table is gone: the same rows and cell texts as a plain table built by DOM calls.
          const cells = [...document.querySelectorAll('[data-testid="eval-cases"] tbody tr')].map((row) =>
            [...row.children].map((cell) => cell.textContent ?? ''),
          );
          suiteButton('Small').click();
          await until(0);
          const host = document.createElement('div');
          document.querySelector('.evals-main')!.append(host);
          started = performance.now();
          const table = document.createElement('table');
          table.className = 'data-table eval-table';
          const body = document.createElement('tbody');
          for (const row of cells) {
            const tr = document.createElement('tr');
            for (const text of row) {
              const td = document.createElement('td');
              td.textContent = text;
              tr.append(td);
            }
            body.append(tr);
          }
          table.append(body);
          host.append(table);
          void document.body.offsetHeight;
          const plainMs = performance.now() - started;
          host.remove();
          return { openMs, showAllMs, plainMs, groups, rowsChecked: cells.length };
        },
        { firstRows: 300, allRows: CASES * MODELS.length },
      );
      if (measured.rowsChecked !== CASES * MODELS.length)
        throw new Error(
          `Show all laid out ${measured.rowsChecked} rows, not ${CASES * MODELS.length}: no figure printed.`,
        );
      checked = measured.groups;
      if (JSON.stringify(checked) !== JSON.stringify(expected))
        throw new Error(
          `The page shows ${JSON.stringify(checked)}, the core says ${JSON.stringify(expected)}: no figure printed.`,
        );
      openTimes.push(measured.openMs);
      showAllTimes.push(measured.showAllMs);
      plainTimes.push(measured.plainMs);
    }
    const plainMs = median(plainTimes);
    const ratio = (ms: number) => Number((ms / plainMs).toFixed(2));
    return {
      rows: CASES * MODELS.length,
      checked: { groups: checked, rowsAfterShowAll: CASES * MODELS.length },
      plainTable3000RowsMs: Math.round(plainMs),
      openSuiteFirst300RowsMs: Math.round(median(openTimes)),
      openRatioToPlainTable: ratio(median(openTimes)),
      showAll3000RowsMs: Math.round(median(showAllTimes)),
      showAllRatioToPlainTable: ratio(median(showAllTimes)),
      aimRatio: AIM.ratioToPlainTable,
      loadAverage: Number(loadavg()[0]!.toFixed(1)),
      met: ratio(median(showAllTimes)) <= AIM.ratioToPlainTable && ratio(median(openTimes)) <= 1,
      note: `Median of ${ROUNDS} in one page. Opening builds the report from 3,000 graded runs and renders the first 300 case rows; Show all renders the 3,000; the reference is a plain DOM table of the same 3,000 rows and texts.`,
    };
  } finally {
    await browser.close();
    server.close();
  }
}
