/**
 * Runs a JavaScript program with QuickJS (quickjs-emscripten, release-sync WebAssembly build) as
 * the workspace's `node`. The interpreter loads on first use and is shared; every run gets its
 * own runtime and context, a memory limit, and an interrupt handler that stops the program at the
 * shell's deadline (a `while (true) {}` included).
 *
 * Unlike Node, an unhandled promise rejection is not reported (QuickJS gives the host no hook for it).
 */
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
  type VmCallResult,
} from 'quickjs-emscripten-core';
import type { IFileSystem } from 'just-bash';
import { WORKSPACE_ROOT } from '../types';
import { WorkspaceFileView } from './file-view';
import { NODE_LIBRARIES } from '../../../generated/node-libraries.js';
import { NODE_PRELUDE } from './node-prelude';

/** What `node --version` and `process.version` say: Node's API level, and that QuickJS runs it. */
const NODE_VERSION = 'v20.0.0-quickjs';

const DEFAULT_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;
const MAX_STACK_BYTES = 256 * 1024;
const MAX_OUTPUT_CHARS = 8 * 1024 * 1024;
const NODE_TIMEOUT_EXIT_CODE = 124;

type NodeProgram = { kind: 'file'; path: string } | { kind: 'eval'; code: string; print: boolean; filename: string };

export interface NodeRunOptions {
  program: NodeProgram;
  /** Arguments after the script (process.argv from index 2). */
  args: string[];
  /** Absolute working directory inside the workspace. */
  cwd: string;
  env: Record<string, string>;
  /** The workspace's file system (the program's `fs` module is confined to the workspace). */
  fs: IFileSystem;
  /** Epoch milliseconds at which the program is interrupted. */
  deadline: number;
  signal?: AbortSignal;
  memoryLimitBytes?: number;
}

export interface NodeRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  timedOut: boolean;
}

let quickJsModule: Promise<QuickJSWASMModule> | null = null;

/** Load QuickJS once; a failed load is retried on the next call. */
export function loadQuickJs(): Promise<QuickJSWASMModule> {
  if (!quickJsModule) {
    quickJsModule = newQuickJSWASMModuleFromVariant(releaseSyncVariant);
    quickJsModule.catch(() => {
      quickJsModule = null;
    });
  }
  return quickJsModule;
}

class OutputBuffer {
  private text = '';
  private dropped = 0;

  /** True once the program printed more than the output limit: the run is stopped. */
  get full(): boolean {
    return this.dropped > 0;
  }

  append(chunk: string): void {
    const room = MAX_OUTPUT_CHARS - this.text.length;
    if (chunk.length <= room) this.text += chunk;
    else {
      this.text += chunk.slice(0, Math.max(0, room));
      this.dropped += chunk.length - Math.max(0, room);
    }
  }

  /** A line from the runtime itself, kept even when the program's output filled the buffer. */
  note(line: string): void {
    this.text += line;
  }

  finish(): string {
    return this.dropped > 0 ? `${this.text}\n[output truncated: ${this.dropped} more characters]\n` : this.text;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/[^A-Za-z0-9+/=]/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function exactArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}

/** Thrown inside a host function to stop the program (process.exit). */
const EXIT_MESSAGE = 'process.exit';
/** Thrown inside a host function when the program's output passed the limit. */
const OUTPUT_LIMIT_MESSAGE = 'output limit';

export async function runNodeProgram(options: NodeRunOptions): Promise<NodeRun> {
  const stdout = new OutputBuffer();
  const stderr = new OutputBuffer();
  let quickJs: QuickJSWASMModule;
  try {
    quickJs = await loadQuickJs();
  } catch (error) {
    return {
      stdout: '',
      stderr: `node: the JavaScript engine could not be loaded: ${error instanceof Error ? error.message : String(error)}\n`,
      exitCode: 127,
      timedOut: false,
    };
  }
  const view = await WorkspaceFileView.load(options.fs, options.cwd);
  const runtime = quickJs.newRuntime();
  let exitRequested: number | null = null;
  let timedOut = false;
  let cancelled = false;
  const memoryLimit = options.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT_BYTES;
  runtime.setMemoryLimit(memoryLimit);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setInterruptHandler(() => {
    if (exitRequested !== null || stdout.full || stderr.full) return true;
    if (Date.now() > options.deadline) {
      timedOut = true;
      return true;
    }
    if (options.signal?.aborted) {
      cancelled = true;
      return true;
    }
    return false;
  });
  const context = runtime.newContext();
  let exitCode = 0;
  try {
    const runtimeObject = installAndBoot(
      context,
      view,
      options,
      stdout,
      stderr,
      () => exitRequested,
      (code) => {
        exitRequested = code;
      },
    );
    const stopped = (): boolean => exitRequested !== null || timedOut || cancelled || stdout.full || stderr.full;

    let failure: QuickJSHandle | null = null;
    const fail = (handle: QuickJSHandle): void => {
      if (failure === null && !stopped()) failure = handle;
      else handle.dispose();
    };

    // The main script.
    if (options.program.kind === 'file') {
      const result = callMethod(context, runtimeObject, 'runMain', [options.program.path]);
      if (result.error) fail(result.error);
      else result.value.dispose();
    } else {
      callMethod(context, runtimeObject, 'prepareEval', []).value?.dispose();
      const result = context.evalCode(options.program.code, options.program.filename);
      if (result.error) fail(result.error);
      else {
        if (options.program.print && !stopped()) {
          const printed = callMethod(context, runtimeObject, 'inspect', [result.value]);
          if (printed.value) {
            stdout.append(`${context.getString(printed.value)}\n`);
            printed.value.dispose();
          } else if (printed.error) printed.error.dispose();
        }
        result.value.dispose();
      }
    }

    // Promise jobs, then timers in due order, until nothing is left.
    while (failure === null && !stopped()) {
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) {
        fail(jobs.error);
        break;
      }
      if (stopped()) break;
      const next = callMethod(context, runtimeObject, 'runNextTimer', []);
      if (next.error) {
        fail(next.error);
        break;
      }
      const more = context.dump(next.value) === true;
      next.value.dispose();
      if (!more) {
        const last = runtime.executePendingJobs(-1);
        if (last.error) fail(last.error);
        break;
      }
    }

    const uncaught = failure as QuickJSHandle | null;
    if (timedOut) {
      exitCode = NODE_TIMEOUT_EXIT_CODE;
      stderr.append(`node: interrupted at the execution deadline (the command's time limit)\n`);
    } else if (cancelled) {
      exitCode = 130;
      stderr.append('node: cancelled\n');
    } else if (stdout.full || stderr.full) {
      exitCode = 1;
      stderr.note(
        `node: stopped: the program printed more than the ${MAX_OUTPUT_CHARS / (1024 * 1024)} MB output limit; write large output to a file\n`,
      );
    } else if (exitRequested !== null) {
      exitCode = exitRequested;
    } else if (uncaught) {
      const described = describeUncaught(context, runtimeObject, uncaught, view);
      stderr.append(described);
      if (/InternalError: out of memory/.test(described)) stderr.append(memoryLimitNote(memoryLimit));
      uncaught.dispose();
      exitCode = 1;
    } else {
      const code = callMethod(context, runtimeObject, 'exitCode', []);
      exitCode = code.value ? Number(context.dump(code.value)) || 0 : 0;
      code.value?.dispose();
      code.error?.dispose();
      const handlers = callMethod(context, runtimeObject, 'runExitHandlers', [exitCode]);
      handlers.value?.dispose();
      handlers.error?.dispose();
      if (exitRequested !== null) exitCode = exitRequested;
    }
    runtimeObject.dispose();
  } catch (error) {
    // A fault of the engine itself (out of memory while converting a value, …), not of the program.
    const message = error instanceof Error ? error.message : String(error);
    stderr.append(`node: ${message}\n`);
    if (/out of memory/i.test(message)) stderr.append(memoryLimitNote(memoryLimit));
    exitCode = timedOut ? NODE_TIMEOUT_EXIT_CODE : 1;
  } finally {
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // An engine that failed to free its runtime may be in a bad state: the next run loads a fresh one.
      quickJsModule = null;
    }
  }
  await view.flush(options.fs);
  return { stdout: stdout.finish(), stderr: stderr.finish(), exitCode, timedOut };
}

function memoryLimitNote(limitBytes: number): string {
  return `node: the program used more than the ${Math.round(limitBytes / (1024 * 1024))} MB memory limit; work on the data in smaller pieces\n`;
}

type CallOutcome = { value: QuickJSHandle; error?: undefined } | { value?: undefined; error: QuickJSHandle };

function callMethod(
  context: QuickJSContext,
  object: QuickJSHandle,
  name: string,
  args: (string | number | QuickJSHandle)[],
): CallOutcome {
  const method = context.getProp(object, name);
  const created: QuickJSHandle[] = [];
  const handles = args.map((argument) => {
    if (typeof argument === 'string') {
      const handle = context.newString(argument);
      created.push(handle);
      return handle;
    }
    if (typeof argument === 'number') {
      const handle = context.newNumber(argument);
      created.push(handle);
      return handle;
    }
    return argument;
  });
  try {
    const result = context.callFunction(method, object, ...handles);
    return 'error' in result && result.error
      ? { error: result.error }
      : { value: (result as { value: QuickJSHandle }).value };
  } finally {
    method.dispose();
    for (const handle of created) handle.dispose();
  }
}

/** The host functions (`__host`), then the prelude; returns the prelude's runtime object. */
function installAndBoot(
  context: QuickJSContext,
  view: WorkspaceFileView,
  options: NodeRunOptions,
  stdout: OutputBuffer,
  stderr: OutputBuffer,
  exitRequested: () => number | null,
  requestExit: (code: number) => void,
): QuickJSHandle {
  const hostObject = context.newObject();
  const string = (handle: QuickJSHandle | undefined): string => (handle === undefined ? '' : context.getString(handle));
  const bytesOf = (handle: QuickJSHandle | undefined): Uint8Array => {
    if (handle === undefined) return new Uint8Array(0);
    if (context.typeof(handle) === 'string') return encoder.encode(context.getString(handle));
    const lifetime = context.getArrayBuffer(handle);
    try {
      return lifetime.value.slice();
    } finally {
      lifetime.dispose();
    }
  };
  const define = (
    name: string,
    implementation: (...args: QuickJSHandle[]) => QuickJSHandle | VmCallResult<QuickJSHandle> | undefined,
  ): void => {
    const fn = context.newFunction(name, (...args) => {
      if (exitRequested() !== null) throw new Error(EXIT_MESSAGE);
      return implementation(...args);
    });
    context.setProp(hostObject, name, fn);
    fn.dispose();
  };
  const config = {
    argv: ['/usr/local/bin/node', ...(options.program.kind === 'file' ? [options.program.path] : []), ...options.args],
    env: options.env,
    cwd: options.cwd,
    root: WORKSPACE_ROOT,
    version: NODE_VERSION,
    startedAt: Date.now(),
  };

  define('config', () => context.newString(JSON.stringify(config)));
  define('write', (fd, text) => {
    const stream = context.getNumber(fd!) === 2 ? stderr : stdout;
    stream.append(string(text));
    // Past the output limit the program stops here, not at the interrupt handler's next look.
    if (stream.full) throw new Error(OUTPUT_LIMIT_MESSAGE);
    return undefined;
  });
  define('exit', (code) => {
    requestExit(code === undefined ? 0 : Math.trunc(context.getNumber(code)) & 0xff);
    throw new Error(EXIT_MESSAGE);
  });
  define('utf8Encode', (text) => context.newArrayBuffer(exactArrayBuffer(encoder.encode(string(text)))));
  define('utf8Decode', (bytes) => context.newString(decoder.decode(bytesOf(bytes))));
  define('base64Encode', (bytes) => context.newString(toBase64(bytesOf(bytes))));
  define('base64Decode', (text) => context.newArrayBuffer(exactArrayBuffer(fromBase64(string(text)))));
  define('fsRead', (path) => context.newArrayBuffer(exactArrayBuffer(view.readFile(string(path)))));
  define('fsWrite', (path, data, append) => {
    view.writeFile(string(path), bytesOf(data), append !== undefined && context.dump(append) === true);
    return undefined;
  });
  define('fsExists', (path) => (view.exists(string(path)) ? context.true : context.false));
  define('fsStat', (path) => context.newString(JSON.stringify(view.stat(string(path)))));
  define('fsReaddir', (path) => context.newString(JSON.stringify(view.readdir(string(path)))));
  define('fsMkdir', (path, recursive) => {
    view.mkdir(string(path), recursive !== undefined && context.dump(recursive) === true);
    return undefined;
  });
  define('fsRemove', (path, directories, recursive, force) => {
    const flag = (handle: QuickJSHandle | undefined) => handle !== undefined && context.dump(handle) === true;
    const directoriesAllowed = flag(directories);
    view.remove(string(path), {
      directories: directoriesAllowed,
      recursive: flag(recursive),
      force: flag(force),
      syscall: directoriesAllowed ? 'rm' : 'unlink',
    });
    return undefined;
  });
  define('fsRename', (from, to) => {
    view.rename(string(from), string(to));
    return undefined;
  });
  // The bundled npm ports of Node's modules (path, events, util, assert), evaluated by the prelude on first use.
  define('library', (name) => context.newString(NODE_LIBRARIES[string(name)] ?? ''));
  define('compile', (source, filename) => {
    // The wrapper's opening stays on line 1 so line numbers in stacks match the file.
    const wrapped = `(function (exports, require, module, __filename, __dirname) {${string(source)}\n})`;
    const result = context.evalCode(wrapped, string(filename));
    return result;
  });
  context.setProp(context.global, '__host', hostObject);
  hostObject.dispose();
  return context.unwrapResult(context.evalCode(NODE_PRELUDE, 'node:internal/prelude'));
}

/** Node's report of an uncaught exception: where it was thrown, the line, then the error and its stack. */
function describeUncaught(
  context: QuickJSContext,
  runtimeObject: QuickJSHandle,
  error: QuickJSHandle,
  view: WorkspaceFileView,
): string {
  const described = callMethod(context, runtimeObject, 'describeError', [error]);
  let text: string;
  if (described.value) {
    // The prelude's own frames say nothing about the program.
    let frames = 0;
    text = context
      .getString(described.value)
      .split('\n')
      .filter((line) => !/^\s+at .*(node:internal\/prelude|\(native\))/.test(line))
      // Node shows ten frames; a stack overflow would otherwise print thousands.
      .filter((line) => !/^\s+at /.test(line) || ++frames <= 10)
      .join('\n');
    described.value.dispose();
  } else {
    described.error.dispose();
    text = 'Uncaught exception';
  }
  const frame = /\(?((?:\/|\[eval\])[^():]*):(\d+)(?::(\d+))?\)?/.exec(text.split('\n').slice(1).join('\n'));
  let location = '';
  if (frame && frame[1]!.startsWith('/')) {
    try {
      const lines = decoder.decode(view.readFile(frame[1]!)).split('\n');
      const line = lines[Number(frame[2]) - 1];
      if (line !== undefined) {
        const column = line.length - line.trimStart().length;
        location = `${frame[1]}:${frame[2]}\n${line}\n${' '.repeat(column)}^\n\n`;
      }
    } catch {
      // The frame names a file outside the view; the stack alone will do.
    }
  }
  return `${location}${text}\n\nNode.js ${NODE_VERSION}\n`;
}
