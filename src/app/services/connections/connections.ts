/**
 * What the page does with live servers: connect (the SDK loads with the first connection), list the tools into a
 * live toolset, refresh it on tools/list_changed, call tools, pin and check drift, reconnect saved connections.
 * Secrets (bearer tokens, OAuth tokens) are held by the value createConnections makes and written only where the
 * user asked.
 */
// First: zod parses without `new Function` before anything of the SDK (or of ours) builds a schema (zodJitless.ts).
import './zodJitless';
import type {
  CallToolResult,
  CompleteResult,
  GetPromptResult,
  LoggingLevel,
  ReadResourceResult,
  Tool,
} from '@modelcontextprotocol/client';
import type {
  CallOptions,
  CompletionRef,
  HttpTarget,
  McpConnection,
  McpFailure,
  McpOutcome,
} from '../../../core/mcp/client';
import { createLockfile } from '../../../core/mcp/pin/lockfile';
import { verifyTools } from '../../../core/mcp/pin/verify';
import type { Toolsets } from '../toolsets';
import { createConnectionStore, type ConnectionStore, type LiveConnection } from './connectionStore';
import { listChange, liveRecord } from './liveToolset';
import { clearPending, PageOAuthProvider, type OAuthSession, type PendingOAuth } from './oauth';
import {
  createIndexedDbConnectionStorage,
  type AuthChoice,
  type ConnectionStorage,
  type EraChoice,
  type SavedConnection,
  type TransportChoice,
} from './savedConnections';
import { ListWatch } from './listWatch';
import type { LogEntry } from '../../../core/mcp/log';
import type { TaskCallOptions, TaskRun } from '../../../core/mcp/tasks';
import { createPolicyWatch, policyFailure, refusedByPolicy } from './policy';
import { notSavedLine, tryWriteAsync } from '../../lib/storageFailure';
import type { AnswerCheck } from '../../../core/mcp/input';
import type { ValidationError } from '../../../core/validation/types';
import { createAskQueue, type AskQueue } from './asks';
import type { SchemaChecks } from '../../lib/schemaWorker';

interface ConnectSettings {
  url: string;
  transport: TransportChoice;
  /** `auto` unless said. */
  era?: EraChoice;
  /** The least severe server log message to receive (they show in the protocol log); none unless said. */
  logLevel?: LoggingLevel;
  /** The roots to answer `roots/list` with, as file:// URIs; none unless given. */
  roots?: string[];
  auth: AuthChoice;
  token?: string;
  remember: boolean;
  /** The time limit of each request, in seconds (the client's default when absent). */
  timeoutSeconds?: number;
}

/** The URL as the key of a connection, or a sentence naming the field and what it expects. */
export function normalizeUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return {
      ok: false,
      message: `Server URL: '${text.trim()}' is not a URL; expected http://… or https://… (for example http://127.0.0.1:3000/mcp).`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: `Server URL: '${url.protocol}' is not supported; use http:// or https://.` };
  if (url.username || url.password)
    return {
      ok: false,
      message: 'Server URL: put credentials in the bearer token field, not in the URL (a URL ends up in logs).',
    };
  return { ok: true, url: url.href };
}

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

/** The MCP client, loaded with the first connection (zod was told to parse without `new Function` above). */
const loadSdk = () => import('@modelcontextprotocol/client');
const loadClient = () => import('../../../core/mcp/client');

/**
 * `toolsets`: where a server's tools are kept as a live toolset. `storage`: where connections are saved (IndexedDB
 * unless told; tests and browsers without it pass another). `schemaChecks`: the page's schema worker, which converts a
 * server's tools and checks an elicitation answer, its code loaded when first needed. `checkAnswer`: how an elicitation
 * answer is checked (in that worker unless told).
 */
export function createConnections(options: {
  toolsets: Toolsets;
  storage?: ConnectionStorage;
  schemaChecks: () => Promise<SchemaChecks>;
  checkAnswer?: AnswerCheck;
}): Connections {
  const { toolsets, schemaChecks } = options;
  /** An elicitation answer checked in the schema worker: the page compiles no schema itself. */
  const checkInWorker: AnswerCheck = async (request, content): Promise<ValidationError[]> =>
    (await schemaChecks()).answer(request.schema, content);
  const checkAnswer = options.checkAnswer ?? checkInWorker;
  const asks = createAskQueue();
  let storage: ConnectionStorage | null = options.storage ?? null;
  const store = (): ConnectionStorage => (storage ??= createIndexedDbConnectionStorage());
  const connections = createConnectionStore();
  const policy = createPolicyWatch();
  const open = new Map<string, McpConnection>();
  const tokens = new Map<string, string>();
  const oauthSessions = new Map<string, OAuthSession>();
  const refreshing = new Map<string, { again: boolean }>();
  /** The connect under way per URL, for Cancel. */
  const connecting = new Map<string, AbortController>();
  /** Each open connection's watch on its lists (freshness, excluded tools). */
  const watches = new Map<string, ListWatch>();

  /** Every secret the page holds, for the log export to replace. */
  function knownSecrets(): string[] {
    const secrets = [...tokens.values()];
    for (const session of oauthSessions.values()) {
      if (session.tokens?.access_token) secrets.push(session.tokens.access_token);
      if (session.tokens?.refresh_token) secrets.push(session.tokens.refresh_token);
    }
    return secrets;
  }

  /** Stores the connection's settings; a refusal is said on the connection (they hold for this page only), never thrown. */
  async function keep(saved: SavedConnection): Promise<void> {
    const result = await tryWriteAsync(() => store().save(saved));
    if (connections.get(saved.url))
      connections.update(saved.url, { notSaved: notSavedLine('This connection was', result) ?? undefined });
  }

  function oauthProvider(saved: SavedConnection): PageOAuthProvider {
    let session = oauthSessions.get(saved.url);
    if (!session) {
      session = {
        ...(saved.oauthClient ? { clientInformation: saved.oauthClient } : {}),
        ...(saved.oauthTokens ? { tokens: saved.oauthTokens } : {}),
      };
      oauthSessions.set(saved.url, session);
    }
    return new PageOAuthProvider(saved.url, saved.transport, saved.remember, session, (changed) => {
      const current = connections.get(saved.url)?.saved ?? saved;
      const next: SavedConnection = {
        ...current,
        ...(changed.clientInformation && 'client_id' in changed.clientInformation
          ? { oauthClient: changed.clientInformation as SavedConnection['oauthClient'] }
          : {}),
        ...(changed.tokens ? { oauthTokens: changed.tokens } : {}),
      };
      void keep(next);
    });
  }

  function targetOf(saved: SavedConnection): HttpTarget {
    const token = tokens.get(saved.url);
    return {
      url: saved.url,
      transport: saved.transport,
      ...(saved.auth === 'bearer' && token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      ...(saved.auth === 'oauth' ? { authProvider: oauthProvider(saved) } : {}),
    };
  }

  /** Connects (or reconnects) and lists the tools into the live toolset. `kept`: the server is saved already (a reload's reconnect). */
  async function connect(settings: ConnectSettings, kept = false, keptToolsetId?: string): Promise<LiveConnection> {
    const normalized = normalizeUrl(settings.url);
    if (!normalized.ok) throw new Error(normalized.message);
    const url = normalized.url;
    const previous = connections.get(url);
    const firstAttempt = !kept && (previous === undefined || previous.attempt === true);
    if (settings.auth === 'bearer' && settings.token) tokens.set(url, settings.token);
    if (settings.auth !== 'bearer') tokens.delete(url);
    const saved: SavedConnection = {
      // A reload's reconnect keeps the live toolset it made before, rather than making another beside it.
      ...(keptToolsetId ? { toolsetId: keptToolsetId } : {}),
      ...(previous?.saved ?? {}),
      url,
      transport: settings.transport,
      auth: settings.auth,
      remember: settings.remember,
      ...(settings.era && settings.era !== 'auto' ? { era: settings.era } : {}),
      ...(settings.logLevel ? { logLevel: settings.logLevel } : {}),
      ...(settings.roots && settings.roots.length > 0 ? { roots: settings.roots } : {}),
      savedAt: previous?.saved.savedAt ?? Date.now(),
      ...(settings.remember && settings.auth === 'bearer' && settings.token ? { token: settings.token } : {}),
      ...(settings.timeoutSeconds !== undefined ? { timeoutSeconds: settings.timeoutSeconds } : {}),
    };
    if (!settings.remember || settings.auth !== 'bearer') delete saved.token;
    if (settings.timeoutSeconds === undefined) delete saved.timeoutSeconds;
    if (!settings.era || settings.era === 'auto') delete saved.era;
    if (!settings.logLevel) delete saved.logLevel;
    if (!settings.roots || settings.roots.length === 0) delete saved.roots;
    await open
      .get(url)
      ?.close()
      .catch(() => undefined);
    open.delete(url);
    connections.put({
      url,
      status: 'connecting',
      tools: previous?.tools ?? [],
      problems: previous?.problems ?? [],
      log: [],
      saved,
      ...(firstAttempt ? { attempt: true } : {}),
      ...(previous?.toolsetId ? { toolsetId: previous.toolsetId } : {}),
      ...(previous?.pin ? { pin: previous.pin } : {}),
    });
    if (!firstAttempt) await keep(saved);
    if (refusedByPolicy(url)) return failAttempt(url, policyFailure(url), []);
    policy.watch();
    connecting.get(url)?.abort();
    const cancel = new AbortController();
    connecting.set(url, cancel);
    try {
      return await connectListing(url, saved, cancel.signal);
    } finally {
      if (connecting.get(url) === cancel) connecting.delete(url);
    }
  }

  /** Gives up on the connect under way (a server that hangs): the form keeps what was typed. */
  function cancelConnect(url: string): void {
    connecting.get(url)?.abort();
  }

  async function connectListing(url: string, saved: SavedConnection, signal: AbortSignal): Promise<LiveConnection> {
    const client = await loadClient();
    const watch = new ListWatch();
    /** This attempt's messages: a first attempt that fails hands them to the form with its failure. */
    const attemptLog: LogEntry[] = [];
    const fail = (at: string, failure: McpFailure) => failAttempt(at, failure, attemptLog);
    const outcome = await client.connectHttp(targetOf(saved), {
      era: saved.era ?? 'auto',
      ...(saved.logLevel ? { logLevel: saved.logLevel } : {}),
      answers: {
        roots: (saved.roots ?? []).map((uri) => ({ uri })),
        elicitor: asks.elicitorFor(url),
        check: checkAnswer,
        sampler: asks.samplerFor(url),
      },
      onMessage: (entry) => {
        watch.observe(entry);
        if (attemptLog.length < 200) attemptLog.push(entry);
        connections.appendLog(url, entry);
      },
      onToolsChanged: () => void refresh(url),
      onListChanged: (list) => void refreshOffers(url, list),
      onResourceUpdated: (uri) => {
        const current = connections.get(url);
        if (current)
          connections.update(url, { updates: { ...current.updates, [uri]: (current.updates?.[uri] ?? 0) + 1 } });
      },
      signal,
      ...(saved.timeoutSeconds ? { timeoutMs: saved.timeoutSeconds * 1000 } : {}),
      ...(typeof window !== 'undefined' ? { pageOrigin: window.location.origin } : {}),
    });
    if (!outcome.ok) return fail(url, cancelledConnect(outcome.failure, signal));
    const connection = outcome.value;
    if (signal.aborted) {
      await connection.close().catch(() => undefined);
      return fail(url, cancelledConnect({ kind: 'cancelled', message: 'initialize was cancelled.' }, signal));
    }
    open.set(url, connection);
    connections.update(url, {
      server: connection.serverInfo,
      transport: connection.transport,
      capabilities: connection.capabilities,
      era: connection.era,
      resources: undefined,
      templates: undefined,
      prompts: undefined,
      ...(connection.protocolVersion ? { protocolVersion: connection.protocolVersion } : {}),
      instructions: connection.instructions || undefined,
    });
    const listed = await connection.listTools({ signal });
    if (!listed.ok) {
      if (signal.aborted) await disconnect(url);
      return fail(url, cancelledConnect(listed.failure, signal));
    }
    const unkept = await publishTools(url, listed.value).then(
      () => null,
      (error: unknown) =>
        `The server's tools could not be kept in this browser. ${error instanceof Error ? error.message : String(error)}`,
    );
    if (unkept !== null) {
      await connection.close().catch(() => undefined);
      open.delete(url);
      // A first attempt goes back to the form, which keeps what was typed; a saved server's card says it.
      if (connections.get(url)?.attempt) {
        connections.drop(url);
        throw new Error(unkept);
      }
      connections.update(url, { status: 'failed', notSaved: unkept });
      return connections.get(url)!;
    }
    const pin = await store()
      .loadPin(url)
      .catch(() => undefined);
    const drift = pin ? await verifyTools(pin, listed.value as unknown as Record<string, unknown>[]) : undefined;
    watches.set(url, watch);
    connections.update(url, {
      status: 'connected',
      attempt: undefined,
      excluded: watch.excluded(listed.value),
      freshness: { ...watch.freshness },
      ...(pin ? { pin } : {}),
      ...(drift?.drifted ? { drift } : { drift: undefined }),
    });
    await listOffers(url, connection);
    connections.update(url, { freshness: { ...watch.freshness } });
    return connections.get(url)!;
  }

  const cancelledConnect = (failure: McpFailure, signal: AbortSignal): McpFailure =>
    signal.aborted
      ? {
          kind: 'cancelled',
          message: `Connecting was cancelled (${failure.message.replace(/\.$/, '')}). Nothing was kept from this attempt; connect again when the server is ready.`,
        }
      : failure;

  /** Resources and prompts, when the server declares them; a failure here leaves the tools usable. */
  async function listOffers(url: string, connection: McpConnection): Promise<void> {
    const [resources, templates, prompts] = await Promise.all([
      connection.capabilities.resources ? connection.listResources() : undefined,
      connection.capabilities.resources ? connection.listResourceTemplates() : undefined,
      connection.capabilities.prompts ? connection.listPrompts() : undefined,
    ]);
    connections.update(url, {
      ...(resources ? { resources: resources.ok ? { items: resources.value } : { failure: resources.failure } } : {}),
      ...(templates ? { templates: templates.ok ? { items: templates.value } : { failure: templates.failure } } : {}),
      ...(prompts ? { prompts: prompts.ok ? { items: prompts.value } : { failure: prompts.failure } } : {}),
    });
  }

  /** A failed connect: a saved server's card says why; a first attempt is dropped, and its failure and log go back to the form. */
  function failAttempt(url: string, failure: McpFailure, attemptLog: LogEntry[]): LiveConnection {
    const refused = failure.kind === 'unreachable' && (policy.blocked(url) || refusedByPolicy(url));
    connections.update(url, { status: 'failed', failure: refused ? policyFailure(url) : failure });
    const failed = connections.get(url)!;
    if (!failed.attempt) return failed;
    connections.drop(url);
    return { ...failed, log: attemptLog };
  }

  /**
   * Converts the tools in the schema worker and saves the live toolset under its id (the first connect chooses it).
   * A toolset already kept is refreshed in its stored record, so a rename or delete in another tab stands: a refresh
   * (`refreshing`) never re-creates a deleted one and says so; a connect makes it anew.
   */
  async function publishTools(url: string, tools: Tool[], refreshing = false): Promise<void> {
    const current = connections.get(url)!;
    const server = current.server ?? { name: new URL(url).host, version: '0.0.0' };
    await toolsets.loadImported();
    let toolsetId = current.saved.toolsetId ?? current.toolsetId;
    const existing = toolsetId ? toolsets.find(toolsetId) : undefined;
    if (!toolsetId || (existing && existing.record?.live?.url !== url))
      toolsetId = toolsets.freeId(`mcp-${server.name}`);
    const { importText } = await schemaChecks();
    const { record, problems } = await liveRecord(tools, server, url, toolsetId, importText);
    const kept = existing?.record?.live?.url === url ? await toolsets.refreshTools(record) : null;
    if (kept === null && existing?.record?.live?.url === url && refreshing) {
      connections.update(url, {
        tools,
        problems,
        notSaved: `The live toolset “${existing.toolset.manifest.name}” was deleted in another tab: the refreshed tools were not kept. Connect again to make it anew.`,
      });
      return;
    }
    if (kept === null) await toolsets.save(record);
    const saved = { ...current.saved, toolsetId };
    connections.update(url, { tools, problems, toolsetId, saved });
    await keep(saved);
  }

  /** After tools/list_changed: list again, show what changed, save the toolset. Notifications that arrive meanwhile fold into one more refresh. */
  async function refresh(url: string): Promise<void> {
    const running = refreshing.get(url);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    refreshing.set(url, state);
    try {
      do {
        state.again = false;
        const connection = open.get(url);
        const before = connections.get(url);
        if (!connection || !before) return;
        const listed = await connection.listTools();
        if (!listed.ok) {
          connections.update(url, { failure: listed.failure });
          return;
        }
        const report = await listChange(before.tools, listed.value, before.server ?? { name: url, version: '0.0.0' });
        await publishTools(url, listed.value, true);
        const watch = watches.get(url);
        if (watch)
          connections.update(url, { excluded: watch.excluded(listed.value), freshness: { ...watch.freshness } });
        const pin = connections.get(url)?.pin;
        const drift = pin ? await verifyTools(pin, listed.value as unknown as Record<string, unknown>[]) : undefined;
        connections.update(url, {
          change: { at: new Date().toISOString(), report },
          drift: drift?.drifted ? drift : undefined,
        });
      } while (state.again);
    } finally {
      refreshing.delete(url);
    }
  }

  /**
   * The connection a live tool's page calls through: the open one, or a reconnect with the saved settings. An OAuth
   * connection whose tokens were not remembered waits for the user (`interactive`): a page that opens must not send
   * the browser to a sign-in page by itself.
   */
  async function ensureConnected(url: string, interactive = false): Promise<LiveConnection | undefined> {
    const current = connections.get(url);
    if (current?.status === 'connected' && open.has(url)) return current;
    if (current?.status === 'connecting') return current;
    const saved =
      current?.saved ??
      (
        await store()
          .loadAll()
          .catch(() => [])
      ).find((candidate) => candidate.url === url);
    if (!saved) return undefined;
    if (saved.token) tokens.set(url, saved.token);
    if (saved.auth === 'oauth' && !interactive && !saved.oauthTokens && !oauthSessions.get(url)?.tokens) {
      const failure: McpFailure = {
        kind: 'unauthorized',
        message:
          'Sign in again (Reconnect on the Connect page): the OAuth tokens were kept in memory only, and the page was reloaded.',
      };
      connections.put({
        url,
        status: 'failed',
        failure,
        tools: current?.tools ?? [],
        problems: current?.problems ?? [],
        log: current?.log ?? [],
        saved,
        ...(saved.toolsetId ? { toolsetId: saved.toolsetId } : {}),
      });
      return connections.get(url);
    }
    return connect(
      {
        url,
        transport: saved.transport,
        auth: saved.auth,
        remember: saved.remember,
        ...(saved.era ? { era: saved.era } : {}),
        ...(saved.logLevel ? { logLevel: saved.logLevel } : {}),
        ...(saved.roots ? { roots: saved.roots } : {}),
        ...(tokens.get(url) ? { token: tokens.get(url)! } : {}),
        ...(saved.timeoutSeconds ? { timeoutSeconds: saved.timeoutSeconds } : {}),
      },
      true,
      saved.toolsetId,
    );
  }

  /** The open connection to run `what` on, or the failure that says to connect first. */
  function openFor<T>(
    url: string,
    what: string,
    run: (connection: McpConnection) => Promise<McpOutcome<T>>,
  ): Promise<McpOutcome<T>> {
    const connection = open.get(url);
    if (!connection)
      return Promise.resolve({
        ok: false,
        failure: { kind: 'unreachable', message: `${what}: not connected to ${url}; connect first.` },
      });
    return run(connection);
  }

  const callTool = (url: string, name: string, args: unknown, options: CallOptions) =>
    openFor(url, `tools/call ${name}`, (connection) => connection.callTool(name, args, options));
  const callToolAsTask = (url: string, name: string, args: unknown, options: TaskCallOptions) =>
    openFor(url, `tools/call ${name}`, (connection) => connection.callToolAsTask(name, args, options));
  const readResource = (url: string, uri: string, options: CallOptions = {}) =>
    openFor(url, `resources/read ${uri}`, (connection) => connection.readResource(uri, options));
  const getPrompt = (url: string, name: string, args: Record<string, string>, options: CallOptions = {}) =>
    openFor(url, `prompts/get ${name}`, (connection) => connection.getPrompt(name, args, options));
  const subscribe = (url: string, uri: string) =>
    openFor(url, `subscribe ${uri}`, (connection) => connection.subscribe(uri));

  /** After resources or prompts list_changed: list again, and say which items came and went. */
  async function refreshOffers(url: string, list: 'resources' | 'prompts'): Promise<void> {
    const connection = open.get(url);
    const before = connections.get(url);
    if (!connection || !before) return;
    const keyOf = (item: { uri?: string; name: string }) => item.uri ?? item.name;
    const previous = before[list];
    const was = previous && 'items' in previous ? previous.items.map(keyOf) : [];
    const listed = list === 'resources' ? await connection.listResources() : await connection.listPrompts();
    if (!listed.ok) {
      connections.update(url, { [list]: { failure: listed.failure } });
      return;
    }
    const now = (listed.value as { uri?: string; name: string }[]).map(keyOf);
    const change = {
      list,
      at: new Date().toISOString(),
      added: now.filter((key) => !was.includes(key)),
      removed: was.filter((key) => !now.includes(key)),
    };
    connections.update(url, { [list]: { items: listed.value }, offerChange: change });
  }

  const complete = (
    url: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ) => openFor(url, 'completion/complete', (connection) => connection.complete(ref, argument, context));

  /** Every saved connection not yet open, reconnected (a reload). */
  async function reconnectSaved(): Promise<void> {
    const saved = await store()
      .loadAll()
      .catch(() => []);
    await Promise.all(
      saved
        .filter((connection) => !connections.get(connection.url))
        .map((connection) => ensureConnected(connection.url).catch(() => undefined)),
    );
  }

  async function disconnect(url: string): Promise<void> {
    asks.withdraw(url);
    await open
      .get(url)
      ?.close()
      .catch(() => undefined);
    open.delete(url);
    watches.delete(url);
    connections.update(url, { status: 'closed' });
  }

  /** Removes the connection, its saved settings and token, its pin and its live toolset. */
  async function forget(url: string): Promise<void> {
    const toolsetId = connections.get(url)?.toolsetId;
    await disconnect(url);
    tokens.delete(url);
    oauthSessions.delete(url);
    await Promise.all([store().remove(url), store().removePin(url)]).catch(() => undefined);
    if (toolsetId && toolsets.find(toolsetId)?.record?.live) await toolsets.remove(toolsetId).catch(() => undefined);
    connections.drop(url);
  }

  /** Takes the remembered token out of IndexedDB; it stays in memory until the page closes. */
  async function forgetToken(url: string): Promise<void> {
    const current = connections.get(url);
    if (!current) return;
    const { token: _token, oauthTokens: _oauth, ...rest } = current.saved;
    const saved: SavedConnection = { ...rest, remember: false };
    connections.update(url, { saved });
    await keep(saved);
  }

  /** Pins the tools the server lists now (also "accept new pin" after drift). */
  async function pin(url: string): Promise<void> {
    const current = connections.get(url);
    if (!current?.server) return;
    const lockfile = await createLockfile(current.server, current.tools as unknown as Record<string, unknown>[]);
    const result = await tryWriteAsync(() => store().savePin(url, lockfile));
    connections.update(url, {
      pin: lockfile,
      drift: undefined,
      notSaved: notSavedLine('The pin was', result) ?? undefined,
    });
  }

  async function unpin(url: string): Promise<void> {
    await store()
      .removePin(url)
      .catch(() => undefined);
    connections.update(url, { pin: undefined, drift: undefined });
  }

  /** The redirect back from the authorization server: trade the code for tokens, then connect. */
  async function finishOAuth(code: string, pending: PendingOAuth): Promise<LiveConnection> {
    const saved: SavedConnection = {
      url: pending.url,
      transport: pending.transport,
      auth: 'oauth',
      remember: pending.remember,
      savedAt: Date.now(),
      ...(pending.clientInformation && 'client_id' in pending.clientInformation
        ? { oauthClient: pending.clientInformation as SavedConnection['oauthClient'] }
        : {}),
    };
    oauthSessions.set(pending.url, {
      ...(pending.clientInformation ? { clientInformation: pending.clientInformation } : {}),
    });
    const provider = oauthProvider(saved);
    const { auth } = await loadSdk();
    try {
      await auth(provider, { serverUrl: pending.url, authorizationCode: code });
    } finally {
      clearPending();
    }
    return connect({ url: pending.url, transport: pending.transport, auth: 'oauth', remember: pending.remember });
  }

  return {
    store: connections,
    asks,
    checkAnswer,
    connect: (settings) => connect(settings),
    cancelConnect,
    refresh,
    ensureConnected,
    callTool,
    callToolAsTask,
    readResource,
    getPrompt,
    complete,
    subscribe,
    reconnectSaved,
    disconnect,
    forget,
    forgetToken,
    pin,
    unpin,
    finishOAuth,
    knownSecrets,
  };
}
