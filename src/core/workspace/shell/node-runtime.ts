/**
 * Runs a JavaScript program with QuickJS (quickjs-emscripten, release-sync WebAssembly build) as
 * the workspace's `node`. The interpreter loads on first use and is shared; every run gets its
 * own runtime and context, a memory limit, and an interrupt handler that stops the program at the
 * shell's deadline (a `while (true) {}` included).
 *
 * Unlike Node, an unhandled promise rejection is not reported (QuickJS gives the host no hook for it).
 */
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { IFileSystem } from 'just-bash';
import { WorkspaceFileView } from './file-view';
import { callMethod, installAndBoot, MAX_OUTPUT_CHARS, OutputBuffer, type NodeLaunch } from './node-host';
import { describeUncaught } from './node-uncaught';

const DEFAULT_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;
const MAX_STACK_BYTES = 256 * 1024;
const NODE_TIMEOUT_EXIT_CODE = 124;

export interface NodeRunOptions extends NodeLaunch {
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

/** Runs one program to its end, its exit, its deadline or its cancelling; the engine's faults come back as its stderr. */
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
