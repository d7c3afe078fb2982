/**
 * A `tools/call` an app sends through the page (MCP Apps): the page, not the app, decides whether it runs. The
 * tool must be one its server shows to apps; the arguments pass this site's validator, as a live call from the
 * page does; the approval its risk level asks for is asked of the person (a model's live call is asked the same);
 * only then does it reach the server. Every refusal comes back to the app as an error result naming the reason.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { McpOutcome } from '../../../core/mcp/client';
import { visibleTo } from '../../../core/mcp/apps/visibility';
import { riskInfo } from '../../../core/toolset/risk';
import type { RiskLevel, ToolDefinition } from '../../../core/toolset/types';

export type ArgumentsVerdict = { valid: true } | { valid: false; text: string };

export interface AppCallApproval {
  tool: string;
  summary: string;
  risk: RiskLevel;
  args: Record<string, unknown>;
  reason?: string;
}

export interface AppToolCallDeps {
  /** The tools as the server listed them (their `_meta` says who may call them). */
  listed: readonly { name: string; _meta?: unknown }[];
  /** The tool's definition in the live toolset (undefined when the import refused its schema). */
  definition(name: string): Promise<ToolDefinition | undefined>;
  /** This site's validator on the arguments. */
  verdict(tool: ToolDefinition, args: Record<string, unknown>): Promise<ArgumentsVerdict>;
  /** Asks the person; the answer may carry edited arguments. */
  approve(
    request: AppCallApproval,
    signal: AbortSignal | undefined,
  ): Promise<{ approved: boolean; args?: Record<string, unknown> }>;
  call(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<McpOutcome<CallToolResult>>;
  /** For the approval's summary. */
  serverName: string;
}

/** What happened to the call, for the page to show beside the app. */
export type AppCallOutcome = 'ran' | 'refused' | 'invalid' | 'denied' | 'failed';

const refusal = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export async function runAppToolCall(
  deps: AppToolCallDeps,
  name: string,
  given: unknown,
  signal?: AbortSignal,
): Promise<{ result: CallToolResult; outcome: AppCallOutcome }> {
  const listed = deps.listed.find((tool) => tool.name === name);
  if (!listed) return { outcome: 'refused', result: refusal(`Not run: the server lists no tool named '${name}'.`) };
  if (!visibleTo(listed, 'app'))
    return {
      outcome: 'refused',
      result: refusal(`Not run: '${name}' is not shown to apps (its _meta.ui.visibility leaves out "app").`),
    };
  const tool = await deps.definition(name);
  if (!tool)
    return {
      outcome: 'refused',
      result: refusal(
        `Not run: '${name}' was refused when the server's tools were imported (see the Connect page), so its arguments cannot be checked.`,
      ),
    };
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given)))
    return {
      outcome: 'invalid',
      result: refusal(
        `Not run: arguments: must be an object, not ${Array.isArray(given) ? 'an array' : given === null ? 'null' : typeof given}.`,
      ),
    };
  let args = (given ?? {}) as Record<string, unknown>;
  const verdict = await deps.verdict(tool, args);
  if (!verdict.valid)
    return { outcome: 'invalid', result: refusal(`Not run: the arguments do not pass validation. ${verdict.text}`) };
  if (riskInfo(tool.riskLevel).requiresApproval) {
    const summary = `${name} on the MCP server ${deps.serverName}, called by its app`;
    const reason =
      tool.riskLevel === 'critical'
        ? 'The tool is marked critical; it runs on the live server, outside this page.'
        : undefined;
    const decision = await deps.approve(
      { tool: name, summary, risk: tool.riskLevel, args, ...(reason ? { reason } : {}) },
      signal,
    );
    if (!decision.approved) return { outcome: 'denied', result: refusal(`Not run: the person declined ${summary}.`) };
    if (decision.args) {
      // What was approved is what runs: edited arguments are checked as the originals were.
      const again = await deps.verdict(tool, decision.args);
      if (!again.valid)
        return {
          outcome: 'invalid',
          result: refusal(`Not run: the edited arguments do not pass validation. ${again.text}`),
        };
      args = decision.args;
    }
  }
  const outcome = await deps.call(name, args, signal);
  if (!outcome.ok) return { outcome: 'failed', result: refusal(outcome.failure.message) };
  return { outcome: 'ran', result: outcome.value };
}

/** The most calls one app may have under way at once: more are refused before any check or dialog. */
const MAX_APP_CALLS_IN_FLIGHT = 4;

/** Holds an app's calls under way to `max`: `enter` refuses beyond it, `leave` frees a place. */
export function createCallGate(max = MAX_APP_CALLS_IN_FLIGHT): { enter(): boolean; leave(): void } {
  let inFlight = 0;
  return {
    enter() {
      if (inFlight >= max) return false;
      inFlight += 1;
      return true;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
    },
  };
}

export const tooManyCalls = (name: string, max = MAX_APP_CALLS_IN_FLIGHT): CallToolResult =>
  refusal(`Not run: '${name}' — the app already has ${max} tool calls under way; wait for one to finish.`);
