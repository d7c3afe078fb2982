/**
 * One attempt at a server, once its settings are kept: the client's connect, the tool list into the live toolset
 * (listRefresh.ts), the pin's drift; a failure (refused by the page's policy, cancelled, the server's) on the connection.
 */
import type { McpFailure } from '../../../core/mcp/client';
import type { LogEntry } from '../../../core/mcp/log';
import { verifyTools } from '../../../core/mcp/pin/verify';
import type { LiveConnection } from './connectionStore';
import type { ConnectionState } from './connectionState';
import type { ListRefresh } from './listRefresh';
import { ListWatch } from './listWatch';
import type { PolicyVerdict } from './policy';
import type { SavedConnection } from './savedConnections';

/** The MCP client, loaded with the first connection (zod was told to parse without `new Function` before: zodJitless.ts). */
const loadClient = () => import('../../../core/mcp/client');

/** What connecting works with, handed to each step: the connections' state, their list refresh, the connects under way. */
export interface ConnectingContext {
  readonly state: ConnectionState;
  readonly lists: ListRefresh;
  /** The connect under way per URL, for Cancel. */
  readonly underWay: Map<string, AbortController>;
}

/**
 * Tries the server at `url` with its kept settings, unless the page's policy refuses it before trying. A failed
 * attempt: a saved server's card says why; a first attempt is dropped, and its failure and log go back to the form.
 */
export async function attemptConnect(
  context: ConnectingContext,
  url: string,
  saved: SavedConnection,
  verdict: PolicyVerdict,
): Promise<LiveConnection> {
  const { connections, policy } = context.state;
  const underWay = context.underWay;
  const cancel = new AbortController();
  /** This attempt's messages: a first attempt that fails hands them to the form with its failure. */
  const attemptLog: LogEntry[] = [];
  const fail = (failure: McpFailure): LiveConnection => {
    const said: McpFailure = cancel.signal.aborted
      ? {
          kind: 'cancelled',
          message: `Connecting was cancelled (${failure.message.replace(/\.$/, '')}). Nothing was kept from this attempt; connect again when the server is ready.`,
        }
      : failure;
    const refused = said.kind === 'unreachable' && (verdict.refused || policy.blocked(url));
    connections.update(url, { status: 'failed', failure: refused ? verdict.failure : said });
    const failed = connections.get(url)!;
    if (!failed.attempt) return failed;
    connections.drop(url);
    return { ...failed, log: attemptLog };
  };
  if (verdict.refused) return fail(verdict.failure);
  policy.watch();
  underWay.get(url)?.abort();
  underWay.set(url, cancel);
  try {
    return await connectListing(context, url, saved, cancel.signal, attemptLog, fail);
  } finally {
    if (underWay.get(url) === cancel) underWay.delete(url);
  }
}

async function connectListing(
  context: ConnectingContext,
  url: string,
  saved: SavedConnection,
  signal: AbortSignal,
  attemptLog: LogEntry[],
  fail: (failure: McpFailure) => LiveConnection,
): Promise<LiveConnection> {
  const { connections, open, watches, asks, checkAnswer, store, targetOf, disconnect } = context.state;
  const { listOffers, publishTools, refresh, refreshOffers } = context.lists;
  const client = await loadClient();
  const watch = new ListWatch();
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
  if (!outcome.ok) return fail(outcome.failure);
  const connection = outcome.value;
  if (signal.aborted) {
    await connection.close().catch(() => undefined);
    return fail({ kind: 'cancelled', message: 'initialize was cancelled.' });
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
    return fail(listed.failure);
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
