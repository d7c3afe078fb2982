/**
 * What runs inside the runtime worker: it owns the workspace and the execution service, answers the
 * page's messages, forwards approvals and questions to the page, and persists the workspace.
 * Kept free of `self` so tests can drive it directly.
 */
import { DEFAULT_TIMEOUT_MS, createExecutionService } from '../../core/runtime/service';
import { createExecutionLimiter, DEFAULT_MAX_CONCURRENT } from '../../core/runtime/limiter';
import { cancelled, fromError } from '../../core/runtime/result';
import type { ProgressReport, PythonRunner } from '../../core/runtime/types';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
import type { WorkspaceImpl } from '../../core/workspace/workspace';
import { callDialogs, createPageDialogs, refusingInteraction } from './page-dialogs';
import {
  callIdOf,
  callTimeoutMs,
  type CallCompletion,
  type CallEvent,
  type CallTarget,
  type PageToWorkerMessage,
  type WorkerToPageMessage,
  type WorkspaceRequestMessage,
  type WorkspaceTree,
} from './protocol';
import type { RuntimeHost, RuntimeHostOptions, ToolsetRuntime } from './runtime-host-types';
import { snapshotChanges } from '../../core/workspace/merge-snapshots';
import { DebouncedPersister } from './snapshot-store';
import { readFileView, workspaceTree as workspaceTreeOf } from './workspace-view';
import { memoryRestartReason } from './memory';
import { unsavedResult } from './unsaved-result';

export type { RuntimeHost, RuntimeHostOptions, ToolsetRuntime } from './runtime-host-types';

export function createRuntimeHost(options: RuntimeHostOptions): RuntimeHost {
  const defaultRuntime: ToolsetRuntime = { tools: options.tools, implementations: options.implementations };

  /** The toolset a call names; an unknown one has no tools, so the call ends as tool_not_found with the closest names. */
  function runtimeFor(target: CallTarget): ToolsetRuntime {
    if (target.imported) {
      if (!options.createImported) return { tools: [], implementations: new Map() };
      const { definition } = target.imported;
      return {
        tools: [definition],
        implementations: new Map([[definition.name, options.createImported(target.imported)]]),
      };
    }
    if (target.toolset === undefined || target.toolset === DEFAULT_TOOLSET_ID) return defaultRuntime;
    return options.toolsets?.[target.toolset] ?? { tools: [], implementations: new Map() };
  }
  const controllers = new Map<string, AbortController>();
  /** Each running call's progress: where its events go, rather than to the page at large. */
  const streams = new Map<string, (event: CallEvent) => void>();
  /** A call's event to its request's progress; what belongs to no running call, to the page at large. */
  function post(message: WorkerToPageMessage): void {
    const callId = callIdOf(message);
    const stream = callId === null || message.type === 'completed' ? undefined : streams.get(callId);
    if (stream) stream(message as CallEvent);
    else options.post(message);
  }
  const dialogs = createPageDialogs(post);
  // One limit for every call of the page (3 at once), taken before a call is announced as
  // started, so the page's timeout for a call does not run while it waits.
  const limiter = createExecutionLimiter(options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT);
  const sessionId = `session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let dialogCount = 0;
  /** Unique across this page's workers: a restarted worker's dialogs never take an earlier one's id. */
  const nextDialogId = (): string => `${sessionId}-dialog-${++dialogCount}`;
  let workspace: WorkspaceImpl | null = null;
  let currentPythonCall: string | null = null;

  const persister = new DebouncedPersister(
    options.store,
    async () => {
      if (!workspace) throw new Error('The workspace is not loaded');
      return workspace.snapshot();
    },
    options.persistDelayMs ?? 200,
    async ({ merged, conflicts }, saved) => {
      // Another tab saved this workspace meanwhile: take what it changed, path by path, into the live copy.
      const current = loadedWorkspace();
      const changes = snapshotChanges(saved, merged);
      if (changes === false) await current.restore(merged);
      else {
        for (const path of changes.remove) await current.remove(path);
        for (const [path, bytes] of Object.entries(changes.write)) await current.writeBytes(path, bytes);
      }
      post({ type: 'workspace-changed' });
      if (conflicts.length > 0)
        mergeNotes.push(
          `Another tab changed ${conflicts.slice(0, 5).join(', ')}${conflicts.length > 5 ? ` and ${conflicts.length - 5} more` : ''} too; this tab's version was kept.`,
        );
    },
  );
  /** What a call's result must also say about saving the workspace (a refused write, a merge with another tab). */
  const mergeNotes: string[] = [];
  function persistenceNote(): string | null {
    const notes = mergeNotes.splice(0);
    return notes.length > 0 ? notes.join(' ') : null;
  }

  const python = options.createPython?.(
    {
      onLoading(state, message) {
        post({ type: 'runtime-loading', callId: currentPythonCall, runtime: 'python', state, message });
      },
    },
    () => loadedWorkspace(),
  );

  /**
   * Why the browser gives this page no storage at all (its workspace could not even be read: a frame on another site
   * with storage blocked, a private window), or null. Such a page's workspace lives in its tab: a change it cannot
   * save is said with each call, not a failure, since no call could ever be saved there; a page whose storage worked
   * and then refused (a full disk) fails the call.
   */
  let noStorage: string | null = null;

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
      noStorage = thrown instanceof Error ? thrown.message : String(thrown);
      error = `The saved workspace could not be read (${noStorage}); the sample project was loaded instead`;
    }
    if (!workspace) {
      workspace = await options.createSampleWorkspace();
      persister.markDirty();
      await persister.flush();
    }
    post(error === undefined ? { type: 'ready', source } : { type: 'ready', source, error });
  })();

  function loadedWorkspace(): WorkspaceImpl {
    if (!workspace) throw new Error('The workspace is not loaded');
    return workspace;
  }

  async function execute(
    id: string,
    toolName: string,
    args: Record<string, unknown>,
    pageDefaultTimeoutMs: number | undefined,
    target: CallTarget,
  ): Promise<CallCompletion> {
    const runtime = runtimeFor(target);
    const definitions = new Map(runtime.tools.map((tool) => [tool.name, tool]));
    const controller = new AbortController();
    controllers.set(id, controller);
    let release: (() => void) | null = null;
    try {
      await ready;
      const queuedAt = Date.now();
      try {
        release = await limiter.acquire(
          (position) => post({ type: 'queued', id, position, limit: limiter.limit }),
          controller.signal,
        );
      } catch {
        return {
          type: 'completed',
          id,
          result: { ...cancelled('Cancelled while waiting for a free slot'), durationMs: 0 },
          summary: toolName,
          risk: definitions.get(toolName)?.riskLevel ?? 'safe',
          filesChanged: false,
        };
      }
      const queuedMs = Date.now() - queuedAt;
      // Whatever earlier calls changed is on disk before this one may be killed.
      await persister.flush();
      const current = loadedWorkspace();
      const tool = definitions.get(toolName);
      const implementation = runtime.implementations.get(toolName);
      const signal = controller.signal;

      const { interaction, approve } = callDialogs(dialogs, id, signal, nextDialogId);

      const fallbackTimeoutMs =
        pageDefaultTimeoutMs !== undefined && pageDefaultTimeoutMs > 0 ? pageDefaultTimeoutMs : DEFAULT_TIMEOUT_MS;
      const service = createExecutionService({
        validator: options.validator,
        tools: runtime.tools,
        implementations: runtime.implementations,
        workspace: current,
        interaction,
        defaultTimeoutMs: fallbackTimeoutMs,
        python: python ? trackPythonCall(python, id) : undefined,
        ...(options.fetchFor ? { fetch: options.fetchFor(id) } : {}),
        sessionId,
        // The page's limit was taken above.
        maxConcurrent: Number.POSITIVE_INFINITY,
        approve,
      });

      const described = await service.describe(toolName, args);
      if (tool && described) {
        const timeoutMs = callTimeoutMs(tool, args, implementation?.defaultTimeoutMs ?? fallbackTimeoutMs);
        post({
          type: 'started',
          id,
          tool: toolName,
          summary: described.summary,
          risk: described.risk,
          timeoutMs,
        });
      }

      const executed = await service.execute(toolName, args, {
        signal,
        onProgress: (report: ProgressReport) => post({ type: 'progress', id, report }),
      });
      const result = executed.execution ? { ...executed, execution: { ...executed.execution, queuedMs } } : executed;
      // Read-only tools are "safe"; anything else may have touched files or .git. (A URL read changes nothing.)
      const filesChanged =
        result.artifacts.some((artifact) => artifact.type !== 'url') ||
        (tool !== undefined && tool.riskLevel !== 'safe' && result.success);
      // The page restarts the worker after such a call: whatever the call wrote is saved before it hears of it.
      const outOfMemory = memoryRestartReason(result, python?.heapBytes?.());
      if (filesChanged || outOfMemory) {
        // On disk before the page hears of it: a reload (or a kill) right after a result loses nothing.
        persister.markDirty();
        await persister.flush();
      }
      // A change the browser refused to save fails the call, with the reason: the person and the model both hear it.
      const unsaved = filesChanged ? persister.lastError : null;
      if (unsaved !== null && noStorage !== null)
        mergeNotes.push(
          `This page has no storage in this browser (${noStorage.replace(/\.$/, '')}): the change holds in this tab until it is reloaded. Export the workspace as a zip to keep it.`,
        );
      const saved = unsaved !== null && noStorage === null ? unsavedResult(result, unsaved) : result;
      const note = persistenceNote();
      if (filesChanged) post({ type: 'workspace-changed' });
      return {
        type: 'completed',
        id,
        result: note ? { ...saved, message: `${saved.message} ${note}`.trim() } : saved,
        summary: described?.summary ?? toolName,
        risk: described?.risk ?? tool?.riskLevel ?? 'safe',
        filesChanged,
        ...(outOfMemory ? { outOfMemory } : {}),
      };
    } catch (thrown) {
      const result = fromError(thrown);
      const outOfMemory = memoryRestartReason(result, python?.heapBytes?.());
      return {
        type: 'completed',
        id,
        result,
        summary: toolName,
        risk: definitions.get(toolName)?.riskLevel ?? 'safe',
        filesChanged: false,
        ...(outOfMemory ? { outOfMemory } : {}),
      };
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

  const workspaceTree = (): Promise<WorkspaceTree> => workspaceTreeOf(loadedWorkspace());

  async function answerRequest(
    message: WorkspaceRequestMessage,
  ): Promise<{ value: unknown; transfer?: Transferable[] }> {
    await ready;
    switch (message.kind) {
      case 'workspace-tree':
        return { value: await workspaceTree() };
      case 'read-file':
        return { value: await readFileView(loadedWorkspace(), message.params.path) };
      case 'reset': {
        workspace = await options.createSampleWorkspace();
        persister.markDirty();
        await persister.flush();
        post({ type: 'workspace-changed' });
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
      case 'sync':
        // Another tab saved: saving now meets its copy, merges, and takes its changes.
        persister.markDirty();
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
        post({ type: 'workspace-changed' });
        return { value: await workspaceTree() };
      }
    }
  }

  /** Answers one request of the page: a call streams its events to `progress` and answers with its completion. */
  async function serve(
    message: PageToWorkerMessage,
    progress: (event: CallEvent) => void,
    transfer: (objects: Transferable[]) => void,
  ): Promise<unknown> {
    switch (message.type) {
      case 'execute':
        streams.set(message.id, progress);
        try {
          return await execute(message.id, message.tool, message.args, message.defaultTimeoutMs, {
            toolset: message.toolset,
            imported: message.imported,
          });
        } finally {
          streams.delete(message.id);
        }
      case 'cancel':
        controllers.get(message.id)?.abort(new Error('Cancelled by the user'));
        return null;
      case 'approval-response':
        dialogs.answer(
          message.dialogId,
          message.args !== undefined
            ? { approved: message.approved, args: message.args }
            : { approved: message.approved },
        );
        return null;
      case 'ask-response':
        dialogs.answer(message.dialogId, { answer: message.answer });
        return null;
      case 'confirm-response':
        dialogs.answer(message.dialogId, { confirmed: message.confirmed });
        return null;
      case 'request': {
        const answer = await answerRequest(message);
        if (answer.transfer) transfer(answer.transfer);
        return answer.value;
      }
    }
  }

  return { serve, ready };
}
