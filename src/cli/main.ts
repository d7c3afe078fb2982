/** Node entry point: reads the bundle and standard input, runs the command, writes its output. */
import { createReadStream, readFileSync, readSync, writeFileSync } from 'node:fs';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCliCollection } from './bundle.node.js';
import { defaultToolset } from '../core/toolset/collection';
import { decodeChunks, splitLines } from '../core/calls/lines';
import { createCompilingValidator } from '../core/validation/compile';
import { isBatchValidate } from './batch-option';
import { loadTokenizer } from '../core/tokens/load';
import { shouldColor } from './style';

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Standard input, read synchronously when a command asks for it. `process.stdin` is never touched:
 * creating it turns a pipe non-blocking, and a large or slow pipe then reads as EAGAIN, not as data.
 */
const readStdin = (): string | undefined => {
  if (isatty(0)) return undefined;
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let bytes: number;
    try {
      bytes = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
    }
    if (bytes === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, bytes)));
  }
  return Buffer.concat(chunks).toString('utf8');
};

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

const args = process.argv.slice(2);
const measures = args[0] === 'benchmark' || (args[0] === 'stats' && args.includes('--memory'));
const gc = measures ? exposeGc() : undefined;
// The tokenizer's tables are large: loaded only for the command that counts tokens.
const tokenizer = args[0] === 'stats' && args.includes('--tokens') ? await loadTokenizer() : undefined;
const options = {
  validator,
  bundle: 'error' in collection ? collection : defaultToolset(collection),
  ...('error' in collection ? {} : { toolsets: collection.toolsets }),
  color: shouldColor(process.stdout.isTTY, process.env.NO_COLOR),
  stdin: readStdin,
  runtime: { memoryUsage: () => process.memoryUsage(), ...(gc ? { gc } : {}) },
  readFile: (path: string) => readFileSync(path, 'utf8'),
  writeFile: (path: string, text: string) => writeFileSync(path, text),
  ...(tokenizer ? { tokenizer } : {}),
};
// validate --batch streams its file or standard input line by line, so no transcript is held whole.
const openLines = (source: string) => splitLines(decodeChunks(source === '-' ? process.stdin : createReadStream(source)));
// mcp talks to a server: its commands are asynchronous and load the MCP SDK only when run.
const runMcp = async () => {
  const { runMcpCli } = await import('./commands/mcp/index');
  const { processTerminal } = await import('./commands/mcp/terminal');
  const terminal = processTerminal();
  // Ctrl-C is caught only while a task runs (to cancel it); otherwise it ends the process as usual.
  const onInterrupt = (handler: () => void) => {
    process.once('SIGINT', handler);
    return () => void process.off('SIGINT', handler);
  };
  const bundle = 'error' in options.bundle ? { manifest: { id: 'none', name: 'none', version: '0.0.0', description: '', categories: [] }, tools: [] } : options.bundle;
  return runMcpCli(args.slice(1), { bundle, toolsets: options.toolsets ?? [bundle], color: options.color, readStdin: () => undefined, readFile: options.readFile, validator }, { env: process.env, readFile: options.readFile, ...(terminal ? { terminal } : {}), onInterrupt });
};
// eval --model talks to providers: asynchronous, Ctrl-C stops it with the runs done reported.
const runEvalModels = async () => {
  const { runEvalModelsCli } = await import('./commands/eval/run-models');
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  if ('error' in options.bundle) return { stdout: '', stderr: `${options.bundle.error}\n`, exitCode: 2 };
  return runEvalModelsCli(args.slice(1), { validator, bundle: options.bundle, toolsets: options.toolsets ?? [options.bundle], color: options.color, readStdin: () => undefined, readFile: options.readFile, writeFile: options.writeFile }, { env: process.env, signal: controller.signal, progress: (line) => process.stderr.write(line) });
};
// emulator serves until Ctrl-C: asynchronous, and its server code is loaded only when it runs.
const runEmulator = async () => {
  const { runEmulatorCli } = await import('./commands/emulator');
  const stopped = new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  return runEmulatorCli(args.slice(1), { write: (text) => process.stdout.write(text), stopped });
};
// site builds and serves a static site of any toolset, from the prebuilt site shipped beside this file.
const runSite = async () => {
  const { runSiteCli } = await import('./commands/site/index');
  return runSiteCli(args.slice(1), { validator, shell: fileURLToPath(new URL('../generated/site-shell/', import.meta.url)) });
};
const isModelEval = args[0] === 'eval' && args.some((argument) => argument === '--model' || argument.startsWith('--model='));
// Each kind of command loads its own code only (chunks of the build): a batch check never parses the other commands.
const runBatch = async () => (await import('./run-batch')).runBatchCli(args, { ...options, openLines });
const runSync = async () => (await import('./run')).runCli(args, options);
const result = args[0] === 'mcp' ? await runMcp() : args[0] === 'emulator' ? await runEmulator() : args[0] === 'site' ? await runSite() : isModelEval ? await runEvalModels() : isBatchValidate(args) ? await runBatch() : await runSync();
if (result.stdout) process.stdout.write(result.stdout);
if (result.stderr) process.stderr.write(result.stderr.endsWith('\n') ? result.stderr : `${result.stderr}\n`);
process.exitCode = result.exitCode;
