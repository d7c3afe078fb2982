/** The runtime client's public shapes: the worker it drives, the records and events it gives the page. */
import type { ProgressReport, ToolResult } from '../../core/runtime/types';
import type { RiskLevel } from '../../core/toolset/types';
import type { ApprovalRequest, AskRequest, CallTarget, ConfirmRequest } from './protocol';
import type { WorkerPort } from './worker-client';

/** What the client needs of a Worker; a fake in tests. */
export type WorkerLike = WorkerPort;

export interface ExecutionRecord {
  id: string;
  /** Absent: the default toolset. */
  toolset?: string;
  tool: string;
  args: Record<string, unknown>;
  summary: string;
  risk: RiskLevel | null;
  result: ToolResult;
  /** Epoch milliseconds. */
  startedAt: number;
  finishedAt: number;
  /** Set when the page had to kill the worker to end the call. */
  killed?: 'timeout' | 'cancel';
  filesChanged: boolean;
}

export type RuntimeEvent =
  | { type: 'ready'; source: 'persisted' | 'sample'; error?: string }
  | { type: 'started'; id: string; tool: string; summary: string; risk: RiskLevel }
  | { type: 'progress'; id: string; report: ProgressReport }
  | { type: 'completed'; record: ExecutionRecord }
  | { type: 'approval-request'; request: ApprovalRequest }
  | { type: 'ask-request'; request: AskRequest }
  | { type: 'confirm-request'; request: ConfirmRequest }
  | { type: 'dialog-closed'; dialogId: string }
  | {
      type: 'runtime-loading';
      callId: string | null;
      runtime: 'python';
      state: 'loading' | 'ready' | 'failed';
      message: string;
    }
  | { type: 'workspace-changed' }
  | { type: 'worker-restarted'; reason: 'timeout' | 'cancel' | 'crash' | 'memory' };

export type RuntimeListener = (event: RuntimeEvent) => void;

export interface ExecuteOptions extends CallTarget {
  /** Overrides the timeout derived from the arguments and the schema. */
  timeoutMs?: number;
  onProgress?: (report: ProgressReport) => void;
  /** The call waits for a free slot (position 1 is next); called again with null once it starts. */
  onQueued?: (queued: { position: number; limit: number } | null) => void;
}

export interface ExecutionHandle {
  id: string;
  done: Promise<ExecutionRecord>;
}

export interface RuntimeClientOptions {
  createWorker: () => WorkerLike;
  /** Timeout when neither the arguments nor the schema set one. */
  defaultTimeoutMs?: number;
  timeoutGraceMs?: number;
  cancelGraceMs?: number;
}
