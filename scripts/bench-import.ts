// Import figures: a 200-tool MCP tools/list paste checked and converted (Node), each imported schema
// compiled by our validator next to raw Ajv on the same schema, and in the built site the paste →
// report → catalog of 200 cards (aim: the catalog within 1 s of pressing Import).
// Compiles schemas on demand (the page only runs validators generated at build time).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { importToolset } from '../src/core/import';
import { serveDist, launchChromium } from './bench-page';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const TARGETS = { catalogAfterImportMs: 1000, perSchemaCompileMs: 10 };
const TOOL_COUNT = 200;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** 200 tools shaped like the fixture's (an MCP server's answer), each with its own name and bounds. */
export function mcpPaste(count = TOOL_COUNT): string {
  const fixture = JSON.parse(
    readFileSync(new URL('../src/core/import/fixtures/mcp-tools-list.json', import.meta.url), 'utf8'),
  ) as { result: { tools: Record<string, unknown>[] } };
  const templates = fixture.result.tools;
  const tools = Array.from({ length: count }, (_, index) => {
    const template = JSON.parse(JSON.stringify(templates[index % templates.length])) as Record<string, unknown> & {
      inputSchema: { properties?: Record<string, Record<string, unknown>> };
    };
    for (const property of Object.values(template.inputSchema.properties ?? {}))
      if (property.type === 'string') property.maxLength = 100 + index;
    return { ...template, name: `${String(template.name)}_${index}` };
  });
  return JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }, null, 2);
}

export async function benchImport(): Promise<object> {
  const text = mcpPaste();
  // Node: detection, conversion and every check of 200 definitions.
  const importRuns: number[] = [];
  let imported = importToolset(text, { validator });
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    imported = importToolset(text, { validator });
    importRuns.push(performance.now() - started);
  }
  const tools = imported.toolset.tools;

  // Compile each imported schema cold: our validator (Ajv plus our keywords and checks) and raw Ajv.
  const ours: number[] = [];
  const raw: number[] = [];
  for (const tool of tools) {
    validator.reset();
    validator.precompile({ ...tool, name: 'warm-up', inputSchema: { type: 'object' } });
    const started = performance.now();
    validator.precompile(tool);
    ours.push(performance.now() - started);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.compile({ type: 'object' });
    const rawStarted = performance.now();
    ajv.compile(tool.inputSchema);
    raw.push(performance.now() - rawStarted);
  }

  // The page: paste → report shown → Import → catalog with every card.
  const { server, url } = await serveDist();
  const browser = await launchChromium();
  const checkRuns: number[] = [];
  const catalogRuns: number[] = [];
  try {
    for (let run = 0; run < 3; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${url}import/`);
      const area = page.getByLabel('Paste definitions, or drop a file here');
      await area.waitFor();
      // One input event with the whole text, as a paste gives (Playwright's fill types a text this long far slower than a person's paste lands).
      const pasted = Date.now();
      await area.evaluate((element, value) => {
        const textarea = element as HTMLTextAreaElement;
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(textarea, value);
        textarea.dispatchEvent(new Event('input', { bubbles: true }));
      }, text);
      const button = page.getByRole('button', { name: `Import ${TOOL_COUNT} tools` });
      await button.waitFor({ timeout: 30_000 });
      checkRuns.push(Date.now() - pasted);
      await page.evaluate(() => {
        const w = window as unknown as { __clicked?: number; __catalog?: number };
        document
          .querySelector<HTMLButtonElement>('.import-actions .button-primary')
          ?.addEventListener('click', () => (w.__clicked = performance.now()), { capture: true });
        new MutationObserver((_, observer) => {
          if (document.querySelectorAll('.tool-card').length >= 200) {
            w.__catalog = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await button.click();
      await page.waitForFunction(
        () => (window as unknown as { __catalog?: number }).__catalog !== undefined,
        undefined,
        { timeout: 30_000 },
      );
      catalogRuns.push(
        await page.evaluate(() => {
          const w = window as unknown as { __clicked: number; __catalog: number };
          return w.__catalog - w.__clicked;
        }),
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }

  return {
    tools: tools.length,
    pasteCharacters: text.length,
    nodeImportMedianMs: round(median(importRuns)),
    compilePerImportedSchemaMs: {
      oursMedian: round(median(ours), 3),
      oursMax: round(Math.max(...ours), 3),
      rawAjvMedian: round(median(raw), 3),
      ratioOursToRawAjv: round(median(ours) / median(raw)),
      target: TARGETS.perSchemaCompileMs,
    },
    page: {
      pasteToReportMedianMs: median(checkRuns),
      importClickToCatalogMedianMs: round(median(catalogRuns)),
      target: TARGETS.catalogAfterImportMs,
      met: median(catalogRuns) <= TARGETS.catalogAfterImportMs,
    },
  };
}
