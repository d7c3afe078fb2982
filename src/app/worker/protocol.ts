/**
 * The messages between the page and the runtime worker. Everything crossing the boundary is
 * structured-clone data; the page never shares objects with the worker.
 */
import type { RiskLevel, ToolDefinition } from '../../core/toolset/types';
import type { ProgressReport, ToolResult } from '../../core/runtime/types';
import type { MockSpec } from '../lib/importedToolsets';

/** Which toolset a call belongs to; an imported tool travels with its definition and mock, having no handler. */
export interface CallTarget {
  /** Absent: the default (Acode) toolset. */
  toolset?: string;
  imported?: { definition: ToolDefinition; mock: MockSpec };
}

/** How the explorer marks a file, relative to the last commit. */
export type FileMark = 'unchanged' | 'new' | 'modified' | 'deleted';

export interface WorkspaceTreeEntry {
  /** Workspace-relative path. */
  path: string;
  mark: FileMark;
}

export interface WorkspaceTree {
  entries: WorkspaceTreeEntry[];
  /** Current branch, when git could tell. */
  branch: string | null;
  /** Set when git status could not be read (the tree is then unmarked). */
  statusError?: string;
}

export interface FileView {
  path: string;
  content: string;
  size: number;
  /** True when the bytes are not valid UTF-8 text; `content` is then empty. */
  binary: boolean;
}

/** Requests with a single answer, keyed by type: what the page sends and what it gets back. */
export interface WorkspaceRequestMap {
  'workspace-tree': { params: Record<string, never>; result: WorkspaceTree };
  'read-file': { params: { path: string }; result: FileView };
  reset: { params: Record<string, never>; result: WorkspaceTree };
  'export-zip': { params: Record<string, never>; result: Uint8Array };
  'import-zip': { params: { bytes: Uint8Array }; result: WorkspaceTree };
  /** Write what is not yet persisted now (the page is being hidden or unloaded). */
  flush: { params: Record<string, never>; result: null };
  /** Another tab saved this workspace: take its changes now. */
  sync: { params: Record<string, never>; result: null };
  /** The summary line and effective risk a call would get, without running it (null: unknown tool). */
  describe: {
    params: { tool: string; args: Record<string, unknown> } & CallTarget;
    result: { summary: string; risk: RiskLevel } | null;
  };
}

export type WorkspaceRequestType = keyof WorkspaceRequestMap;

export type WorkspaceRequestMessage = {
  [K in WorkspaceRequestType]: { type: 'request'; kind: K; params: WorkspaceRequestMap[K]['params'] };
}[WorkspaceRequestType];

/**
 * Page → worker: each is one request of the worker client (./worker-client). An `execute` streams its call's events
 * (`CallEvent`) as progress and answers with its `CallCompletion`; a workspace request answers with its result; the
 * others answer null once the worker has taken them.
 */
export type PageToWorkerMessage =
  /** `defaultTimeoutMs`: the page's timeout for tools that set none (the runtime default otherwise). */
  | ({
      type: 'execute';
      id: string;
      tool: string;
      args: Record<string, unknown>;
      defaultTimeoutMs?: number;
    } & CallTarget)
  | { type: 'cancel'; id: string }
  /** `args`: the arguments as the person edited them in the dialog (validated again before the run). */
  | { type: 'approval-response'; dialogId: string; approved: boolean; args?: Record<string, unknown> }
  | { type: 'ask-response'; dialogId: string; answer: string | null }
  | { type: 'confirm-response'; dialogId: string; confirmed: boolean }
  | WorkspaceRequestMessage;

export interface ApprovalRequest {
  dialogId: string;
  callId: string;
  tool: string;
  summary: string;
  risk: RiskLevel;
  /** Why the call is risky ("git reset --hard discards work"), shown as a warning; always set for critical calls. */
  reason?: string;
  /** The arguments the call would run with, shown and editable in the dialog. */
  args?: Record<string, unknown>;
}

export interface AskRequest {
  dialogId: string;
  callId: string;
  question: string;
  options: string[] | undefined;
  defaultOption: string | undefined;
}

export interface ConfirmRequest {
  dialogId: string;
  callId: string;
  action: string;
  destructive: boolean;
}

/** Worker → page: a call's events and its completion, and what the worker says of its own accord. */
export type WorkerToPageMessage =
  | { type: 'ready'; source: 'persisted' | 'sample'; error?: string }
  /** `timeoutMs`: the timeout the runtime applies (it may know a tool default the page does not). */
  | { type: 'started'; id: string; tool: string; summary: string; risk: RiskLevel; timeoutMs: number }
  | { type: 'progress'; id: string; report: ProgressReport }
  /** The call waits for a free slot (the runtime's concurrency limit); `position` 1 is next. */
  | { type: 'queued'; id: string; position: number; limit: number }
  /** `outOfMemory`: why the runtime should be restarted to give its memory back (the workspace is saved first). */
  | {
      type: 'completed';
      id: string;
      result: ToolResult;
      summary: string;
      risk: RiskLevel;
      filesChanged: boolean;
      outOfMemory?: string;
    }
  | ({ type: 'approval-request' } & ApprovalRequest)
  | ({ type: 'ask-request' } & AskRequest)
  | ({ type: 'confirm-request' } & ConfirmRequest)
  /** The worker gave up waiting for a dialog (the call was cancelled): close it. */
  | { type: 'dialog-closed'; dialogId: string; callId: string }
  /** A heavy runtime (Python) is loading: the page pauses the call's timeout and shows it. */
  | {
      type: 'runtime-loading';
      callId: string | null;
      runtime: 'python';
      state: 'loading' | 'ready' | 'failed';
      message: string;
    }
  | { type: 'workspace-changed' };

/** The answer to an `execute`. */
export type CallCompletion = Extract<WorkerToPageMessage, { type: 'completed' }>;

/** What a call reports while it runs: the progress of its `execute` request. */
export type CallEvent = Exclude<WorkerToPageMessage, { type: 'ready' | 'completed' | 'workspace-changed' }>;

/** The call a message belongs to, or null for what the worker says of its own accord. */
export function callIdOf(message: WorkerToPageMessage): string | null {
  switch (message.type) {
    case 'ready':
    case 'workspace-changed':
      return null;
    case 'started':
    case 'progress':
    case 'queued':
    case 'completed':
      return message.id;
    default:
      return message.callId;
  }
}

const WORKER_MESSAGE_TYPES: ReadonlySet<string> = new Set<WorkerToPageMessage['type']>([
  'ready',
  'started',
  'progress',
  'queued',
  'completed',
  'approval-request',
  'ask-request',
  'confirm-request',
  'dialog-closed',
  'runtime-loading',
  'workspace-changed',
]);

export function isWorkerToPageMessage(value: unknown): value is WorkerToPageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && WORKER_MESSAGE_TYPES.has(type);
}

const PAGE_MESSAGE_TYPES: ReadonlySet<string> = new Set<PageToWorkerMessage['type']>([
  'execute',
  'cancel',
  'approval-response',
  'ask-response',
  'confirm-response',
  'request',
]);

export function isPageToWorkerMessage(value: unknown): value is PageToWorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && PAGE_MESSAGE_TYPES.has(type);
}

/** The runtime's default when neither the arguments nor the schema set a timeout. */
const DEFAULT_CALL_TIMEOUT_MS = 30_000;
/**
 * Extra time the page grants the worker before it kills it: enough for the worker's own timeout to answer first
 * (the shell stops within 150 ms of its limit, a Python script at its next traced line), short enough that a call
 * that cannot answer (a loop in native code, a hung worker) stops within half a second of its limit.
 */
export const TIMEOUT_GRACE_MS = 300;
/** How long a cancel may take before the page kills the worker. */
export const CANCEL_GRACE_MS = 1_000;

const TIMEOUT_PARAMETERS = ['timeout_seconds', 'timeoutSeconds'];

/**
 * The timeout a call runs under, in milliseconds: the `timeout_seconds` argument, else the
 * schema's default for it, else the tool's own default, else the runtime default.
 */
export function callTimeoutMs(
  tool: Pick<ToolDefinition, 'inputSchema'>,
  args: Record<string, unknown>,
  fallbackMs: number = DEFAULT_CALL_TIMEOUT_MS,
): number {
  const properties = tool.inputSchema.properties;
  for (const name of TIMEOUT_PARAMETERS) {
    const given = args[name];
    if (typeof given === 'number' && Number.isFinite(given) && given > 0) return given * 1000;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      const property = properties[name];
      if (property && typeof property === 'object' && !Array.isArray(property)) {
        const schemaDefault = property.default;
        if (typeof schemaDefault === 'number' && schemaDefault > 0) return schemaDefault * 1000;
      }
    }
  }
  return fallbackMs;
}

/** Classify one git status row (isomorphic-git status words, or porcelain letters) for the explorer. */
export function markFromGitStatus(row: { index: string; workdir: string; status: string }): FileMark {
  const status = row.status.trim().toLowerCase().replace(/^\*/, '');
  if (status === 'unmodified' || status === 'absent' || status === 'clean' || status === '') {
    return status === '' ? markFromLetters(`${row.index}${row.workdir}`) : 'unchanged';
  }
  if (status.includes('untracked') || status.includes('added') || status === 'new' || status === '??') return 'new';
  if (status.includes('undelete')) return 'modified';
  if (status.includes('deleted')) return 'deleted';
  if (status.includes('modified') || status.includes('renamed') || status.includes('changed')) return 'modified';
  return markFromLetters(status);
}

function markFromLetters(letters: string): FileMark {
  const upper = letters.toUpperCase();
  if (upper.includes('?') || upper.includes('A')) return 'new';
  if (upper.includes('D')) return 'deleted';
  if (upper.includes('M') || upper.includes('R')) return 'modified';
  return 'unchanged';
}

/**
 * One row of isomorphic-git's statusMatrix ([path, HEAD, WORKDIR, STAGE]) as an explorer mark:
 * HEAD 0 = not in the last commit, WORKDIR 0 = gone from disk, 2 = differs from HEAD.
 */
export function markFromStatusMatrixRow(row: [string, number, number, number]): FileMark {
  const [, head, workdir] = row;
  if (head === 0) return workdir === 0 ? 'unchanged' : 'new';
  if (workdir === 0) return 'deleted';
  if (workdir === 2) return 'modified';
  return 'unchanged';
}

/**
 * Merge the listed files with their marks into the explorer's tree: every listed file, plus files
 * marked deleted (gone from the disk, still in the last commit).
 */
export function buildWorkspaceTree(
  files: string[],
  marks: Map<string, FileMark> | null,
  branch: string | null,
  statusError?: string,
): WorkspaceTree {
  const present = new Set(files);
  const entries: WorkspaceTreeEntry[] = files.map((path) => {
    const mark = marks?.get(path) ?? 'unchanged';
    // A file on disk is never "deleted", whatever the index says (deleted then re-created).
    return { path, mark: mark === 'deleted' ? 'modified' : mark };
  });
  for (const [path, mark] of marks ?? []) {
    if (mark === 'deleted' && !present.has(path)) entries.push({ path, mark });
  }
  entries.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return statusError === undefined ? { entries, branch } : { entries, branch, statusError };
}
