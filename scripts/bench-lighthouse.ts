// Lighthouse (mobile, its default emulation and throttling) on the built site served as a static host serves it:
// netlify.toml's headers and compressed bodies. Per page, the median of three runs of the performance and
// accessibility scores, Total Blocking Time and Speed Index, beside the aims.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticHost, listen, loadHostConfig } from './static-host';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const lighthouse = join(root, 'node_modules', '.bin', 'lighthouse');

export const LIGHTHOUSE_PAGES: readonly (readonly [string, string])[] = [
  ['catalog', ''],
  ['tool page', 'tools/read_file/'],
  ['import', 'import/'],
  ['check calls', 'check/'],
  ['models', 'models/'],
  ['evals', 'evals/'],
  ['connect', 'connect/'],
];

const RUNS = 3;

interface Run {
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function runLighthouse(url: string, output: string): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      lighthouse,
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 || !existsSync(output))
        return reject(new Error(`lighthouse exited with ${code}: ${errors.slice(-400)}`));
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        categories: Record<string, { score: number }>;
        audits: Record<string, { numericValue?: number }>;
      };
      resolvePromise({
        performance: Math.round(report.categories.performance!.score * 100),
        accessibility: Math.round(report.categories.accessibility!.score * 100),
        totalBlockingTimeMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN),
        speedIndexMs: Math.round(report.audits['speed-index']?.numericValue ?? NaN),
      });
    });
  });
}

/** A run Lighthouse itself could not record (NO_NAVSTART and the like, now and then on a busy machine) is run again, twice at most. */
async function runRecorded(url: string, output: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, output);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function benchLighthouse() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no build: run npm run build first.`);
  const server = createStaticHost(dist, loadHostConfig(root));
  const base = await listen(server, 0);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const pages: Record<string, unknown> = {};
  try {
    for (const [name, path] of LIGHTHOUSE_PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await runRecorded(`${base}${path}`, join(scratch, `${run}.json`)));
      pages[name] = {
        performance: median(runs.map((run) => run.performance)),
        accessibility: median(runs.map((run) => run.accessibility)),
        totalBlockingTimeMs: median(runs.map((run) => run.totalBlockingTimeMs)),
        speedIndexMs: median(runs.map((run) => run.speedIndexMs)),
        runs: RUNS,
        met: median(runs.map((run) => run.performance)) >= 95 && median(runs.map((run) => run.accessibility)) === 100,
      };
    }
  } finally {
    server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  return { aim: { performance: '>= 95', accessibility: '= 100' }, emulation: 'Lighthouse mobile defaults', pages };
}
