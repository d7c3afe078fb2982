/**
 * Saved connections and pins, in IndexedDB (idb-keyval), so a reload reconnects. A token is saved only when the
 * user ticked "remember" (and is forgotten with one click); otherwise it lives in this module's memory only.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { LoggingLevel, OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/client';
import type { Lockfile } from '../../../core/mcp/pin/lockfile';

export type TransportChoice = 'auto' | 'streamable-http' | 'sse';
export type AuthChoice = 'none' | 'bearer' | 'oauth';
/** The protocol era to connect in: `auto` tries the 2026-07-28 `server/discover` first, then the 2025 `initialize`. */
export type EraChoice = 'auto' | 'modern' | 'legacy';

export interface SavedConnection {
  /** The server's URL: the connection's key. */
  url: string;
  transport: TransportChoice;
  auth: AuthChoice;
  /** `auto` when absent. */
  era?: EraChoice;
  /** The least severe server log message to receive; none when absent. */
  logLevel?: LoggingLevel;
  /** The roots (file:// URIs) the server is told of when it asks; none when absent. */
  roots?: string[];
  /** The live toolset's id, once the server has answered. */
  toolsetId?: string;
  /** Only when `remember` is true. */
  token?: string;
  remember: boolean;
  /** OAuth client registration and tokens: the tokens only when `remember` is true. */
  oauthClient?: OAuthClientInformationFull;
  oauthTokens?: OAuthTokens;
  /** The time limit of each request, in seconds, when the user set one. */
  timeoutSeconds?: number;
  savedAt: number;
}

export interface ConnectionStorage {
  loadAll(): Promise<SavedConnection[]>;
  save(connection: SavedConnection): Promise<void>;
  remove(url: string): Promise<void>;
  loadPin(url: string): Promise<Lockfile | undefined>;
  savePin(url: string, lockfile: Lockfile): Promise<void>;
  removePin(url: string): Promise<void>;
}

const isSaved = (value: unknown): value is SavedConnection =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SavedConnection).url === 'string' &&
  typeof (value as SavedConnection).savedAt === 'number';

/** What may be written: a token (bearer or OAuth) only when the user asked to remember it. */
export function storable(connection: SavedConnection): SavedConnection {
  if (connection.remember) return connection;
  const { token: _token, oauthTokens: _tokens, ...rest } = connection;
  return rest;
}

export function createIndexedDbConnectionStorage(): ConnectionStorage {
  let connections: UseStore | null = null;
  let pins: UseStore | null = null;
  const open = (): UseStore => (connections ??= createStore('tsp-mcp-connections', 'connections'));
  const openPins = (): UseStore => (pins ??= createStore('tsp-mcp-pins', 'pins'));
  return {
    async loadAll() {
      const all = await entries(open());
      return all
        .map(([, value]) => value)
        .filter(isSaved)
        .sort((left, right) => left.savedAt - right.savedAt);
    },
    save: (connection) => set(connection.url, storable(connection), open()),
    remove: (url) => del(url, open()),
    loadPin: (url) => get<Lockfile>(url, openPins()),
    savePin: (url, lockfile) => set(url, lockfile, openPins()),
    removePin: (url) => del(url, openPins()),
  };
}
