/** The live connections the page holds, as a store React reads (one immutable object per connection, replaced on change). */
import type { McpFailure } from '../../../core/mcp/client';
import type { LogEntry } from '../../../core/mcp/log';
import type { Lockfile } from '../../../core/mcp/pin/lockfile';
import type { DriftReport } from '../../../core/mcp/pin/verify';
import type { ImportProblem } from '../../../core/import/types';
import type { Prompt, Resource, ResourceTemplateType, ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import type { ExcludedTool, ListFreshness, ListName } from './listWatch';
import type { ServerInfo } from './liveToolset';
import type { SavedConnection } from './savedConnections';

type ConnectionStatus = 'connecting' | 'connected' | 'failed' | 'closed';

/** A list the server offers besides tools: what it listed, or why the list failed (the tools stay usable). */
export type ServerList<T> = { items: T[] } | { failure: McpFailure };

export interface LiveConnection {
  url: string;
  status: ConnectionStatus;
  failure?: McpFailure;
  server?: ServerInfo;
  protocolVersion?: string;
  /** The era the session speaks: `modern` (2026-07-28) or `legacy` (the 2025 initialize handshake). */
  era?: 'modern' | 'legacy';
  transport?: string;
  /** Sent with initialize: how the server asks a model to use it. Text, never markup. */
  instructions?: string;
  capabilities?: ServerCapabilities;
  /** resources/list and prompts/list, when the server declares them. */
  resources?: ServerList<Resource>;
  /** resources/templates/list, when the server declares resources. */
  templates?: ServerList<ResourceTemplateType>;
  prompts?: ServerList<Prompt>;
  toolsetId?: string;
  tools: Tool[];
  /** Tools the server listed that the client left out (an invalid `x-mcp-header` annotation), with the reason. */
  excluded?: ExcludedTool[];
  /** `ttlMs` / `cacheScope` of each list, where the server gave them. */
  freshness?: Partial<Record<ListName, ListFreshness>>;
  /** Tools the import refused (pointer and rule), and its warnings. */
  problems: ImportProblem[];
  log: LogEntry[];
  /** Why the browser refused to store this connection's settings or pin: they hold for this page only. */
  notSaved?: string;
  /** The last refresh after notifications/tools/list_changed. */
  change?: { at: string; report: DriftReport };
  pin?: Lockfile;
  /** Against the pin, when the tools differ from it. */
  drift?: DriftReport;
  saved: SavedConnection;
  /** After resources or prompts list_changed: which list, and the names that came and went. */
  offerChange?: { list: 'resources' | 'prompts'; at: string; added: string[]; removed: string[] };
  /** Per subscribed resource URI: how many update notices came (a reader re-reads on each). */
  updates?: Record<string, number>;
  /** A first attempt at a server not yet kept: the page shows it on the form, not as a server card. */
  attempt?: boolean;
}

/** The most entries a log keeps: a server flooding notifications must not grow the page without bound. */
const MAX_LOG_ENTRIES = 5000;

export interface ConnectionStore {
  get(url: string): LiveConnection | undefined;
  put(connection: LiveConnection): void;
  update(url: string, patch: Partial<LiveConnection>): void;
  drop(url: string): void;
  /** Adds a protocol message to the connection's log (published with the others of this tick). */
  appendLog(url: string, entry: LogEntry): void;
  /** Every connection, one array per change. */
  snapshot(): LiveConnection[];
  subscribe(listener: () => void): () => void;
}

export function createConnectionStore(): ConnectionStore {
  let connections = new Map<string, LiveConnection>();
  let snapshot: LiveConnection[] = [];
  const listeners = new Set<() => void>();
  const publish = (): void => {
    snapshot = [...connections.values()];
    for (const listener of listeners) listener();
  };
  const put = (connection: LiveConnection): void => {
    connections = new Map(connections).set(connection.url, connection);
    publish();
  };
  // Log entries arrive one per message; a flood is gathered and published once per tick, so the page keeps up.
  const waitingLog = new Map<string, LogEntry[]>();
  let flushScheduled = false;
  const flushLog = (): void => {
    flushScheduled = false;
    for (const [key, entries] of waitingLog) {
      const current = connections.get(key);
      if (!current) continue;
      const log = current.log.concat(entries);
      connections = new Map(connections).set(key, {
        ...current,
        log: log.length > MAX_LOG_ENTRIES ? log.slice(-MAX_LOG_ENTRIES) : log,
      });
    }
    waitingLog.clear();
    publish();
  };
  return {
    get: (url) => connections.get(url),
    put,
    update(url, patch) {
      const current = connections.get(url);
      if (current) put({ ...current, ...patch });
    },
    drop(url) {
      connections = new Map(connections);
      connections.delete(url);
      publish();
    },
    appendLog(url, entry) {
      const waiting = waitingLog.get(url) ?? [];
      waiting.push(entry);
      waitingLog.set(url, waiting);
      if (flushScheduled) return;
      flushScheduled = true;
      setTimeout(flushLog, 0);
    },
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
