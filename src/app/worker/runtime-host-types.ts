/** The runtime host's options and face: what the worker gives it, and what the worker calls. */
import type { Validator } from '../../core/validation/validator';
import type { PythonRunner, ToolImplementation } from '../../core/runtime/types';
import type { ToolDefinition } from '../../core/toolset/types';
import type { WorkspaceSnapshot } from '../../core/workspace/types';
import type { WorkspaceImpl } from '../../core/workspace/workspace';
import type { CallEvent, CallTarget, PageToWorkerMessage, WorkerToPageMessage } from './protocol';
import type { SnapshotStore } from './snapshot-store';

/** Set by the host while Python loads, so the page can pause the call's watchdog and say so. */
interface PythonLoadingHooks {
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
  /** What the worker says of its own accord (loaded, the workspace changed), answering no request. */
  post(message: WorkerToPageMessage): void;
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
  /** The network a web tool's call uses (its one request goes through the page); the global fetch when absent. */
  fetchFor?(callId: string): typeof fetch;
  persistDelayMs?: number;
  /** Calls running at once before others queue (3 when absent). */
  maxConcurrent?: number;
}

export interface RuntimeHost {
  /**
   * Answers one request of the page (`serveRequests`' handler): an `execute` sends its call's events to `progress`
   * and answers with its `CallCompletion`; `transfer` names buffers the answer moves.
   */
  serve(
    message: PageToWorkerMessage,
    progress: (event: CallEvent) => void,
    transfer: (objects: Transferable[]) => void,
  ): Promise<unknown>;
  /** Resolves once the workspace is loaded. */
  readonly ready: Promise<void>;
}
