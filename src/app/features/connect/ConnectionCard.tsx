/** One server: its state, its live toolset, refused tools, the last list change, pin and drift, the protocol log. */
import { useState } from 'react';
import { catalogHref } from '../../lib/hrefs';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { useLiveConnections } from '../../services/connections/useConnections';
import { DriftView } from './DriftView';
import { ProtocolLog } from './ProtocolLog';
import { ServerOffers } from './ServerOffers';

const STATUS_LABEL = { connecting: 'Connecting…', connected: 'Connected', failed: 'Not connected', closed: 'Disconnected' } as const;

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
          Pinned: {Object.keys(connection.pin.tools).length} tools of {connection.pin.server.name} {connection.pin.server.version}.{' '}
          {connection.drift ? null : connection.status === 'connected' ? <span className="mcp-ok">The server's tools match the pin.</span> : null}
        </p>
      ) : (
        <p className="muted">Pin the tools as they are now: every later connect compares the server's tools to the pin (a tool quietly changing what it tells the model is a rug pull).</p>
      )}
      {connection.drift ? (
        <div className="mcp-drift-alert" role="alert">
          <DriftView report={connection.drift} label="Drift since the pin" />
        </div>
      ) : null}
      <div className="mcp-buttons">
        {connection.drift ? (
          <button type="button" className="button" disabled={!canPin} onClick={() => run(() => live.pin(connection.url))}>
            Accept new pin
          </button>
        ) : (
          <button type="button" className="button" disabled={!canPin} onClick={() => run(() => live.pin(connection.url))}>
            {connection.pin ? 'Pin again' : 'Pin'}
          </button>
        )}
        {connection.pin ? (
          <button type="button" className="button" disabled={busy} onClick={() => run(() => live.unpin(connection.url))}>
            Remove pin
          </button>
        ) : null}
      </div>
    </section>
  );
}

export function ConnectionCard({ connection }: { connection: LiveConnection }) {
  const live = useLiveConnections();
  const errors = connection.problems.filter((problem) => problem.severity === 'error');
  const title = connection.server ? `${connection.server.title ?? connection.server.name} ${connection.server.version}` : connection.url;
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
        {connection.protocolVersion ? ` · MCP ${connection.protocolVersion}` : ''}
        {connection.saved.auth !== 'none' ? ` · ${connection.saved.auth === 'oauth' ? 'OAuth' : 'bearer token'}${connection.saved.remember ? ', remembered' : ', in memory only'}` : ''}
      </p>
      {connection.failure && connection.status !== 'connected' ? (
        <p className="field-error" role="alert">
          {connection.failure.message}
        </p>
      ) : null}
      {connection.status === 'connected' ? <ServerOffers connection={connection} /> : null}
      {connection.toolsetId ? (
        <p>
          <a className="button button-primary" href={catalogHref(connection.toolsetId)}>
            Open the live toolset ({connection.tools.length - new Set(errors.map((problem) => problem.toolIndex ?? problem.toolName)).size} tools)
          </a>
        </p>
      ) : null}
      {errors.length > 0 ? (
        <details className="mcp-refused" open>
          <summary>
            {errors.length} tool{errors.length === 1 ? '' : 's'} refused by the import checks (the rest are usable)
          </summary>
          <ul>
            {errors.map((problem, index) => (
              <li key={index}>
                <code>{problem.toolName ?? '?'}</code>: {problem.message} <code className="muted small">{problem.pointer}</code> <span className="muted small">({problem.rule})</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {connection.change ? (
        <div className="mcp-change" role="status" data-testid="list-change">
          <DriftView report={connection.change.report} label="The server's tool list changed" />
        </div>
      ) : null}
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
        <summary>Protocol log ({connection.log.length} messages)</summary>
        <ProtocolLog connection={connection} />
      </details>
    </article>
  );
}
