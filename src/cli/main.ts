/** Node entry point: reads the bundle and standard input, runs the command, writes its output. */
import { writeFileSync } from 'node:fs';
import { openInputLines, readInputFile, readStandardInput } from './input-file';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCliCollection } from './bundle.node.js';
import { defaultToolset } from '../core/toolset/collection';
import { createCompilingValidator } from '../core/validation/compile';
import type { CliRuntime } from './measure';
import { runCli } from './run';
import { shouldColor } from './style';

// The one validator of this run: it compiles schemas on demand (the page runs validators generated at build time).
const validator = createCompilingValidator();
const collection = await loadCliCollection(
  {
    bundleFile: fileURLToPath(new URL('../generated/bundle.json', import.meta.url)),
    schemasDirectory: fileURLToPath(new URL('../../schemas/', import.meta.url)),
  },
  validator,
);
/**
 * A full garbage collection for the memory figures: the one --expose-gc gives, else the same function
 * exposed at run time (only when a measuring command runs, so no other command pays for it).
 */
const exposeGc = (): (() => void) | undefined => {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
};

/** Ctrl-C and SIGTERM, caught only once a command that runs until stopped asks (any other is killed by them). */
let stop: AbortController | undefined;
const stopSignal = (): AbortSignal => {
  if (stop) return stop.signal;
  const controller = (stop = new AbortController());
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  return controller.signal;
};
// Exposing gc costs a flag and a context: paid on the first read, by the commands that measure.
let gc: (() => void) | undefined | null = null;
const runtime: CliRuntime = {
  memoryUsage: () => process.memoryUsage(),
  get gc() {
    if (gc === null) gc = exposeGc();
    return gc;
  },
};

const result = await runCli(process.argv.slice(2), {
  validator,
  bundle: 'error' in collection ? collection : defaultToolset(collection),
  toolsets: 'error' in collection ? undefined : collection.toolsets,
  color: shouldColor(process.stdout.isTTY, process.env.NO_COLOR),
  stdin: () => readStandardInput(),
  runtime,
  readFile: readInputFile,
  writeFile: (path: string, text: string) => writeFileSync(path, text),
  env: process.env,
  stopSignal,
  progress: (text) => process.stderr.write(text),
  write: (text) => process.stdout.write(text),
  terminal: async () => (await import('./commands/mcp/terminal')).processTerminal(),
  // The tokenizer's tables are large: loaded only by the command that counts tokens.
  loadTokenizer: async () => (await import('../core/tokens/load')).loadTokenizer(),
  // validate --batch streams its file or standard input line by line, so no transcript is held whole.
  openLines: (source) => openInputLines(source, process.stdin),
  siteShell: fileURLToPath(new URL('../generated/site-shell/', import.meta.url)),
});
const written = (stream: NodeJS.WriteStream, text: string) =>
  new Promise<void>((resolve) => (text ? stream.write(text, () => resolve()) : resolve()));
await written(process.stdout, result.stdout);
await written(process.stderr, result.stderr && !result.stderr.endsWith('\n') ? `${result.stderr}\n` : result.stderr);
process.exitCode = result.exitCode;
// A command that failed ends once its output is out: nothing it started and could not stop (a renderer still waiting
// on a page it gave up, a server's process) keeps this one running.
if (result.exitCode !== 0) process.exit();
