/** "Connect a server": URL, transport, authentication (none, a bearer token, OAuth sign-in), and whether to remember the token. */
import { useId, useState, type FormEvent } from 'react';
import { connect, normalizeUrl } from './connections';
import type { AuthChoice, TransportChoice } from './savedConnections';

export function ConnectForm({ onConnected }: { onConnected?: (url: string) => void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [transport, setTransport] = useState<TransportChoice>('auto');
  const [auth, setAuth] = useState<AuthChoice>('none');
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeUrl(url);
    if (!normalized.ok) return setProblem(normalized.message);
    if (auth === 'bearer' && token.trim() === '') return setProblem('Bearer token: empty; paste the token the server (or the bridge) gave you, or choose "None".');
    setProblem(null);
    setBusy(true);
    try {
      const result = await connect({ url: normalized.url, transport, auth, remember, ...(auth === 'bearer' ? { token: token.trim().replace(/^Bearer\s+/i, '') } : {}) });
      if (result.status === 'connected') onConnected?.(result.url);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mcp-connect-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>Server URL</label>
        <input id={`${id}-url`} type="text" inputMode="url" placeholder="http://127.0.0.1:3000/mcp" value={url} onChange={(event) => setUrl(event.target.value)} autoComplete="url" spellCheck={false} />
        <span className="field-help">Streamable HTTP; a server that speaks only the older HTTP+SSE transport is reached over that.</span>
      </div>
      <div className="mcp-connect-row">
        <div className="field">
          <label htmlFor={`${id}-transport`}>Transport</label>
          <select id={`${id}-transport`} value={transport} onChange={(event) => setTransport(event.target.value as TransportChoice)}>
            <option value="auto">Streamable HTTP, else HTTP+SSE</option>
            <option value="streamable-http">Streamable HTTP only</option>
            <option value="sse">HTTP+SSE only</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-auth`}>Authentication</label>
          <select id={`${id}-auth`} value={auth} onChange={(event) => setAuth(event.target.value as AuthChoice)}>
            <option value="none">None</option>
            <option value="bearer">Bearer token</option>
            <option value="oauth">OAuth sign-in</option>
          </select>
        </div>
      </div>
      {auth === 'bearer' ? (
        <div className="field">
          <label htmlFor={`${id}-token`}>Bearer token</label>
          <input id={`${id}-token`} type="password" value={token} onChange={(event) => setToken(event.target.value)} autoComplete="off" spellCheck={false} />
          <span className="field-help">Sent as the Authorization header. Kept in this page's memory only, unless you tick "Remember".</span>
        </div>
      ) : null}
      {auth === 'oauth' ? <p className="field-help">You will be sent to the server's sign-in page, which returns you here.</p> : null}
      {auth !== 'none' ? (
        <label className="mcp-check">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Remember the token in this browser (IndexedDB) to reconnect after a reload
        </label>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </div>
    </form>
  );
}
