/**
 * A call that changed the workspace while the browser refused to save it is a failure, not a success with a note:
 * the file is gone after a reload, and whoever called (a person, a model) must hear that it was not saved.
 */
import type { ToolResult } from '../../core/runtime/types';

/** The call's result, turned into the failure to save it; a result that failed already keeps its own error. */
export function unsavedResult(result: ToolResult, reason: string): ToolResult {
  const why = reason.trim().replace(/\.$/, '') || 'the browser gave no reason';
  const error = `Not saved: the change is in this tab's workspace only and is lost on reload, because the workspace could not be saved in this browser. ${why}. Then repeat the call, or export the workspace as a zip to keep it.`;
  if (!result.success) return { ...result, message: `${result.message} ${error}`.trim() };
  return {
    ...result,
    success: false,
    errorCode: 'workspace_not_saved',
    error,
    message: error,
    ...(result.execution ? { execution: { ...result.execution, status: 'failed' as const } } : {}),
  };
}
