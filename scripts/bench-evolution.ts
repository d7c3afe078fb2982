// Schema evolution figures: the semver diff of two 200-tool toolsets (aim ≤ 200 ms), the provider
// compatibility check of 200 tools, and the o200k_base tokenizer's load time and size (it loads only
// when a token budget is shown), with the time to count a whole toolset once it is loaded.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './bench-page';
import { checkCompatibility, COMPAT_PROVIDERS } from '../src/core/compat';
import { diffDefinitions } from '../src/core/diff';
import { loadTokenizer, toolsetTokens } from '../src/core/tokens';
import { collection } from '../src/core/toolset/bundle';
import type { JsonObject, ToolDefinition } from '../src/core/toolset/types';

const TARGETS = { diffTwoToolsetsMs: 200 };
const TOOL_COUNT = 200;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** 200 tools from the bundled ones, each renamed; and their next versions, every one changed somewhere. */
export function evolvedToolsets(count = TOOL_COUNT): { before: ToolDefinition[]; after: ToolDefinition[] } {
  const templates = collection.toolsets.flatMap((toolset) => toolset.tools);
  const before = Array.from({ length: count }, (_, index) => ({
    ...clone(templates[index % templates.length]!),
    name: `tool_${index}`,
  }));
  const after = before.map((tool, index) => {
    const next = clone(tool);
    next.version = index % 3 === 0 ? '2.0.0' : '1.1.0';
    const properties = (next.inputSchema.properties ?? {}) as Record<string, JsonObject>;
    const names = Object.keys(properties);
    const first = names[0] ? properties[names[0]] : undefined;
    if (first && typeof first.maxLength === 'number') first.maxLength = Math.max(1, first.maxLength - 1);
    if (first) first.description = `${String(first.description ?? '')} (revised)`;
    properties[`added_${index}`] = { type: 'string', description: 'An optional parameter added in the new version.' };
    if (index % 5 === 0 && names[1]) delete properties[names[1]];
    next.inputSchema.properties = properties;
    return next;
  });
  return { before, after };
}

function benchDiff(): object {
  const { before, after } = evolvedToolsets();
  const byName = new Map(after.map((tool) => [tool.name, tool]));
  const runs: number[] = [];
  let changes = 0;
  let flagged = 0;
  for (let run = 0; run < 9; run += 1) {
    const started = performance.now();
    changes = 0;
    flagged = 0;
    for (const tool of before) {
      const result = diffDefinitions(tool, byName.get(tool.name)!);
      changes += result.changes.length;
      if (result.version?.ok === false) flagged += 1;
    }
    runs.push(performance.now() - started);
  }
  const ms = round(median(runs.slice(2)));
  return {
    tools: before.length,
    changes,
    versionsFlagged: flagged,
    medianMs: ms,
    targetMs: TARGETS.diffTwoToolsetsMs,
    ok: ms <= TARGETS.diffTwoToolsetsMs,
  };
}

function benchCompatibility(): object {
  const { before } = evolvedToolsets();
  const runs: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    for (const tool of before) for (const provider of COMPAT_PROVIDERS) checkCompatibility(tool, provider);
    runs.push(performance.now() - started);
  }
  return { tools: before.length, providers: COMPAT_PROVIDERS.length, medianMs: round(median(runs.slice(1))) };
}

/** In a fresh Node process, so the module cache does not hide the load. */
function tokenizerLoadInNode(): { importMs: number; firstCountMs: number } {
  const script =
    "const t0 = performance.now(); const m = await import('gpt-tokenizer/encoding/o200k_base'); const t1 = performance.now(); m.countTokens('warm up the encoder'); const t2 = performance.now(); console.log(JSON.stringify({ importMs: t1 - t0, firstCountMs: t2 - t1 }));";
  const runs = Array.from(
    { length: 3 },
    () =>
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
      ) as { importMs: number; firstCountMs: number },
  );
  return {
    importMs: round(median(runs.map((run) => run.importMs))),
    firstCountMs: round(median(runs.map((run) => run.firstCountMs))),
  };
}

/** The tokenizer chunk in the built site (dist/ or BENCH_DIST), raw and gzipped, when a build exists. */
function siteChunk(): object {
  const assets = join(root, process.env.BENCH_DIST ?? 'dist', 'assets');
  if (!existsSync(assets)) return { skipped: 'no build: run npm run build first' };
  const file = readdirSync(assets).find((name) => /^o200k_base-.*\.js$/.test(name));
  if (!file) return { skipped: 'no o200k_base chunk in the build' };
  const bytes = readFileSync(join(assets, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
}

/** In the built site: opening the catalog's token budget → the table shown (tokenizer fetched, parsed, 17 tools counted). */
async function budgetInPage(): Promise<object> {
  if (!existsSync(join(root, process.env.BENCH_DIST ?? 'dist', 'index.html')))
    return { skipped: 'no build: run npm run build first' };
  const { serveDist } = await import('./bench-page');
  const { server, url } = await serveDist();
  const browser = await launchChromium();
  const runs: number[] = [];
  try {
    for (let run = 0; run < 3; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId('token-budget').waitFor();
      const started = Date.now();
      await page.getByText('Token budget').click();
      await page.getByTestId('budget-total').waitFor({ timeout: 30_000 });
      runs.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { openBudgetToTableMedianMs: median(runs), runs };
}

export async function benchEvolution(): Promise<object> {
  const diff = benchDiff();
  const compatibility = benchCompatibility();
  const rankFile = join(root, 'node_modules/gpt-tokenizer/esm/bpeRanks/o200k_base.js');
  const load = tokenizerLoadInNode();
  const tokenizer = await loadTokenizer();
  const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
  const countRuns: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    toolsetTokens(tools, tokenizer);
    countRuns.push(performance.now() - started);
  }
  return {
    diffTwoToolsetsOf200: diff,
    compatibility200Tools: compatibility,
    tokenizer: {
      encoding: tokenizer.encoding,
      loadInNode: load,
      rankTableBytes: existsSync(rankFile) ? statSync(rankFile).size : null,
      siteChunk: siteChunk(),
      countBundledToolsMs: { tools: tools.length, medianMs: round(median(countRuns.slice(1))) },
      page: await budgetInPage(),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchEvolution(), null, 2));
