/**
 * The execution service: look up → validate → effective risk → approval → run with timeout and cancellation.
 * Every path ends in a ToolResult; nothing throws past `execute`.
 */
import { withCanonicalEnumValues } from '../validation/enum-case';
import { RISK_INFO } from '../toolset/risk';
import type { RiskLevel, ToolDefinition } from '../toolset/types';
import { validateArguments } from '../validation/validator';
import type { Workspace } from '../workspace/types';
import { cancelled, denied, failed, fromError, timedOut, validationFailed } from './result';
import type {
  ProgressReport,
  PythonRunner,
  ToolContext,
  ToolImplementation,
  ToolOutcome,
  ToolResult,
  UserInteraction,
} from './types';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** How long after its time limit a handler may take to report what it did (well inside the page's kill grace). */
export const TIMEOUT_GRACE_MS = 500;

const delay = (milliseconds: number): Promise<undefined> => new Promise((resolve) => setTimeout(() => resolve(undefined), milliseconds));

export interface ApprovalRequest {
  tool: ToolDefinition;
  args: Record<string, unknown>;
  summary: string;
  risk: RiskLevel;
  /** Why the call is risky, shown as a warning; always set for critical calls (seed 001: "approval with warning"). */
  reason?: string;
}

export interface ExecutionServiceOptions {
  tools: ToolDefinition[];
  implementations: Map<string, ToolImplementation>;
  workspace: Workspace;
  interaction: UserInteraction;
  /** Asked before any call whose risk level requires approval; without it such calls are denied. */
  approve?: (request: ApprovalRequest) => Promise<boolean>;
  python?: PythonRunner;
  defaultTimeoutMs?: number;
  /** Validate leniently (unknown properties ignored), as the validator's lenient mode does. */
  lenient?: boolean;
  /** Clock in milliseconds, injectable for tests. */
  now?: () => number;
  /** The network for tools that make requests (the global fetch where absent). */
  fetch?: typeof fetch;
  /** Name resolution for the web tools' address check (Node: see tools/prfactory/web/resolve.node.ts). */
  resolveHost?: (hostname: string) => Promise<string[]>;
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  onProgress?: (report: ProgressReport) => void;
}

export interface StartedEvent {
  executionId: string;
  toolName: string;
  args: unknown;
  startedAt: number;
}

export interface ProgressEvent {
  executionId: string;
  toolName: string;
  report: ProgressReport;
}

export interface CompletedEvent {
  executionId: string;
  toolName: string;
  result: ToolResult;
  completedAt: number;
}

export interface ExecutionEvents {
  started: StartedEvent;
  progress: ProgressEvent;
  completed: CompletedEvent;
}

export type ExecutionEventName = keyof ExecutionEvents;

export interface ExecutionService {
  execute(toolName: string, args: unknown, options?: ExecuteOptions): Promise<ToolResult>;
  /** Subscribe; returns the unsubscribe function. */
  on<Name extends ExecutionEventName>(event: Name, listener: (payload: ExecutionEvents[Name]) => void): () => void;
  /** The summary line and effective risk a call would get, without running it. */
  describe(toolName: string, args: Record<string, unknown>): Promise<{ summary: string; risk: RiskLevel } | null>;
}

/** Edit distance, for suggesting the tool name that was probably meant. */
function editDistance(first: string, second: string): number {
  const previous = Array.from({ length: second.length + 1 }, (_, index) => index);
  for (let row = 1; row <= first.length; row++) {
    let diagonal = previous[0]!;
    previous[0] = row;
    for (let column = 1; column <= second.length; column++) {
      const above = previous[column]!;
      const cost = first[row - 1] === second[column - 1] ? 0 : 1;
      previous[column] = Math.min(above + 1, previous[column - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[second.length]!;
}

export function closestToolNames(name: string, candidates: string[], limit = 3): string[] {
  const wanted = name.toLowerCase();
  return candidates
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const containment = wanted.length >= 3 && (lower.includes(wanted) || wanted.includes(lower));
      return { candidate, distance: containment ? 0.5 : editDistance(wanted, lower) };
    })
    .filter(({ candidate, distance }) => distance <= Math.max(2, Math.floor(candidate.length / 2)))
    .sort((first, second) => first.distance - second.distance || first.candidate.localeCompare(second.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

function schemaHasProperty(tool: ToolDefinition, property: string): boolean {
  const properties = tool.inputSchema['properties'];
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) && property in properties;
}

function schemaDefault(tool: ToolDefinition, property: string): unknown {
  const properties = tool.inputSchema['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return undefined;
  const schema = properties[property];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  return schema['default'];
}

function timeoutFor(tool: ToolDefinition, implementation: ToolImplementation, args: Record<string, unknown>, fallback: number): number {
  // timeout_seconds in snake_case toolsets, timeoutSeconds in camelCase ones.
  for (const name of ['timeout_seconds', 'timeoutSeconds']) {
    if (!schemaHasProperty(tool, name)) continue;
    const given = args[name] ?? schemaDefault(tool, name);
    if (typeof given === 'number' && Number.isFinite(given) && given > 0) return given * 1000;
  }
  return implementation.defaultTimeoutMs ?? fallback;
}

let executionCounter = 0;
function nextExecutionId(): string {
  executionCounter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `exec-${Date.now().toString(36)}-${executionCounter}-${random}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ABORTED = Symbol('aborted');

/** A cancel while the approval dialog is open ends the call, even if the approver ignores the signal. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

type RaceOutcome =
  | { kind: 'done'; outcome: ToolOutcome }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

export function createExecutionService(options: ExecutionServiceOptions): ExecutionService {
  const now = options.now ?? (() => performance.now());
  const fallbackTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const definitions = new Map(options.tools.map((tool) => [tool.name, tool]));
  const listeners: { [Name in ExecutionEventName]: Set<(payload: ExecutionEvents[Name]) => void> } = {
    started: new Set(),
    progress: new Set(),
    completed: new Set(),
  };

  function emit<Name extends ExecutionEventName>(event: Name, payload: ExecutionEvents[Name]): void {
    for (const listener of listeners[event]) {
      // A listener's bug must not turn a finished execution into a failure.
      try {
        listener(payload);
      } catch {
        /* ignored on purpose */
      }
    }
  }

  async function effectiveRiskOf(tool: ToolDefinition, implementation: ToolImplementation, args: Record<string, unknown>): Promise<RiskLevel> {
    if (!implementation.effectiveRisk) return tool.riskLevel;
    return await implementation.effectiveRisk(args, options.workspace);
  }

  /** A failed outcome when the call cannot succeed; a precheck that throws objects to nothing (run decides). */
  async function precheckOf(implementation: ToolImplementation, args: Record<string, unknown>): Promise<ToolOutcome | null> {
    if (!implementation.precheck) return null;
    try {
      const outcome = await implementation.precheck(args, { workspace: options.workspace, python: options.python });
      return outcome && !outcome.success ? outcome : null;
    } catch {
      return null;
    }
  }

  function riskReasonOf(implementation: ToolImplementation, args: Record<string, unknown>, risk: RiskLevel): string | undefined {
    let reason: string | null = null;
    try {
      reason = implementation.riskReason?.(args) ?? null;
    } catch {
      reason = null;
    }
    if (reason) return reason;
    return risk === 'critical' ? RISK_INFO.critical.description : undefined;
  }

  async function runHandler(
    tool: ToolDefinition,
    implementation: ToolImplementation,
    args: Record<string, unknown>,
    executionId: string,
    execute: ExecuteOptions,
  ): Promise<ToolResult> {
    const timeoutMs = timeoutFor(tool, implementation, args, fallbackTimeoutMs);
    const controller = new AbortController();
    let finished = false;
    let settle: (outcome: RaceOutcome) => void = () => undefined;
    const interrupted = new Promise<RaceOutcome>((resolve) => {
      settle = resolve;
    });

    const onAbort = (): void => {
      controller.abort(execute.signal?.reason);
      settle({ kind: 'cancelled' });
    };
    execute.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      // Named as AbortSignal.timeout() names it, so handlers can tell the time limit from a cancel.
      controller.abort(new DOMException(`The call's time limit of ${timeoutMs} ms was reached`, 'TimeoutError'));
      settle({ kind: 'timeout' });
    }, timeoutMs);

    const context: ToolContext = {
      workspace: options.workspace,
      signal: controller.signal,
      timeoutMs,
      interaction: options.interaction,
      python: options.python,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      reportProgress(report: ProgressReport) {
        if (finished) return;
        emit('progress', { executionId, toolName: tool.name, report });
        try {
          execute.onProgress?.(report);
        } catch {
          /* a progress callback's failure does not affect the run */
        }
      },
    };

    const handlerRun: Promise<RaceOutcome> = (async () => {
      try {
        return { kind: 'done', outcome: await implementation.run(args, context) } as const;
      } catch (error) {
        return { kind: 'threw', error } as const;
      }
    })();

    const raced = await Promise.race([handlerRun, interrupted]);
    finished = true;
    clearTimeout(timer);
    execute.signal?.removeEventListener('abort', onAbort);

    switch (raced.kind) {
      case 'timeout': {
        // A handler told of the time limit may still answer with what it did (the command's output
        // and exit code, files written): wait briefly for that, so this path says what the tool's own
        // limit would have said.
        const late = await Promise.race([handlerRun, delay(TIMEOUT_GRACE_MS)]);
        if (late === undefined || late.kind !== 'done') {
          return timedOut(timeoutMs, `; the tool did not stop within ${TIMEOUT_GRACE_MS} ms of it, so nothing it produced is shown`);
        }
        const outcome = late.outcome;
        if (outcome.errorCode === 'Timeout') return finish(implementation, args, outcome);
        return { ...timedOut(timeoutMs), data: outcome.data, artifacts: outcome.artifacts ?? [] };
      }
      case 'cancelled':
        return cancelled();
      case 'threw':
        return fromError(raced.error);
      case 'done':
        return finish(implementation, args, raced.outcome);
    }
  }

  /** A handler's outcome as a ToolResult, with the tool's follow-up suggestions. */
  function finish(implementation: ToolImplementation, args: Record<string, unknown>, outcome: ToolOutcome): ToolResult {
    let suggestions = outcome.suggestedFollowUps;
    if (implementation.suggestFollowUps) {
      const extra = implementation.suggestFollowUps(args, outcome);
      if (extra.length > 0) suggestions = [...(suggestions ?? []), ...extra];
    }
    const result: ToolResult = { ...outcome, artifacts: outcome.artifacts ?? [], durationMs: 0 };
    if (suggestions && suggestions.length > 0) result.suggestedFollowUps = suggestions;
    else delete result.suggestedFollowUps;
    return result;
  }

  async function pipeline(toolName: string, args: unknown, executionId: string, execute: ExecuteOptions): Promise<ToolResult> {
    const tool = definitions.get(toolName);
    const implementation = options.implementations.get(toolName);
    if (!tool || !implementation) {
      if (tool && !implementation) {
        return failed(`Tool '${toolName}' is defined but has no implementation in this runtime`, 'ToolNotFound');
      }
      const suggestions = closestToolNames(toolName, [...definitions.keys()]);
      const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((name) => `'${name}'`).join(', ')}?` : '';
      return failed(`Tool '${toolName}' not found.${hint}`, 'ToolNotFound');
    }

    const validation = await validateArguments(tool, args, { lenient: options.lenient ?? false });
    if (!validation.valid) return validationFailed(validation);
    // The validator has accepted an object here; the guard keeps the types honest. In lenient mode an
    // enum value accepted by letter case reaches the handler in its canonical spelling.
    const plainArgs = isPlainObject(args) ? args : {};
    const validArgs = options.lenient === true ? withCanonicalEnumValues(tool.inputSchema, plainArgs) : plainArgs;

    if (execute.signal?.aborted) return cancelled();

    // A call that cannot succeed fails here, before anyone is asked to approve it.
    const objection = await precheckOf(implementation, validArgs);
    if (objection) return finish(implementation, validArgs, objection);

    const risk = await effectiveRiskOf(tool, implementation, validArgs);
    if (RISK_INFO[risk].requiresApproval) {
      if (!options.approve) return denied(`'${toolName}' needs approval (${RISK_INFO[risk].displayName}) and no approver is configured`);
      const summary = implementation.summarize(validArgs);
      const request: ApprovalRequest = { tool, args: validArgs, summary, risk };
      const reason = riskReasonOf(implementation, validArgs, risk);
      if (reason) request.reason = reason;
      const approved = await untilAborted(options.approve(request), execute.signal);
      if (approved === ABORTED || execute.signal?.aborted) return cancelled();
      if (!approved) return denied(`User denied: ${summary}`);
    }

    return runHandler(tool, implementation, validArgs, executionId, execute);
  }

  return {
    async execute(toolName, args, execute = {}) {
      const executionId = nextExecutionId();
      const startedAt = now();
      emit('started', { executionId, toolName, args, startedAt });
      let result: ToolResult;
      try {
        result = await pipeline(toolName, args, executionId, execute);
      } catch (error) {
        result = fromError(error);
      }
      const completedAt = now();
      result = { ...result, durationMs: Math.max(0, completedAt - startedAt) };
      emit('completed', { executionId, toolName, result, completedAt });
      return result;
    },

    on(event, listener) {
      const set = listeners[event] as Set<typeof listener>;
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },

    async describe(toolName, args) {
      const tool = definitions.get(toolName);
      const implementation = options.implementations.get(toolName);
      if (!tool || !implementation) return null;
      try {
        return { summary: implementation.summarize(args), risk: await effectiveRiskOf(tool, implementation, args) };
      } catch {
        return { summary: `Execute ${toolName}`, risk: tool.riskLevel };
      }
    },
  };
}
