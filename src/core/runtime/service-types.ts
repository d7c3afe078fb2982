/** The execution service's vocabulary: options, approval, events, and the service itself. */
import type { RiskLevel, ToolDefinition } from '../toolset/types';
import type { ValidationError, ValidationResult } from '../validation/types';
import type { Validator } from '../validation/validator';
import type { Workspace } from '../workspace/types';
import type { ExecutionLimiter } from './limiter';
import type {
  ExecutionStatus,
  ProgressReport,
  PythonRunner,
  ResolvingNetwork,
  ToolImplementation,
  ToolResult,
  UserInteraction,
} from './types';

export interface ApprovalRequest {
  tool: ToolDefinition;
  args: Record<string, unknown>;
  summary: string;
  risk: RiskLevel;
  /** Why the call is risky, shown as a warning; always set for critical calls ("approval with warning"). */
  reason?: string;
}

/**
 * The approver's answer: yes or no, or yes with the arguments edited (ModifiedParameters).
 * Edited arguments are validated again before anything runs, and recorded on the result.
 */
type ApprovalDecision = boolean | { approved: boolean; args?: Record<string, unknown> };

export interface ExecutionServiceOptions {
  /** The validator the entry point built (createValidator): every call and every edited approval is checked with it. */
  validator: Validator;
  tools: ToolDefinition[];
  implementations: Map<string, ToolImplementation>;
  workspace: Workspace;
  interaction: UserInteraction;
  /** Asked before any call whose risk level requires approval; without it such calls are denied. */
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  python?: PythonRunner;
  defaultTimeoutMs?: number;
  /** Validate leniently (unknown properties ignored), as the validator's lenient mode does. */
  lenient?: boolean;
  /** Clock in milliseconds, injectable for tests. */
  now?: () => number;
  /** The network for tools that make requests (the global fetch where absent). */
  fetch?: typeof fetch;
  /** Name resolution and requests to the checked address for the web tools, where names resolve: in Node, the tests give the one that resolves with the system's resolver. */
  resolvingNetwork?: ResolvingNetwork;
  /** The session every execution of this service belongs to (a fresh id when absent). */
  sessionId?: string;
  /** Calls running at once before others queue (3 by default). Ignored when `limiter` is given. */
  maxConcurrent?: number;
  /** A limit shared with other services (the page makes one service per call, all under one limit). */
  limiter?: ExecutionLimiter;
  /** Characters of serialized data a model is given before the result is marked for truncation. */
  maxDataLength?: number;
  /** The execution log: every finished call whose risk level shows in the log (RiskInfo.showInLog), safe calls not. */
  log?: (entry: ExecutionLogEntry) => void;
}

/** One line of the execution log. */
export interface ExecutionLogEntry {
  executionId: string;
  sessionId: string;
  toolName: string;
  /** The call's effective risk (Medium for a level the runtime does not know). */
  risk: RiskLevel;
  status: ExecutionStatus;
  approved: boolean;
  durationMs: number;
  /** The result's message, or its error when it failed. */
  message: string;
  /** Epoch milliseconds. */
  completedAt: number;
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  onProgress?: (report: ProgressReport) => void;
  /** Called when the call must wait for a free slot, with its place in the queue (1 = next). */
  onQueued?: (position: number) => void;
}

interface QueuedEvent {
  executionId: string;
  toolName: string;
  position: number;
}

interface StartedEvent {
  executionId: string;
  toolName: string;
  args: unknown;
  startedAt: number;
}

interface ProgressEvent {
  executionId: string;
  toolName: string;
  report: ProgressReport;
}

interface CompletedEvent {
  executionId: string;
  toolName: string;
  result: ToolResult;
  completedAt: number;
}

export interface ExecutionEvents {
  queued: QueuedEvent;
  started: StartedEvent;
  progress: ProgressEvent;
  completed: CompletedEvent;
}

export type ExecutionEventName = keyof ExecutionEvents;

/** A validation error of the service: the validator's, or the tool itself not found (tool_not_found on 'toolId'). */
type ServiceValidationError = Omit<ValidationError, 'code'> & {
  code: ValidationError['code'] | 'tool_not_found';
};
export type ServiceValidationResult = Omit<ValidationResult, 'errors'> & { errors: ServiceValidationError[] };

export interface ExecutionService {
  /** The session id every execution's record carries. */
  readonly sessionId: string;
  execute(toolName: string, args: unknown, options?: ExecuteOptions): Promise<ToolResult>;
  /** Validate arguments without running anything. */
  validate(toolName: string, args: unknown): ServiceValidationResult;
  /** Subscribe; returns the unsubscribe function. */
  on<Name extends ExecutionEventName>(event: Name, listener: (payload: ExecutionEvents[Name]) => void): () => void;
  /**
   * The summary line and effective risk a call would get, without running it; for a tool it does not
   * know, "Execute <name>" at medium risk, as the runtime model gives it (`known: false`).
   */
  describe(
    toolName: string,
    args: Record<string, unknown>,
  ): Promise<{ summary: string; risk: RiskLevel; known: boolean }>;
}
