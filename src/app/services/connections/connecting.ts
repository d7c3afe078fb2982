/**
 * Connecting to a server: the first connect, a reconnect with saved settings, the way back from an OAuth sign-in,
 * and Cancel. A connect lists the tools into the live toolset (listRefresh.ts); the outcome is on the connection.
 */
import type { McpFailure } from '../../../core/mcp/client';
import type { LogEntry } from '../../../core/mcp/log';
import { verifyTools } from '../../../core/mcp/pin/verify';
import { normalizeUrl, type ConnectSettings } from './connectSettings';
import type { LiveConnection } from './connectionStore';
import type { ConnectionState } from './connectionState';
import type { ListRefresh } from './listRefresh';
import { ListWatch } from './listWatch';
import { clearPending, type PendingOAuth } from './oauth';
import { policyFailure, refusedByPolicy } from './policy';
import type { SavedConnection } from './savedConnections';

/** The MCP client, loaded with the first connection (zod was told to parse without `new Function` before: zodJitless.ts). */
const loadSdk = () => import('@modelcontextprotocol/client');
const loadClient = () => import('../../../core/mcp/client');

export interface Connecting {
  connect(settings: ConnectSettings): Promise<LiveConnection>;
  cancelConnect(url: string): void;
  ensureConnected(url: string, interactive?: boolean): Promise<LiveConnection | undefined>;
  finishOAuth(code: string, pending: PendingOAuth): Promise<LiveConnection>;
}

/** What connecting works with, handed to each step: the connections' state, their list refresh, the connects under way. */
interface ConnectingContext {
  readonly state: ConnectionState;
  readonly lists: ListRefresh;
  /** The connect under way per URL, for Cancel. */
  readonly underWay: Map<string, AbortController>;
}

export function createConnecting(state: ConnectionState, lists: ListRefresh): Connecting {
  const context: ConnectingContext = { state, lists, underWay: new Map() };
  return {
    connect: (settings) => connect(context, settings),
    cancelConnect: (url) => cancelConnect(context, url),
    ensureConnected: (url, interactive) => ensureConnected(context, url, interactive),
    finishOAuth: (code, pending) => finishOAuth(context, code, pending),
  };
}

/** Connects (or reconnects) and lists the tools into the live toolset. `kept`: the server is saved already (a reload's reconnect). */
async function connect(
  context: ConnectingContext,
  settings: ConnectSettings,
  kept = false,
  keptToolsetId?: string,
): Promise<LiveConnection> {
  const { connections, open, tokens, policy, keep } = context.state;
  const connecting = context.underWay;
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
  if (refusedByPolicy(url)) return failAttempt(context, url, policyFailure(url), []);
  policy.watch();
  connecting.get(url)?.abort();
  const cancel = new AbortController();
  connecting.set(url, cancel);
  try {
    return await connectListing(context, url, saved, cancel.signal);
  } finally {
    if (connecting.get(url) === cancel) connecting.delete(url);
  }
}

/** Gives up on the connect under way (a server that hangs): the form keeps what was typed. */
function cancelConnect(context: ConnectingContext, url: string): void {
  context.underWay.get(url)?.abort();
}

async function connectListing(
  context: ConnectingContext,
  url: string,
  saved: SavedConnection,
  signal: AbortSignal,
): Promise<LiveConnection> {
  const { connections, open, watches, asks, checkAnswer, store, targetOf, disconnect } = context.state;
  const { listOffers, publishTools, refresh, refreshOffers } = context.lists;
  const client = await loadClient();
  const watch = new ListWatch();
  /** This attempt's messages: a first attempt that fails hands them to the form with its failure. */
  const attemptLog: LogEntry[] = [];
  const fail = (at: string, failure: McpFailure) => failAttempt(context, at, failure, attemptLog);
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

function cancelledConnect(failure: McpFailure, signal: AbortSignal): McpFailure {
  return signal.aborted
    ? {
        kind: 'cancelled',
        message: `Connecting was cancelled (${failure.message.replace(/\.$/, '')}). Nothing was kept from this attempt; connect again when the server is ready.`,
      }
    : failure;
}

/** A failed connect: a saved server's card says why; a first attempt is dropped, and its failure and log go back to the form. */
function failAttempt(
  context: ConnectingContext,
  url: string,
  failure: McpFailure,
  attemptLog: LogEntry[],
): LiveConnection {
  const { connections, policy } = context.state;
  const refused = failure.kind === 'unreachable' && (policy.blocked(url) || refusedByPolicy(url));
  connections.update(url, { status: 'failed', failure: refused ? policyFailure(url) : failure });
  const failed = connections.get(url)!;
  if (!failed.attempt) return failed;
  connections.drop(url);
  return { ...failed, log: attemptLog };
}

/**
 * The connection a live tool's page calls through: the open one, or a reconnect with the saved settings. An OAuth
 * connection whose tokens were not remembered waits for the user (`interactive`): a page that opens must not send
 * the browser to a sign-in page by itself.
 */
async function ensureConnected(
  context: ConnectingContext,
  url: string,
  interactive = false,
): Promise<LiveConnection | undefined> {
  const { connections, open, store, tokens, oauthSessions } = context.state;
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
    context,
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

/** The redirect back from the authorization server: trade the code for tokens, then connect. */
async function finishOAuth(context: ConnectingContext, code: string, pending: PendingOAuth): Promise<LiveConnection> {
  const { oauthSessions, oauthProvider } = context.state;
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
  return connect(context, {
    url: pending.url,
    transport: pending.transport,
    auth: 'oauth',
    remember: pending.remember,
  });
}
