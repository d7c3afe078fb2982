/**
 * What the parts of a page's connections share: the connections as React reads them, the open ones, their secrets
 * and list watches, where they are saved. Made once by createConnections and handed to each part (connecting,
 * the lists, the calls, the saved settings); no module keeps any of it.
 */
import type { McpConnection, HttpTarget } from '../../../core/mcp/client';
import type { AnswerCheck, FormRequest } from '../../../core/mcp/input';
import type { ValidationError } from '../../../core/validation/types';
import type { SchemaChecks } from '../../lib/schemaWorker';
import { notSavedLine, tryWriteAsync } from '../../lib/storageFailure';
import type { Toolsets } from '../toolsets';
import { createAskQueue, type AskQueue } from './asks';
import { createConnectionStore, type ConnectionStore } from './connectionStore';
import type { ListWatch } from './listWatch';
import { PageOAuthProvider, type OAuthSession } from './oauth';
import { createPolicyWatch, type PolicyWatch } from './policy';
import { createIndexedDbConnectionStorage, type ConnectionStorage, type SavedConnection } from './savedConnections';

export interface ConnectionOptions {
  toolsets: Toolsets;
  storage?: ConnectionStorage;
  schemaChecks: () => Promise<SchemaChecks>;
  checkAnswer?: AnswerCheck;
}

export interface ConnectionState {
  toolsets: Toolsets;
  /** The page's schema worker: converts a server's tools, checks an elicitation answer. */
  schemaChecks: () => Promise<SchemaChecks>;
  checkAnswer: AnswerCheck;
  asks: AskQueue;
  /** Where connections are saved, opened on first use. */
  store: () => ConnectionStorage;
  connections: ConnectionStore;
  policy: PolicyWatch;
  /** The open connections, by URL. */
  open: Map<string, McpConnection>;
  /** Bearer tokens, by URL. */
  tokens: Map<string, string>;
  oauthSessions: Map<string, OAuthSession>;
  /** Each open connection's watch on its lists (freshness, excluded tools). */
  watches: Map<string, ListWatch>;
  /** Every secret the page holds, for the log export to replace. */
  knownSecrets(): string[];
  /** Stores the connection's settings; a refusal is said on the connection (they hold for this page only), never thrown. */
  keep(saved: SavedConnection): Promise<void>;
  oauthProvider(saved: SavedConnection): PageOAuthProvider;
  targetOf(saved: SavedConnection): HttpTarget;
  disconnect(url: string): Promise<void>;
}

export function createConnectionState(options: ConnectionOptions): ConnectionState {
  const { toolsets, schemaChecks } = options;
  /**
   * An elicitation answer checked in the schema worker: the page compiles no schema itself. The form checks an answer
   * before it lets it go, and the client checks it again as it sends it: the second check of the same answer to the
   * same request takes the first one's verdict, so the answer leaves without a second trip to the worker.
   */
  let knownChecks: SchemaChecks | undefined;
  const lastChecks = new WeakMap<FormRequest, { content: string; verdict: Promise<ValidationError[]> }>();
  const checkInWorker: AnswerCheck = (request, content): Promise<ValidationError[]> => {
    const text = JSON.stringify(content);
    const last = lastChecks.get(request);
    if (last?.content === text) return last.verdict;
    // Once the worker's door is known, the answer is posted to it at once, inside the Accept click, so the worker
    // checks it while the page redraws the dialog.
    const verdict = knownChecks
      ? knownChecks.answer(request.schema, content)
      : schemaChecks().then((checks) => (knownChecks = checks).answer(request.schema, content));
    const entry = { content: text, verdict };
    lastChecks.set(request, entry);
    // A check that failed (the worker crashed) is asked again next time.
    verdict.catch(() => lastChecks.get(request) === entry && lastChecks.delete(request));
    return verdict;
  };
  const checkAnswer = options.checkAnswer ?? checkInWorker;
  const asks = createAskQueue();
  let storage: ConnectionStorage | null = options.storage ?? null;
  const store = (): ConnectionStorage => (storage ??= createIndexedDbConnectionStorage());
  const connections = createConnectionStore();
  const policy = createPolicyWatch();
  const open = new Map<string, McpConnection>();
  const tokens = new Map<string, string>();
  const oauthSessions = new Map<string, OAuthSession>();
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

  return {
    toolsets,
    schemaChecks,
    checkAnswer,
    asks,
    store,
    connections,
    policy,
    open,
    tokens,
    oauthSessions,
    watches,
    knownSecrets,
    keep,
    oauthProvider,
    targetOf,
    disconnect,
  };
}
