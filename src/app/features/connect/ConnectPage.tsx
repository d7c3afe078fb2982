/** /connect/: connect a live MCP server, see its connections, pins and protocol logs. Also where an OAuth sign-in returns. */
import { useEffect, useRef, useState } from 'react';
import { useEarlyActions } from '../../lib/earlyEvents';
import { navigate } from '../../lib/router';
import { SITE_BASE } from '../../lib/hrefs';
import { useConnections, useLiveConnections } from '../../services/connections/useConnections';
import { ConnectForm } from './ConnectForm';
import { ConnectionCard } from './ConnectionCard';
import { oauthCallback } from '../../services/connections/oauth';
import { ConnectActions, type SendToModel } from './promptHandoff';
import './connect.css';

/** Reconnects saved connections once per page load, and finishes an OAuth sign-in the address brings back. */
function useStartup(): string | null {
  const live = useLiveConnections();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const callback = oauthCallback(window.location.search);
    if (callback) navigate(`${SITE_BASE}connect/`, { replace: true });
    if (callback && 'error' in callback) setProblem(callback.error);
    // The sign-in's own connection first: the others reconnect after it, so none starts a second sign-in meanwhile.
    const finishing =
      callback && !('error' in callback)
        ? live.finishOAuth(callback.code, callback.pending).then(
            () => undefined,
            (error: unknown) =>
              setProblem(
                `The sign-in could not be finished: ${error instanceof Error ? error.message : String(error)}`,
              ),
          )
        : Promise.resolve();
    void finishing.then(() => live.reconnectSaved());
  }, [live]);
  return problem;
}

/** `sendToModel`: how a prompt's messages reach the Models page (the page composing this feature lends it). */
export function ConnectPage({ sendToModel }: { sendToModel?: SendToModel } = {}) {
  // A first attempt shows on the form until it connects: a failure there is not a server of this page.
  const connections = useConnections().filter((connection) => !connection.attempt || connection.status === 'connected');
  const problem = useStartup();
  const root = useRef<HTMLDivElement>(null);
  useEarlyActions(root);
  return (
    <ConnectActions.Provider value={sendToModel ? { sendToModel } : {}}>
      <div className="connect-page" ref={root}>
        <section className="catalog-intro" aria-labelledby="connect-title">
          <h1 id="connect-title">Connect a server</h1>
          <p className="lead">
            Connect a running MCP server: its tools become a live toolset with the same docs, form, editor, validation,
            audit, provider formats, token cost and compare as any other, and Execute on a tool's page calls the server.
            A stdio server is reached through <code>npx tool-schemas mcp bridge -- &lt;command&gt;</code>.
          </p>
        </section>
        {connections.length > 0 ? (
          <section className="mcp-section" aria-labelledby="connections-title">
            <h2 id="connections-title">Servers</h2>
            <div className="mcp-cards">
              {connections.map((connection) => (
                <ConnectionCard key={connection.url} connection={connection} />
              ))}
            </div>
          </section>
        ) : null}
        <section className="mcp-section" aria-labelledby="connect-form-title">
          <h2 id="connect-form-title">New connection</h2>
          <ConnectForm />
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
        </section>
      </div>
    </ConnectActions.Provider>
  );
}
