/**
 * The execution service: wait for a slot → look up → validate → effective risk → approval (which may
 * edit the arguments: validated again) → run with timeout and cancellation → ToolResult with its
 * execution record, truncation and artifacts. Every path ends in a ToolResult; nothing throws past `execute`.
 */
import { withCanonicalEnumValues } from '../validation/enum-case';
import { knownRisk, RISK_INFO, riskInfo } from '../toolset/risk';
import type { RiskLevel, ToolDefinition } from '../toolset/types';
import { enrichArtifacts } from './artifacts';
import { createExecutionLimiter } from './limiter';
import { cancelled, denied, failed, fromError, validationFailed } from './result';
import { finish, runHandler, type HandlerSurroundings } from './run-handler';
import { ABORTED, closestToolNames, nextExecutionId, untilAborted } from './service-support';
import type {
  ApprovalRequest,
  ExecuteOptions,
  ExecutionEventName,
  ExecutionEvents,
  ExecutionService,
  ExecutionServiceOptions,
  ServiceValidationResult,
} from './service-types';
import { withTruncation } from './truncation';
import type { ValidationResult } from '../validation/types';
import type { ExecutionRecord, ExecutionStatus, ToolImplementation, ToolOutcome, ToolResult } from './types';
import { isJsonObject } from '../json/is-json-object';

export type * from './service-types';
export { closestToolNames } from './service-support';

/** The default execution timeout: two minutes. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** What the approval step decided, for the execution record. */
interface ApprovalState {
  /** The call's effective risk, once known. */
  risk?: RiskLevel;
  required: boolean;
  approved: boolean;
  modifiedArgs?: Record<string, unknown>;
}

function statusOf(result: ToolResult): ExecutionStatus {
  if (result.success) return 'completed';
  if (result.errorCode === 'denied') return 'denied';
  if (result.errorCode === 'timeout') return 'timed_out';
  if (result.errorCode === 'cancelled') return 'cancelled';
  return 'failed';
}

const sameJson = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);

export function createExecutionService(options: ExecutionServiceOptions): ExecutionService {
  const now = options.now ?? (() => performance.now());
  const fallbackTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const definitions = new Map(options.tools.map((tool) => [tool.name, tool]));
  const sessionId = options.sessionId ?? `session-${nextExecutionId().slice(5)}`;
  const limiter = options.limiter ?? createExecutionLimiter(options.maxConcurrent);
  const listeners: { [Name in ExecutionEventName]: Set<(payload: ExecutionEvents[Name]) => void> } = {
    queued: new Set(),
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

  const surroundings: HandlerSurroundings = {
    context: {
      workspace: options.workspace,
      sessionId,
      interaction: options.interaction,
      python: options.python,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.resolvingNetwork ? { resolvingNetwork: options.resolvingNetwork } : {}),
    },
    fallbackTimeoutMs,
    onProgress: (event) => emit('progress', event),
  };

  /**
   * The execution log: a call is written to it when its risk level's `showInLog` says so (a safe call is not; a
   * low-risk call, approved by itself, is). A call refused before its risk was known counts at its tool's level.
   */
  function writeLog(risk: RiskLevel, toolName: string, result: ToolResult, record: ExecutionRecord): void {
    if (!options.log || !riskInfo(risk).showInLog) return;
    try {
      options.log({
        executionId: record.executionId,
        sessionId: record.sessionId,
        toolName,
        risk,
        status: record.status,
        approved: record.approved,
        durationMs: result.durationMs,
        message: result.success ? result.message : (result.error ?? result.message),
        completedAt: record.completedAt,
      });
    } catch {
      /* a log sink's failure does not affect the call */
    }
  }

  async function effectiveRiskOf(
    tool: ToolDefinition,
    implementation: ToolImplementation,
    args: Record<string, unknown>,
  ): Promise<RiskLevel> {
    if (!implementation.effectiveRisk) return knownRisk(tool.riskLevel);
    return knownRisk(await implementation.effectiveRisk(args, options.workspace));
  }

  /** A failed outcome when the call cannot succeed; a precheck that throws objects to nothing (run decides). */
  async function precheckOf(
    implementation: ToolImplementation,
    args: Record<string, unknown>,
  ): Promise<ToolOutcome | null> {
    if (!implementation.precheck) return null;
    try {
      const outcome = await implementation.precheck(args, { workspace: options.workspace, python: options.python });
      return outcome && !outcome.success ? outcome : null;
    } catch {
      return null;
    }
  }

  function riskReasonOf(
    implementation: ToolImplementation,
    args: Record<string, unknown>,
    risk: RiskLevel,
  ): string | undefined {
    let reason: string | null = null;
    try {
      reason = implementation.riskReason?.(args) ?? null;
    } catch {
      reason = null;
    }
    if (reason) return reason;
    return risk === 'critical' ? RISK_INFO.critical.description : undefined;
  }

  function validate(toolName: string, args: unknown): ServiceValidationResult {
    const tool = definitions.get(toolName);
    if (!tool) {
      const suggestions = closestToolNames(toolName, [...definitions.keys()]);
      const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((name) => `'${name}'`).join(', ')}?` : '';
      return {
        valid: false,
        errors: [{ parameter: 'toolId', code: 'tool_not_found', message: `Tool '${toolName}' not found${hint}` }],
        warnings: [],
      };
    }
    return checkArguments(tool, options.implementations.get(toolName), args);
  }

  /**
   * The validator's verdict, then the tool's own check (ToolImplementation.validate) of arguments the schema
   * accepted; a check that throws refuses the call, naming what it threw.
   */
  function checkArguments(
    tool: ToolDefinition,
    implementation: ToolImplementation | undefined,
    args: unknown,
  ): ValidationResult {
    const verdict = options.validator.validate(tool, args, { lenient: options.lenient ?? false });
    if (!verdict.valid || !implementation?.validate) return verdict;
    let own: ValidationResult;
    try {
      own = implementation.validate(isJsonObject(args) ? args : {});
    } catch (error) {
      const message = `The tool's own check of the arguments failed: ${error instanceof Error ? error.message : String(error)}`;
      return { valid: false, errors: [{ parameter: '', code: 'invalid_value', message }], warnings: verdict.warnings };
    }
    return {
      valid: own.valid && own.errors.length === 0,
      errors: own.errors,
      warnings: [...verdict.warnings, ...own.warnings],
    };
  }

  const canonical = (tool: ToolDefinition, args: unknown): Record<string, unknown> => {
    // The validator has accepted an object here; the guard keeps the types honest. In lenient mode an
    // enum value accepted by letter case reaches the handler in its canonical spelling.
    const plainArgs = isJsonObject(args) ? args : {};
    return options.lenient === true ? withCanonicalEnumValues(tool.inputSchema, plainArgs) : plainArgs;
  };

  async function pipeline(
    toolName: string,
    args: unknown,
    executionId: string,
    execute: ExecuteOptions,
    approval: ApprovalState,
  ): Promise<ToolResult> {
    const tool = definitions.get(toolName);
    const implementation = options.implementations.get(toolName);
    if (!tool || !implementation) {
      if (tool && !implementation) {
        return failed(`Tool '${toolName}' is defined but has no implementation in this runtime`, 'tool_not_found');
      }
      const suggestions = closestToolNames(toolName, [...definitions.keys()]);
      const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((name) => `'${name}'`).join(', ')}?` : '';
      return failed(`Tool '${toolName}' not found.${hint}`, 'tool_not_found');
    }

    const validation = checkArguments(tool, implementation, args);
    if (!validation.valid) return validationFailed(validation);
    const validArgs = canonical(tool, args);

    if (execute.signal?.aborted) return cancelled();

    // A call that cannot succeed fails here, before anyone is asked to approve it.
    const objection = await precheckOf(implementation, validArgs);
    if (objection) return finish(implementation, validArgs, objection);

    const risk = await effectiveRiskOf(tool, implementation, validArgs);
    approval.risk = risk;
    if (riskInfo(risk).requiresApproval) {
      if (!options.approve)
        return denied(`'${toolName}' needs approval (${riskInfo(risk).displayName}) and no approver is configured`);
      const summary = implementation.summarize(validArgs);
      const request: ApprovalRequest = { tool, args: validArgs, summary, risk };
      const reason = riskReasonOf(implementation, validArgs, risk);
      if (reason) request.reason = reason;
      approval.required = true;
      const decision = await untilAborted(options.approve(request), execute.signal);
      if (decision === ABORTED || execute.signal?.aborted) return cancelled();
      const approved = typeof decision === 'boolean' ? decision : decision.approved === true;
      if (!approved) return denied(`User denied: ${summary}`);
      approval.approved = true;
      const edited = typeof decision === 'object' ? decision.args : undefined;
      if (edited !== undefined && !sameJson(edited, validArgs)) {
        // What was approved is what runs: the edited arguments, checked as the originals were.
        approval.modifiedArgs = edited;
        const again = checkArguments(tool, implementation, edited);
        if (!again.valid) {
          const result = validationFailed(again);
          const said = `The edited arguments are not valid: ${result.error ?? result.message}`;
          return { ...result, error: said, message: said };
        }
        const editedArgs = canonical(tool, edited);
        const editedObjection = await precheckOf(implementation, editedArgs);
        if (editedObjection) return finish(implementation, editedArgs, editedObjection);
        return runHandler(tool, implementation, editedArgs, executionId, execute, surroundings);
      }
    }

    return runHandler(tool, implementation, validArgs, executionId, execute, surroundings);
  }

  return {
    sessionId,

    async execute(toolName, args, execute = {}) {
      const executionId = nextExecutionId();
      const queuedAt = Date.now();
      let release: () => void;
      // Time queued counts only for a call that waited for a slot, not the await of one given at once.
      let waited = false;
      try {
        release = await limiter.acquire((position) => {
          waited = true;
          emit('queued', { executionId, toolName, position });
          try {
            execute.onQueued?.(position);
          } catch {
            /* a listener's failure does not affect the call */
          }
        }, execute.signal);
      } catch {
        // Cancelled while it waited for a slot.
        const at = Date.now();
        const record: ExecutionRecord = {
          executionId,
          sessionId,
          toolName,
          status: 'cancelled',
          approved: false,
          approvalRequired: false,
          queuedMs: at - queuedAt,
          startedAt: at,
          completedAt: at,
        };
        return { ...cancelled(), execution: record };
      }
      const startedAtEpoch = Date.now();
      const startedAt = now();
      emit('started', { executionId, toolName, args, startedAt });
      const approval: ApprovalState = { required: false, approved: false };
      let result: ToolResult;
      try {
        result = await pipeline(toolName, args, executionId, execute, approval);
      } catch (error) {
        result = fromError(error);
      } finally {
        release();
      }
      const completedAt = now();
      try {
        result = { ...result, artifacts: await enrichArtifacts(options.workspace, result.artifacts, Date.now()) };
      } catch {
        /* artifacts keep what the tool said */
      }
      result = withTruncation({ ...result, durationMs: Math.max(0, completedAt - startedAt) }, options.maxDataLength);
      const record: ExecutionRecord = {
        executionId,
        sessionId,
        toolName,
        status: statusOf(result),
        approved: approval.approved,
        approvalRequired: approval.required,
        queuedMs: waited ? startedAtEpoch - queuedAt : 0,
        startedAt: startedAtEpoch,
        completedAt: Date.now(),
      };
      if (approval.modifiedArgs !== undefined) record.modifiedArgs = approval.modifiedArgs;
      result = { ...result, execution: record };
      emit('completed', { executionId, toolName, result, completedAt });
      writeLog(approval.risk ?? knownRisk(definitions.get(toolName)?.riskLevel), toolName, result, record);
      return result;
    },

    validate,

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
      if (!tool || !implementation)
        return { summary: `Execute ${toolName}`, risk: tool?.riskLevel ?? 'medium', known: false };
      try {
        return {
          summary: implementation.summarize(args),
          risk: await effectiveRiskOf(tool, implementation, args),
          known: true,
        };
      } catch {
        return { summary: `Execute ${toolName}`, risk: tool.riskLevel, known: true };
      }
    },
  };
}
