/**
 * Beside a live tool's page, in place of the in-memory workspace (which a live server never touches): the server
 * the tool calls, its state, what it declared, and its instructions. The server's text is shown as text.
 */
import { useId } from 'react';
import { SITE_BASE } from '../../lib/hrefs';
import type { LiveSource } from '../../lib/importedToolsets';
import { useConnection } from '../../services/connections/useConnections';
import { describeCapabilities } from './ServerOffers';
import './server.css';

const STATUS = {
  connected: 'Connected',
  connecting: 'Connecting…',
  failed: 'Not connected',
  closed: 'Disconnected',
} as const;

const countOf = (list: { items: unknown[] } | { failure: unknown } | undefined): string | null =>
  list === undefined ? null : 'items' in list ? String(list.items.length) : 'could not be listed';

export function ServerPanel({ live }: { live: LiveSource }) {
  const id = useId();
  const connection = useConnection(live.url);
  const server = connection?.server ?? { name: live.serverName, version: live.serverVersion };
  const resources = countOf(connection?.resources);
  const prompts = countOf(connection?.prompts);
  return (
    <section className="mcp-server-panel" aria-labelledby={`${id}-title`} data-testid="server-panel">
      <h2 id={`${id}-title`}>The server it calls</h2>
      <p className="muted small">
        This tool runs on a live MCP server, not in this page's workspace: Execute sends <code>tools/call</code> to the
        server, and what the tool does happens there.
      </p>
      <dl>
        <dt>Server</dt>
        <dd>
          {server.title ?? server.name} {server.version}
        </dd>
        <dt>URL</dt>
        <dd>
          <code>{live.url}</code>
        </dd>
        <dt>State</dt>
        <dd>{STATUS[connection?.status ?? 'closed']}</dd>
        {connection?.transport ? (
          <>
            <dt>Transport</dt>
            <dd>
              {connection.transport}
              {connection.protocolVersion ? `, MCP ${connection.protocolVersion}` : ''}
            </dd>
          </>
        ) : null}
        {connection?.capabilities ? (
          <>
            <dt>Declares</dt>
            <dd>{describeCapabilities(connection.capabilities)}</dd>
          </>
        ) : null}
        {resources !== null ? (
          <>
            <dt>Resources</dt>
            <dd>{resources}</dd>
          </>
        ) : null}
        {prompts !== null ? (
          <>
            <dt>Prompts</dt>
            <dd>{prompts}</dd>
          </>
        ) : null}
      </dl>
      {connection?.instructions ? (
        <details className="mcp-offer" data-testid="server-panel-instructions">
          <summary>
            <h4>Instructions for the model</h4>
          </summary>
          <p className="mcp-instructions">{connection.instructions}</p>
        </details>
      ) : null}
      <p>
        <a href={`${SITE_BASE}connect/`}>The connection, its pin and protocol log, resources and prompts</a>
      </p>
    </section>
  );
}
