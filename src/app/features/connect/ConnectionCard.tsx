/**
 * One server, leading with what its author came for: its state, era and protocol version, its tools (the live
 * toolset), then resources, prompts and instructions; then pin and drift, and the protocol log.
 */
import { useState } from 'react';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { useLiveConnections } from '../../services/connections/useConnections';
import { DriftView } from './DriftView';
import { messageCount, ProtocolLog } from './ProtocolLog';
import { ServerOffers } from './ServerOffers';
import { ToolsOffer } from './ToolsOffer';

const STATUS_LABEL = {
  connecting: 'Connecting…',
  connected: 'Connected',
  failed: 'Not connected',
  closed: 'Disconnected',
} as const;

function PinPanel({ connection }: { connection: LiveConnection }) {
  const live = useLiveConnections();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  const canPin = connection.status === 'connected' && !busy;
  return (
    <section className="mcp-pin" aria-label="Pin">
      {connection.pin ? (
        <p>
          Pinned: {Object.keys(connection.pin.tools).length} tools of {connection.pin.server.name}{' '}
          {connection.pin.server.version}.{' '}
          {connection.drift ? null : connection.status === 'connected' ? (
            <span className="mcp-ok">The server's tools match the pin.</span>
          ) : null}
        </p>
      ) : (
        <p className="muted">
          Pin the tools as they are now: every later connect compares the server's tools to the pin (a tool quietly
          changing what it tells the model is a rug pull).
        </p>
      )}
      {connection.drift ? (
        <div className="mcp-drift-alert" role="alert">
          <DriftView report={connection.drift} label="Drift since the pin" />
        </div>
      ) : null}
      <div className="mcp-buttons">
        {connection.drift ? (
          <button
            type="button"
            className="button"
            disabled={!canPin}
            onClick={() => run(() => live.pin(connection.url))}
          >
            Accept new pin
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={!canPin}
            onClick={() => run(() => live.pin(connection.url))}
          >
            {connection.pin ? 'Pin again' : 'Pin'}
          </button>
        )}
        {connection.pin ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => run(() => live.unpin(connection.url))}
          >
            Remove pin
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** `modern era (auto)`: the era the session speaks, and how it was chosen. */
function eraWords(connection: LiveConnection): string | null {
  if (!connection.era) return null;
  const chosen = connection.saved.era ?? 'auto';
  return `${connection.era} era${chosen === 'auto' ? ' (auto)' : ''}`;
}

export function ConnectionCard({ connection }: { connection: LiveConnection }) {
  const live = useLiveConnections();
  const title = connection.server
    ? `${connection.server.title ?? connection.server.name} ${connection.server.version}`
    : connection.url;
  const era = eraWords(connection);
  return (
    <article className="mcp-card" aria-label={`Server ${title}`} data-testid="connection">
      <header className="mcp-card-header">
        <h3>{title}</h3>
        <span className={`mcp-status mcp-status-${connection.status}`} role="status">
          {STATUS_LABEL[connection.status]}
        </span>
      </header>
      <p className="muted small mcp-card-facts">
        <code>{connection.url}</code>
        {connection.transport ? ` · ${connection.transport}` : ''}
        {era ? <span data-testid="connection-era">{` · ${era}`}</span> : null}
        {connection.protocolVersion ? (
          <span data-testid="connection-protocol">{` · MCP ${connection.protocolVersion}`}</span>
        ) : null}
        {connection.saved.auth !== 'none'
          ? ` · ${connection.saved.auth === 'oauth' ? 'OAuth' : 'bearer token'}${connection.saved.remember ? ', remembered' : ', in memory only'}`
          : ''}
      </p>
      {connection.failure && connection.status !== 'connected' ? (
        <p className="field-error" role="alert">
          {connection.failure.message}
        </p>
      ) : null}
      {connection.notSaved ? (
        <p className="field-error" role="alert" data-testid="connection-not-saved">
          {connection.notSaved}
        </p>
      ) : null}
      <ToolsOffer connection={connection} />
      {connection.status === 'connected' ? <ServerOffers connection={connection} /> : null}
      <PinPanel connection={connection} />
      <div className="mcp-buttons">
        {connection.status === 'connected' ? (
          <button type="button" className="button" onClick={() => void live.disconnect(connection.url)}>
            Disconnect
          </button>
        ) : connection.status !== 'connecting' ? (
          <button type="button" className="button" onClick={() => void live.ensureConnected(connection.url, true)}>
            Reconnect
          </button>
        ) : (
          <button type="button" className="button" onClick={() => live.cancelConnect(connection.url)}>
            Stop connecting
          </button>
        )}
        {connection.saved.remember ? (
          <button type="button" className="button" onClick={() => void live.forgetToken(connection.url)}>
            Forget the token
          </button>
        ) : null}
        <button type="button" className="button button-danger" onClick={() => void live.forget(connection.url)}>
          Remove this server
        </button>
      </div>
      <details className="mcp-log-section">
        <summary>Protocol log ({messageCount(connection.log.length)})</summary>
        <ProtocolLog connection={connection} />
      </details>
    </article>
  );
}
