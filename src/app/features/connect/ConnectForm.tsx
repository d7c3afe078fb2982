/**
 * "Connect a server": URL, transport, protocol era, authentication (none, a bearer token, OAuth sign-in), whether to
 * remember the token, and the time limit of each request. Cancel gives up on a server that hangs; the fields keep
 * what was typed. A first attempt that fails is said here, by name and with what to do, with the attempt's log.
 */
import { useId, useState, type FormEvent } from 'react';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { normalizeUrl } from '../../services/connections/connections';
import { useLiveConnections } from '../../services/connections/useConnections';
import type { LiveConnection } from '../../services/connections/connectionStore';
import type { AuthChoice, EraChoice, TransportChoice } from '../../services/connections/savedConnections';
import { AttemptFailure } from './AttemptFailure';
import { LOG_LEVELS } from './logExport';
import { parseRoots } from './rootsField';
import './server.css';
import { DEFAULT_TIMEOUT_SECONDS, parseTimeLimit, TIMEOUT_BOUNDS } from './timeLimit';

export function ConnectForm({ onConnected }: { onConnected?: (url: string) => void }) {
  const live = useLiveConnections();
  const id = useId();
  const [url, setUrl] = useState('');
  const [transport, setTransport] = useState<TransportChoice>('auto');
  const [era, setEra] = useState<EraChoice>('auto');
  const [logLevel, setLogLevel] = useState<LoggingLevel | ''>('');
  const [roots, setRoots] = useState('');
  const [failed, setFailed] = useState<LiveConnection | null>(null);
  const [auth, setAuth] = useState<AuthChoice>('none');
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(false);
  const [timeLimit, setTimeLimit] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeUrl(url);
    if (!normalized.ok) return setProblem(normalized.message);
    if (auth === 'bearer' && token.trim() === '')
      return setProblem('Bearer token: empty; paste the token the server (or the bridge) gave you, or choose "None".');
    const limit = parseTimeLimit(timeLimit);
    if (!limit.ok) return setProblem(limit.message);
    const rootUris = parseRoots(roots);
    if (!rootUris.ok) return setProblem(rootUris.message);
    setProblem(null);
    setFailed(null);
    setBusy(normalized.url);
    try {
      const result = await live.connect({
        url: normalized.url,
        transport,
        era,
        ...(logLevel ? { logLevel } : {}),
        ...(rootUris.uris.length > 0 ? { roots: rootUris.uris } : {}),
        auth,
        remember,
        ...(auth === 'bearer' ? { token: token.trim().replace(/^Bearer\s+/i, '') } : {}),
        ...(limit.seconds !== undefined ? { timeoutSeconds: limit.seconds } : {}),
      });
      if (result.status === 'connected') onConnected?.(result.url);
      else if (result.status === 'failed') setFailed(result);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="mcp-connect-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-url`}>Server URL</label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          placeholder="http://127.0.0.1:3000/mcp"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          autoComplete="url"
          spellCheck={false}
        />
        <span className="field-help">
          Streamable HTTP; a server that speaks only the older HTTP+SSE transport is reached over that.
        </span>
      </div>
      <div className="mcp-connect-row">
        <div className="field">
          <label htmlFor={`${id}-transport`}>Transport</label>
          <select
            id={`${id}-transport`}
            value={transport}
            onChange={(event) => setTransport(event.target.value as TransportChoice)}
          >
            <option value="auto">Streamable HTTP, else HTTP+SSE</option>
            <option value="streamable-http">Streamable HTTP only</option>
            <option value="sse">HTTP+SSE only</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-era`}>Protocol era</label>
          <select id={`${id}-era`} value={era} onChange={(event) => setEra(event.target.value as EraChoice)}>
            <option value="auto">Auto: 2026-07-28, else the 2025 handshake</option>
            <option value="modern">Modern only (2026-07-28, server/discover)</option>
            <option value="legacy">Legacy only (2025, initialize)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-log-level`}>Server log</label>
          <select
            id={`${id}-log-level`}
            value={logLevel}
            onChange={(event) => setLogLevel(event.target.value as LoggingLevel | '')}
          >
            <option value="">None</option>
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level} and more severe
              </option>
            ))}
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
          <input
            id={`${id}-token`}
            type="password"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <span className="field-help">
            Sent as the Authorization header. Kept in this page's memory only, unless you tick "Remember".
          </span>
        </div>
      ) : null}
      {auth === 'oauth' ? (
        <p className="field-help">You will be sent to the server's sign-in page, which returns you here.</p>
      ) : null}
      {auth !== 'none' ? (
        <label className="mcp-check">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Remember
          the token in this browser (IndexedDB) to reconnect after a reload
        </label>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-roots`}>Roots</label>
        <textarea
          id={`${id}-roots`}
          rows={2}
          value={roots}
          onChange={(event) => setRoots(event.target.value)}
          placeholder="/home/me/project"
          spellCheck={false}
          aria-describedby={`${id}-roots-help`}
        />
        <span className="field-help" id={`${id}-roots-help`}>
          The directories the server is told of when it asks (roots/list), one path or file:// URL a line. None unless
          you list some.
        </span>
      </div>
      <div className="field mcp-time-limit">
        <label htmlFor={`${id}-timeout`}>Time limit (seconds)</label>
        <input
          id={`${id}-timeout`}
          type="text"
          inputMode="numeric"
          placeholder={String(DEFAULT_TIMEOUT_SECONDS)}
          value={timeLimit}
          onChange={(event) => setTimeLimit(event.target.value)}
          aria-describedby={`${id}-timeout-help`}
          spellCheck={false}
        />
        <span className="field-help" id={`${id}-timeout-help`}>
          Per request, {TIMEOUT_BOUNDS.min} to {TIMEOUT_BOUNDS.max}; a server silent for longer is reported as hanging.
        </span>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {failed && !busy ? <AttemptFailure attempt={failed} /> : null}
      <div className="mcp-buttons">
        <button type="submit" className="button button-primary" disabled={busy !== null}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
        {busy ? (
          <button type="button" className="button" onClick={() => live.cancelConnect(busy)}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
