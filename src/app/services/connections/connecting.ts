/**
 * Connecting to a server: the first connect, a reconnect with saved settings, the way back from an OAuth sign-in,
 * and Cancel. A connect keeps the settings, then tries the server (connectAttempt.ts); the outcome is on the connection.
 */
import type { McpFailure } from '../../../core/mcp/client';
import { attemptConnect, type ConnectingContext } from './connectAttempt';
import { normalizeUrl, type ConnectSettings } from './connectSettings';
import type { LiveConnection } from './connectionStore';
import type { ConnectionState } from './connectionState';
import type { ListRefresh } from './listRefresh';
import { clearPending, type PendingOAuth } from './oauth';
import { policyVerdict } from './policy';
import type { SavedConnection } from './savedConnections';

/** The SDK, loaded with the first connection (zod was told to parse without `new Function` before: zodJitless.ts). */
const loadSdk = () => import('@modelcontextprotocol/client');

export interface Connecting {
  connect(settings: ConnectSettings): Promise<LiveConnection>;
  cancelConnect(url: string): void;
  ensureConnected(url: string, interactive?: boolean): Promise<LiveConnection | undefined>;
  finishOAuth(code: string, pending: PendingOAuth): Promise<LiveConnection>;
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
  const { connections, open, tokens, keep } = context.state;
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
  const verdict = policyVerdict(url);
  return attemptConnect(context, url, saved, verdict);
}

/** Gives up on the connect under way (a server that hangs): the form keeps what was typed. */
function cancelConnect(context: ConnectingContext, url: string): void {
  context.underWay.get(url)?.abort();
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
