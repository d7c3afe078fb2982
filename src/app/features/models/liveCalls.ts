/**
 * The seam for a live MCP toolset (the connect feature saves it as an imported toolset whose record has `live`,
 * the server's URL): a model's valid call to one of its tools goes to its server, with the approval its risk level needs.
 * The connect side plugs its caller in here (setLiveCallRunner); until one is plugged in, the call is not run and
 * the model is told so, never that it ran.
 */
import { failed } from '../../../core/runtime/result';
import type { ToolResult } from '../../../core/runtime/types';
import type { ToolsetEntry } from '../../lib/toolset';

export type LiveCallRunner = (entry: ToolsetEntry, name: string, args: Record<string, unknown>, signal: AbortSignal | undefined) => Promise<ToolResult>;

let runner: LiveCallRunner | null = null;

export function setLiveCallRunner(next: LiveCallRunner | null): void {
  runner = next;
}

/** A toolset whose calls go to a live server rather than this page's workspace or a mock. */
export const isLiveToolset = (entry: ToolsetEntry | undefined): boolean => entry?.record?.live !== undefined;

export function runLiveCall(entry: ToolsetEntry, name: string, args: Record<string, unknown>, signal: AbortSignal | undefined): Promise<ToolResult> {
  if (runner) return runner(entry, name, args, signal);
  return Promise.resolve(failed(`Not run: ${name} belongs to the live toolset ${entry.toolset.manifest.name}, whose server this page cannot call yet. Judge its calls here; run them from the Connect page.`, 'ExecutionFailed'));
}
