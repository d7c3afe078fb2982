/**
 * The host side of the workspace's `node`: the functions a program reaches through `__host` (its output, its exit, the
 * workspace's files, the bundled libraries, compiling a module), installed in a QuickJS context before the prelude.
 */
import type { QuickJSContext, QuickJSHandle, VmCallResult } from 'quickjs-emscripten-core';
import { WORKSPACE_ROOT } from '../types';
import type { WorkspaceFileView } from './file-view';
import { NODE_LIBRARIES } from '../../../generated/node-libraries.js';
import { NODE_PRELUDE } from './node-prelude';

/** What `node --version` and `process.version` say: Node's API level, and that QuickJS runs it. */
export const NODE_VERSION = 'v20.0.0-quickjs';

export const MAX_OUTPUT_CHARS = 8 * 1024 * 1024;

type NodeProgram = { kind: 'file'; path: string } | { kind: 'eval'; code: string; print: boolean; filename: string };

/** What the program is started with: its script, arguments, directory and environment. */
export interface NodeLaunch {
  program: NodeProgram;
  /** Arguments after the script (process.argv from index 2). */
  args: string[];
  /** Absolute working directory inside the workspace. */
  cwd: string;
  env: Record<string, string>;
}

/** A stream's output, kept up to the output limit. */
export class OutputBuffer {
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
export const decoder = new TextDecoder('utf-8');

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

type CallOutcome = { value: QuickJSHandle; error?: undefined } | { value?: undefined; error: QuickJSHandle };

/** Calls a method of an object in the context, freeing the handles it made. */
export function callMethod(
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
export function installAndBoot(
  context: QuickJSContext,
  view: WorkspaceFileView,
  options: NodeLaunch,
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
