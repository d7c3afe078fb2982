/** ToolResult factories and the text an LLM gets back for a result (the runtime model's ToLlmContext). */
import type { ValidationResult } from '../validation/types';
import type { RuntimeErrorCode, ToolArtifact, ToolData, ToolResult } from './types';

export const DEFAULT_MAX_DATA_CHARS = 50000;

export function succeeded(data: ToolData | undefined, message: string, artifacts: ToolArtifact[] = []): ToolResult {
  return { success: true, data, message, artifacts, durationMs: 0 };
}

export function failed(error: string, code: RuntimeErrorCode, partialData?: ToolData): ToolResult {
  return { success: false, error, errorCode: code, message: error, data: partialData, artifacts: [], durationMs: 0 };
}

export function cancelled(message = 'Operation was cancelled by user'): ToolResult {
  return {
    success: false,
    error: 'Operation was cancelled',
    errorCode: 'cancelled',
    message,
    artifacts: [],
    durationMs: 0,
  };
}

export function denied(reason?: string): ToolResult {
  return {
    success: false,
    error: 'Operation was denied by user',
    errorCode: 'denied',
    message: reason ?? 'Operation was denied by user',
    artifacts: [],
    durationMs: 0,
  };
}

export function validationFailed(validation: ValidationResult): ToolResult {
  return {
    success: false,
    error: validation.errors.map((error) => error.message).join('; ') || 'Parameter validation failed',
    errorCode: 'validation_failed',
    message: 'Parameter validation failed',
    validationErrors: validation.errors,
    artifacts: [],
    durationMs: 0,
  };
}

/** `detail` continues the error ("; …"), saying what became of the work. */
export function timedOut(milliseconds: number, detail = ''): ToolResult {
  return {
    success: false,
    error: `Operation timed out after ${(milliseconds / 1000).toFixed(1)}s${detail}`,
    errorCode: 'timeout',
    message: 'Operation timed out',
    artifacts: [],
    durationMs: milliseconds,
  };
}

const MAX_ERROR_MESSAGE_CHARS = 500;

/** An unexpected throw becomes a failed result with a short, stack-free message. */
export function fromError(thrown: unknown): ToolResult {
  let text: string;
  if (thrown instanceof Error) text = thrown.message;
  else if (typeof thrown === 'string') text = thrown;
  else text = 'Unknown error';
  // Engines sometimes put the stack into the message; keep only the first line.
  const firstLine = (text.split('\n')[0] ?? '').trim() || 'Unknown error';
  const safe =
    firstLine.length > MAX_ERROR_MESSAGE_CHARS ? `${firstLine.slice(0, MAX_ERROR_MESSAGE_CHARS)}…` : firstLine;
  const error = `Tool execution failed: ${safe}`;
  return { success: false, error, errorCode: 'execution_failed', message: error, artifacts: [], durationMs: 0 };
}

/** Compact JSON of the data, cut to `maxDataChars` with a note of the full length. */
function serializeData(data: ToolData | undefined, maxDataChars = DEFAULT_MAX_DATA_CHARS): string {
  if (data === undefined) return '';
  const json = JSON.stringify(data);
  if (json.length <= maxDataChars) return json;
  const note = `... [truncated, total ${json.length} chars]`;
  const keep = Math.max(0, maxDataChars - note.length);
  return json.slice(0, keep) + note;
}

/**
 * The result as conversation context for a model, in the runtime model's format: Result, Message (or Error),
 * Data, Artifacts, Suggested next steps. One deliberate difference: a failed result keeps its partial data,
 * because a failing command's stdout and stderr are what the model needs most.
 */
export function toLlmContext(result: ToolResult, maxDataChars = DEFAULT_MAX_DATA_CHARS): string {
  const lines: string[] = [];
  if (result.success) {
    lines.push('Result: Success');
    lines.push(`Message: ${result.message}`);
  } else {
    lines.push('Result: Failed');
    lines.push(`Error: ${result.error ?? result.message}`);
  }
  if (result.data !== undefined) lines.push(`Data: ${serializeData(result.data, maxDataChars)}`);
  if (result.artifacts.length > 0) {
    lines.push('Artifacts:');
    for (const artifact of result.artifacts) lines.push(`  - ${artifact.type}: ${artifact.path}`);
  }
  if (result.suggestedFollowUps && result.suggestedFollowUps.length > 0) {
    lines.push('Suggested next steps:');
    for (const suggestion of result.suggestedFollowUps) lines.push(`  - ${suggestion}`);
  }
  return lines.join('\n') + '\n';
}
