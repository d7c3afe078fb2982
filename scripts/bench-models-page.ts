// `npm run bench -- models-page`: on the built Models page in headless Chromium, against the provider emulator on
// loopback, the time from the last byte of a streamed tool call to its verdict in the page (the parser, the judge with
// the shared validator, React's commit), beside the same call validated by a bare loop in this run, as a ratio.
// The page's fetch is wrapped to stamp each body chunk as it arrives; a MutationObserver stamps the verdict's
// appearance; the chunk just before the verdict is the call's last byte (the emulator spaces the chunks 40 ms apart).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './bench-page';
import { startProviderEmulator } from '../src/core/model/emulator/server.node.js';
import { bundle } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';

// The bare loop's validator: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();
import { createStaticHost, listen, loadHostConfig } from './static-host';

const AIM_MS = 16;
const RUNS = 9;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 1000) / 1000;

// A string, not a function: tsx's name-keeping helpers do not exist inside the page.
const STAMPS = `(() => {
  window.__chunks = [];
  window.__verdictAt = undefined;
  const original = window.fetch;
  window.fetch = async (...args) => {
    const response = await original(...args);
    if (!response.body || !String(args[0]).includes('/chat/completions')) return response;
    const stamped = response.body.pipeThrough(new TransformStream({ transform(chunk, controller) { window.__chunks.push(performance.now()); controller.enqueue(chunk); } }));
    return new Response(stamped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  new MutationObserver(() => {
    if (window.__verdictAt === undefined && document.querySelector('[data-testid="model-call"]:not([data-status="streaming"])')) window.__verdictAt = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] });
})();`;

/** The same call, validated by a bare loop here: the floor the page's figure is compared with. */
function bareLoopMs(): number {
  const tool = bundle.tools.find((candidate) => candidate.name === 'read_file')!;
  if (!validator.validateText(tool, '{"path": "README.md"}').valid)
    throw new Error("The bare loop's call is not valid: it would time the wrong path.");
  const times: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const started = performance.now();
    validator.validateText(tool, '{"path": "README.md"}');
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchModelsPage(): Promise<object> {
  if (!existsSync(join(dist, 'models', 'index.html')))
    return { error: `No ${dist}/models/: build the site first (npm run build, or BENCH_DIST).` };
  const emulator = await startProviderEmulator();
  const server = createStaticHost(dist, loadHostConfig(root));
  const url = await listen(server, 0);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addInitScript(STAMPS);
    await page.goto(`${url}models/`);
    await page.getByLabel('Base URL').fill(`${emulator.url}/v1`);
    await page.getByLabel('Model', { exact: true }).fill('emulated-large');
    await page.getByLabel(/^API key/).fill('bench-key-0000');
    await page.getByLabel('User message').fill('[bench] Read the readme');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate('window.__chunks = []; window.__verdictAt = undefined;');
      await page.getByRole('button', { name: 'Send to the model' }).click();
      await page.getByTestId('model-stop').waitFor();
      // The verdict first: a valid read_file call, or the figure would time something else.
      const card = page.getByTestId('model-call');
      const [status, name] = await Promise.all([
        card.getAttribute('data-status'),
        card.locator('.model-call-name').innerText(),
      ]);
      if (status !== 'valid' || name !== 'read_file')
        throw new Error(`The page's verdict was ${status} on ${name}, not valid on read_file.`);
      const { chunks, verdictAt } = (await page.evaluate(
        '({ chunks: window.__chunks, verdictAt: window.__verdictAt })',
      )) as { chunks: number[]; verdictAt: number };
      const lastByte = chunks.filter((at) => at <= verdictAt).at(-1);
      if (lastByte === undefined) throw new Error('No chunk arrived before the verdict.');
      times.push(verdictAt - lastByte);
    }
    const pageMs = median(times);
    const bareMs = bareLoopMs();
    return {
      lastByteToVerdictOnPage: { medianMs: round(pageMs), runs: RUNS, aimMs: AIM_MS, met: pageMs <= AIM_MS },
      sameCallBareLoop: { medianMs: round(bareMs) },
      ratio: round(pageMs / bareMs),
    };
  } finally {
    await browser.close();
    server.close();
    await emulator.close();
  }
}
