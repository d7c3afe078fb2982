// The Models view: the JavaScript it loads when opened (gzip, its own chunk and the chunks that chunk imports,
// some of which other pages share), and the time from a streamed tool call's last byte to its verdict: the
// recorded Chat Completions stream fed to the provider's parser, the closing event timed through the judgement
// with the shared validator (median of 2,000; the page then renders the verdict in the same task).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createCheckContext } from '../src/core/calls/check';
import { judgeCall } from '../src/core/model/agent/judge';
import { openAiChat } from '../src/core/model/providers';
import { bundle } from '../src/core/toolset/bundle';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const TARGETS = { lastByteToVerdictMs: 16 };
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function chunkSizes(): object {
  const assets = join(dist, 'assets');
  if (!existsSync(assets)) return { error: `No ${assets}: build the site first (npm run build).` };
  const page = readdirSync(assets).find((name) => /^ModelsPage-.*\.js$/.test(name));
  if (!page) return { error: 'No ModelsPage chunk in the build.' };
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = readFileSync(join(assets, name), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]!);
  };
  visit(page);
  const css = readdirSync(assets).filter((name) => /^ModelsPage-.*\.css$/.test(name));
  return {
    ownChunkGzipBytes: gzipSize(join(assets, page)),
    withStaticImportsGzipBytes: [...seen].reduce((sum, name) => sum + gzipSize(join(assets, name)), 0),
    cssGzipBytes: css.reduce((sum, name) => sum + gzipSize(join(assets, name)), 0),
    chunks: seen.size,
  };
}

function lastByteToVerdict(): object {
  const fixture = readFileSync(join(root, 'src/core/model/providers/openai-chat/__fixtures__/tool-calls.sse'), 'utf8');
  const events = fixture
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => ({ data: block.slice(6) }));
  const closing = events.findIndex((event) => event.data.includes('"finish_reason":"tool_calls"'));
  const context = createCheckContext(validator, bundle.tools);
  const times: number[] = [];
  for (let round = 0; round < 2000; round++) {
    const parser = openAiChat.createStreamParser();
    for (const event of events.slice(0, closing)) parser.push(event);
    const started = performance.now();
    const parts = parser.push(events[closing]!);
    for (const part of parts)
      if (part.type === 'tool-call') judgeCall(part.call, context, 'openai-chat', part.index + 1);
    times.push(performance.now() - started);
  }
  const ms = Number(median(times).toFixed(3));
  return { medianMs: ms, aimMs: TARGETS.lastByteToVerdictMs, met: ms <= TARGETS.lastByteToVerdictMs };
}

export async function benchModels(): Promise<object> {
  return { modelViewJavaScript: chunkSizes(), lastByteToVerdict: lastByteToVerdict() };
}
