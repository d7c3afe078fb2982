/**
 * What runs inside the runtime worker: it owns the workspace and the execution service, answers the
 * page's messages, forwards approvals and questions to the page, and persists the workspace.
 * Kept free of `self` so tests can drive it directly.
 */
import type { Validator } from '../../core/validation/validator';
import git from 'isomorphic-git';
import { DEFAULT_TIMEOUT_MS, createExecutionService } from '../../core/runtime/service';
import { createExecutionLimiter, DEFAULT_MAX_CONCURRENT } from '../../core/runtime/limiter';
import { cancelled, fromError } from '../../core/runtime/result';
import type { ProgressReport, PythonRunner, ToolImplementation, UserInteraction } from '../../core/runtime/types';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
import type { ToolDefinition } from '../../core/toolset/types';
import type { WorkspaceImpl } from '../../core/workspace/workspace';
import { WORKSPACE_ROOT, type WorkspaceSnapshot } from '../../core/workspace/types';
import {
  buildWorkspaceTree,
  callTimeoutMs,
  createMessageId,
  markFromStatusMatrixRow,
  type FileMark,
  type CallTarget,
  type FileView,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
  type WorkspaceRequestMessage,
  type WorkspaceTree,
} from './protocol';
import { DebouncedPersister, type SnapshotStore } from './snapshot-store';

/** Set by the host while Python loads, so the page can pause the call's watchdog and say so. */
export interface PythonLoadingHooks {
  onLoading(state: 'loading' | 'ready' | 'failed', message: string): void;
}

/** The definitions and handlers of one toolset. */
export interface ToolsetRuntime {
  tools: ToolDefinition[];
  implementations: Map<string, ToolImplementation>;
}

export interface RuntimeHostOptions {
  /** The worker's validator (createValidator): every call is checked with it. */
  validator: Validator;
  post(message: WorkerToPageMessage, transfer?: Transferable[]): void;
  store: SnapshotStore;
  /** The default toolset's definitions and handlers. */
  tools: ToolDefinition[];
  implementations: Map<string, ToolImplementation>;
  /** The other bundled toolsets, by id. */
  toolsets?: Record<string, ToolsetRuntime>;
  /** The handler of an imported tool: its mock. Without it imported tools are not found. */
  createImported?(imported: NonNullable<CallTarget['imported']>): ToolImplementation;
  /** A workspace restored from a snapshot. */
  restoreWorkspace(snapshot: WorkspaceSnapshot): Promise<WorkspaceImpl>;
  /** A fresh sample project (first visit, reset). */
  createSampleWorkspace(): Promise<WorkspaceImpl>;
  /** Python for execute_script, over the current workspace; the hooks report its (slow, first-time) loading. */
  createPython?(hooks: PythonLoadingHooks, currentWorkspace: () => WorkspaceImpl): PythonRunner;
  persistDelayMs?: number;
  /** Calls running at once before others queue (seed 001's default, 3, when absent). */
  maxConcurrent?: number;
}

export interface RuntimeHost {
  handle(message: PageToWorkerMessage): void;
  /** Resolves once the workspace is loaded. */
  readonly ready: Promise<void>;
}

const MAX_VIEW_BYTES = 2 * 1024 * 1024;

type DialogAnswer = { approved?: boolean; args?: Record<string, unknown>; answer?: string | null; confirmed?: boolean };

export function createRuntimeHost(options: RuntimeHostOptions): RuntimeHost {
  const defaultRuntime: ToolsetRuntime = { tools: options.tools, implementations: options.implementations };

  /** The toolset a call names; an unknown one has no tools, so the call ends as ToolNotFound with the closest names. */
  function runtimeFor(target: CallTarget): ToolsetRuntime {
    if (target.imported) {
      if (!options.createImported) return { tools: [], implementations: new Map() };
      const { definition } = target.imported;
      return { tools: [definition], implementations: new Map([[definition.name, options.createImported(target.imported)]]) };
    }
    if (target.toolset === undefined || target.toolset === DEFAULT_TOOLSET_ID) return defaultRuntime;
    return options.toolsets?.[target.toolset] ?? { tools: [], implementations: new Map() };
  }
  const controllers = new Map<string, AbortController>();
  const dialogs = new Map<string, (answer: DialogAnswer) => void>();
  // One limit for every call of the page (seed 001: 3 at once), taken before a call is announced as
  // started, so the page's timeout for a call does not run while it waits.
  const limiter = createExecutionLimiter(options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT);
  const sessionId = `session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let workspace: WorkspaceImpl | null = null;
  let currentPythonCall: string | null = null;

  const persister = new DebouncedPersister(
    options.store,
    async () => {
      if (!workspace) throw new Error('The workspace is not loaded');
      return workspace.snapshot();
    },
    options.persistDelayMs ?? 200,
  );

  const python = options.createPython?.(
    {
      onLoading(state, message) {
        options.post({ type: 'runtime-loading', callId: currentPythonCall, runtime: 'python', state, message });
      },
    },
    () => loadedWorkspace(),
  );

  const ready = (async () => {
    let source: 'persisted' | 'sample' = 'sample';
    let error: string | undefined;
    try {
      const snapshot = await options.store.load();
      if (snapshot && Object.keys(snapshot.files).length > 0) {
        workspace = await options.restoreWorkspace(snapshot);
        source = 'persisted';
      }
    } catch (thrown) {
      error = `The saved workspace could not be read (${thrown instanceof Error ? thrown.message : String(thrown)}); the sample project was loaded instead`;
    }
    if (!workspace) {
      workspace = await options.createSampleWorkspace();
      persister.markDirty();
      await persister.flush();
    }
    options.post(error === undefined ? { type: 'ready', source } : { type: 'ready', source, error });
  })();

  function loadedWorkspace(): WorkspaceImpl {
    if (!workspace) throw new Error('The workspace is not loaded');
    return workspace;
  }

  /** Post a dialog to the page and wait for its answer; a cancelled call closes it. */
  function openDialog<T>(
    signal: AbortSignal,
    message: WorkerToPageMessage & { dialogId: string },
    read: (answer: DialogAnswer) => T,
    onAbort: () => T | Error,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const dialogId = message.dialogId;
      const abort = (): void => {
        dialogs.delete(dialogId);
        options.post({ type: 'dialog-closed', dialogId });
        const outcome = onAbort();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      if (signal.aborted) {
        abort();
        return;
      }
      signal.addEventListener('abort', abort, { once: true });
      dialogs.set(dialogId, (answer) => {
        signal.removeEventListener('abort', abort);
        dialogs.delete(dialogId);
        resolve(read(answer));
      });
      options.post(message);
    });
  }

  async function execute(
    id: string,
    toolName: string,
    args: Record<string, unknown>,
    pageDefaultTimeoutMs: number | undefined,
    target: CallTarget,
  ): Promise<void> {
    const runtime = runtimeFor(target);
    const definitions = new Map(runtime.tools.map((tool) => [tool.name, tool]));
    const controller = new AbortController();
    controllers.set(id, controller);
    let release: (() => void) | null = null;
    try {
      await ready;
      const queuedAt = Date.now();
      try {
        release = await limiter.acquire((position) => options.post({ type: 'queued', id, position, limit: limiter.limit }), controller.signal);
      } catch {
        options.post({ type: 'completed', id, result: { ...cancelled('Cancelled while waiting for a free slot'), durationMs: 0 }, summary: toolName, risk: definitions.get(toolName)?.riskLevel ?? 'safe', filesChanged: false });
        return;
      }
      const queuedMs = Date.now() - queuedAt;
      // Whatever earlier calls changed is on disk before this one may be killed.
      await persister.flush();
      const current = loadedWorkspace();
      const tool = definitions.get(toolName);
      const implementation = runtime.implementations.get(toolName);
      const signal = controller.signal;

      const interaction: UserInteraction = {
        ask: (question, choices, defaultOption, handlerSignal) =>
          openDialog(
            anySignal(signal, handlerSignal),
            { type: 'ask-request', dialogId: createMessageId('dialog'), callId: id, question, options: choices, defaultOption },
            (answer) => {
              if (typeof answer.answer !== 'string') throw new Error('The question was dismissed without an answer');
              return answer.answer;
            },
            () => new Error('The question was cancelled'),
          ),
        confirm: (action, destructive, handlerSignal) =>
          openDialog(
            anySignal(signal, handlerSignal),
            { type: 'confirm-request', dialogId: createMessageId('dialog'), callId: id, action, destructive },
            (answer) => answer.confirmed === true,
            () => false,
          ),
      };

      const fallbackTimeoutMs = pageDefaultTimeoutMs !== undefined && pageDefaultTimeoutMs > 0 ? pageDefaultTimeoutMs : DEFAULT_TIMEOUT_MS;
      const service = createExecutionService({
        validator: options.validator,
        tools: runtime.tools,
        implementations: runtime.implementations,
        workspace: current,
        interaction,
        defaultTimeoutMs: fallbackTimeoutMs,
        python: python ? trackPythonCall(python, id) : undefined,
        sessionId,
        // The page's limit was taken above.
        maxConcurrent: Number.POSITIVE_INFINITY,
        approve: (request) =>
          openDialog(
            signal,
            {
              type: 'approval-request',
              dialogId: createMessageId('dialog'),
              callId: id,
              tool: request.tool.name,
              summary: request.summary,
              risk: request.risk,
              ...(request.reason ? { reason: request.reason } : {}),
              args: request.args,
            },
            (answer) => (answer.approved === true ? (answer.args !== undefined ? { approved: true, args: answer.args } : true) : false),
            () => false,
          ),
      });

      const described = await service.describe(toolName, args);
      if (tool && described) {
        const timeoutMs = callTimeoutMs(tool, args, implementation?.defaultTimeoutMs ?? fallbackTimeoutMs);
        options.post({ type: 'started', id, tool: toolName, summary: described.summary, risk: described.risk, timeoutMs });
      }

      const executed = await service.execute(toolName, args, {
        signal,
        onProgress: (report: ProgressReport) => options.post({ type: 'progress', id, report }),
      });
      const result = executed.execution ? { ...executed, execution: { ...executed.execution, queuedMs } } : executed;
      // Read-only tools are "safe"; anything else may have touched files or .git. (A URL read changes nothing.)
      const filesChanged = result.artifacts.some((artifact) => artifact.type !== 'url') || (tool !== undefined && tool.riskLevel !== 'safe' && result.success);
      if (filesChanged) {
        // On disk before the page hears of it: a reload (or a kill) right after a result loses nothing.
        persister.markDirty();
        await persister.flush();
      }
      options.post({
        type: 'completed',
        id,
        result,
        summary: described?.summary ?? toolName,
        risk: described?.risk ?? tool?.riskLevel ?? 'safe',
        filesChanged,
      });
      if (filesChanged) options.post({ type: 'workspace-changed' });
    } catch (thrown) {
      options.post({ type: 'completed', id, result: fromError(thrown), summary: toolName, risk: definitions.get(toolName)?.riskLevel ?? 'safe', filesChanged: false });
    } finally {
      release?.();
      controllers.delete(id);
    }
  }

  function trackPythonCall(runner: PythonRunner, callId: string): PythonRunner {
    return {
      run(script, runOptions) {
        currentPythonCall = callId;
        return runner.run(script, runOptions).finally(() => {
          if (currentPythonCall === callId) currentPythonCall = null;
        });
      },
    };
  }

  async function workspaceTree(): Promise<WorkspaceTree> {
    const current = loadedWorkspace();
    const files = await current.listFiles();
    const hasRepository = await current.fs.exists(`${WORKSPACE_ROOT}/.git`);
    if (!hasRepository) return buildWorkspaceTree(files, null, null, 'The workspace is not a git repository');
    try {
      const gitOptions = { fs: current.gitFs, dir: WORKSPACE_ROOT, cache: current.gitCache };
      const [matrix, branch] = await Promise.all([
        git.statusMatrix(gitOptions),
        git.currentBranch({ fs: current.gitFs, dir: WORKSPACE_ROOT }).catch(() => undefined),
      ]);
      const marks = new Map<string, FileMark>();
      for (const row of matrix) marks.set(row[0], markFromStatusMatrixRow(row));
      return buildWorkspaceTree(files, marks, branch ?? null);
    } catch (thrown) {
      return buildWorkspaceTree(files, null, null, thrown instanceof Error ? thrown.message : String(thrown));
    }
  }

  async function readFile(path: string): Promise<FileView> {
    const current = loadedWorkspace();
    const resolved = await current.resolvePath(path, { parameter: 'path', mustExist: true });
    if (!resolved.ok) throw new Error(resolved.error.message);
    const bytes = await current.fs.readFileBuffer(resolved.absolute);
    if (bytes.byteLength > MAX_VIEW_BYTES) {
      return { path: resolved.relative, content: '', size: bytes.byteLength, binary: true };
    }
    try {
      const content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return { path: resolved.relative, content, size: bytes.byteLength, binary: content.includes('\u0000') };
    } catch {
      return { path: resolved.relative, content: '', size: bytes.byteLength, binary: true };
    }
  }

  async function answerRequest(message: WorkspaceRequestMessage): Promise<{ value: unknown; transfer?: Transferable[] }> {
    await ready;
    switch (message.kind) {
      case 'workspace-tree':
        return { value: await workspaceTree() };
      case 'read-file':
        return { value: await readFile(message.params.path) };
      case 'reset': {
        workspace = await options.createSampleWorkspace();
        persister.markDirty();
        await persister.flush();
        options.post({ type: 'workspace-changed' });
        return { value: await workspaceTree() };
      }
      case 'describe': {
        const runtime = runtimeFor(message.params);
        const service = createExecutionService({
          validator: options.validator,
          tools: runtime.tools,
          implementations: runtime.implementations,
          workspace: loadedWorkspace(),
          interaction: refusingInteraction,
        });
        return { value: await service.describe(message.params.tool, message.params.args) };
      }
      case 'flush':
        await persister.flush();
        return { value: null };
      case 'export-zip': {
        const bytes = await loadedWorkspace().toZip();
        return { value: bytes, transfer: [bytes.buffer as ArrayBuffer] };
      }
      case 'import-zip': {
        const imported = await loadedWorkspace().fromZip(message.params.bytes);
        if (!imported.ok) throw new Error(`Import failed: ${imported.message}`);
        persister.markDirty();
        await persister.flush();
        options.post({ type: 'workspace-changed' });
        return { value: await workspaceTree() };
      }
    }
  }

  function handle(message: PageToWorkerMessage): void {
    switch (message.type) {
      case 'execute':
        void execute(message.id, message.tool, message.args, message.defaultTimeoutMs, { toolset: message.toolset, imported: message.imported });
        return;
      case 'cancel':
        controllers.get(message.id)?.abort(new Error('Cancelled by the user'));
        return;
      case 'approval-response':
        dialogs.get(message.dialogId)?.(message.args !== undefined ? { approved: message.approved, args: message.args } : { approved: message.approved });
        return;
      case 'ask-response':
        dialogs.get(message.dialogId)?.({ answer: message.answer });
        return;
      case 'confirm-response':
        dialogs.get(message.dialogId)?.({ confirmed: message.confirmed });
        return;
      case 'request':
        answerRequest(message).then(
          ({ value, transfer }) => options.post({ type: 'response', requestId: message.requestId, ok: true, value }, transfer),
          (thrown: unknown) =>
            options.post({ type: 'response', requestId: message.requestId, ok: false, error: thrown instanceof Error ? thrown.message : String(thrown) }),
        );
        return;
    }
  }

  return { handle, ready };
}

/** For describe(): nothing runs, so nobody is asked. */
const refusingInteraction: UserInteraction = {
  ask: () => Promise.reject(new Error('No questions while describing a call')),
  confirm: () => Promise.resolve(false),
};

/** A signal that aborts when either does. */
function anySignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (first.aborted || second.aborted) abort();
  first.addEventListener('abort', abort, { once: true });
  second.addEventListener('abort', abort, { once: true });
  return controller.signal;
}
