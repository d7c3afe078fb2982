/**
 * What the page does with live servers: connect (the SDK loads with the first connection), list the tools into a
 * live toolset, refresh it on tools/list_changed, call tools, pin and check drift, reconnect saved connections.
 * Secrets (bearer tokens, OAuth tokens) are held by the value createConnections makes and written only where the
 * user asked.
 */
// First: zod parses without `new Function` before anything of the SDK (or of ours) builds a schema (zodJitless.ts).
import './zodJitless';
import type { CallToolResult, CompleteResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { CallOptions, CompletionRef, McpOutcome } from '../../../core/mcp/client';
import type { AnswerCheck } from '../../../core/mcp/input';
import type { TaskCallOptions, TaskRun } from '../../../core/mcp/tasks';
import type { AskQueue } from './asks';
import { createConnecting } from './connecting';
import { createConnectionState, type ConnectionOptions } from './connectionState';
import type { ConnectionStore, LiveConnection } from './connectionStore';
import type { ConnectSettings } from './connectSettings';
import { createListRefresh } from './listRefresh';
import type { PendingOAuth } from './oauth';
import { createSavedActions } from './savedActions';
import { createServerCalls } from './serverCalls';

export { normalizeUrl } from './connectSettings';

/** The page's live servers: their connections, secrets and saved settings. */
export interface Connections {
  /** The connections as React reads them. */
  store: ConnectionStore;
  /** What the servers ask of the person (elicitation, sampling), waiting for an answer; the page's dialogs read it. */
  asks: AskQueue;
  /** Checks an answer to an elicitation form with the project's validator, as it is checked again before it is sent. */
  checkAnswer: AnswerCheck;
  /**
   * Connects (or reconnects) and lists the tools into the live toolset; the outcome is also on the connection's state.
   * A first attempt at a server that fails keeps nothing: the failure (and the attempt's log) comes back to the form.
   */
  connect(settings: ConnectSettings): Promise<LiveConnection>;
  /** Gives up on the connect under way (a server that hangs): the form keeps what was typed. */
  cancelConnect(url: string): void;
  /** After tools/list_changed: list again, show what changed, save the toolset. */
  refresh(url: string): Promise<void>;
  /** The open connection, or a reconnect with the saved settings (`interactive`: may send the browser to sign in). */
  ensureConnected(url: string, interactive?: boolean): Promise<LiveConnection | undefined>;
  callTool(url: string, name: string, args: unknown, options: CallOptions): Promise<McpOutcome<CallToolResult>>;
  /** tools/call as a task (a tool whose definition and server allow it): status while it runs; aborting sends tasks/cancel. */
  callToolAsTask(url: string, name: string, args: unknown, options: TaskCallOptions): Promise<McpOutcome<TaskRun>>;
  /** resources/read of one URI (a listed resource, or a template expanded). */
  readResource(url: string, uri: string, options?: CallOptions): Promise<McpOutcome<ReadResourceResult>>;
  /** prompts/get with the arguments as typed. */
  getPrompt(
    url: string,
    name: string,
    args: Record<string, string>,
    options?: CallOptions,
  ): Promise<McpOutcome<GetPromptResult>>;
  /** Asks to be told when a resource changes (`resources/subscribe`, or a `subscriptions/listen` stream); `updates` counts the notices. */
  subscribe(url: string, uri: string): Promise<McpOutcome<{ close(): Promise<void> }>>;
  /** completion/complete: values the server suggests for a template variable or a prompt argument. */
  complete(
    url: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<McpOutcome<CompleteResult['completion']>>;
  /** Every saved connection not yet open, reconnected (a reload). */
  reconnectSaved(): Promise<void>;
  disconnect(url: string): Promise<void>;
  /** Removes the connection, its saved settings and token, its pin and its live toolset. */
  forget(url: string): Promise<void>;
  /** Takes the remembered token out of IndexedDB; it stays in memory until the page closes. */
  forgetToken(url: string): Promise<void>;
  /** Pins the tools the server lists now (also "accept new pin" after drift). */
  pin(url: string): Promise<void>;
  unpin(url: string): Promise<void>;
  /** The redirect back from the authorization server: trade the code for tokens, then connect. */
  finishOAuth(code: string, pending: PendingOAuth): Promise<LiveConnection>;
  /** Every secret the page holds, for the log export to replace. */
  knownSecrets(): string[];
}

/**
 * `toolsets`: where a server's tools are kept as a live toolset. `storage`: where connections are saved (IndexedDB
 * unless told; tests and browsers without it pass another). `schemaChecks`: the page's schema worker, which converts a
 * server's tools and checks an elicitation answer, its code loaded when first needed. `checkAnswer`: how an elicitation
 * answer is checked (in that worker unless told).
 */
export function createConnections(options: ConnectionOptions): Connections {
  const state = createConnectionState(options);
  const lists = createListRefresh(state);
  const connecting = createConnecting(state, lists);
  return {
    store: state.connections,
    asks: state.asks,
    checkAnswer: state.checkAnswer,
    ...connecting,
    refresh: lists.refresh,
    ...createServerCalls(state),
    ...createSavedActions(state, connecting),
    disconnect: state.disconnect,
    knownSecrets: state.knownSecrets,
  };
}
