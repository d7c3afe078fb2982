/** What is kept of a server: reconnecting the saved ones, forgetting one or its token, its pin. */
import { createLockfile } from '../../../core/mcp/pin/lockfile';
import { notSavedLine, tryWriteAsync } from '../../lib/storageFailure';
import type { Connecting } from './connecting';
import type { ConnectionState } from './connectionState';
import type { SavedConnection } from './savedConnections';

export function createSavedActions(state: ConnectionState, { ensureConnected }: Pick<Connecting, 'ensureConnected'>) {
  const { connections, store, tokens, oauthSessions, toolsets, keep, disconnect } = state;

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

  return { reconnectSaved, forget, forgetToken, pin, unpin };
}
