/**
 * Every JSON-RPC message both ways with its timing, filterable by direction, method and text, exportable as JSON. A
 * call during which the server asked for input shows its rounds folded under it, with their count.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { BoundedText } from '../../components/BoundedText';
import { downloadFile } from '../../lib/download';
import type { LogEntry } from '../../../core/mcp/log';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { useLiveConnections } from '../../services/connections/useConnections';
import { groupRounds } from './logRounds';
import {
  EMPTY_FILTER,
  exportLog,
  filterLog,
  logMethods,
  redact,
  serverLogLine,
  type EntryTexts,
  type LogFilter,
} from './logExport';

/** `1 message`, `3 messages`. */
export const messageCount = (count: number): string => `${count} message${count === 1 ? '' : 's'}`;

/** A server log message's level and text, beside its entry in the log. */
function ServerLog({ entry }: { entry: LogEntry }) {
  const line = serverLogLine(entry);
  if (!line) return null;
  return (
    <span className="mcp-server-log" data-testid="server-log">
      {' '}
      <span className={`mcp-log-level mcp-log-level-${line.level}`}>{line.level}</span>{' '}
      {line.text.length > 160 ? `${line.text.slice(0, 160)}…` : line.text}
    </span>
  );
}

/** `1 input round`, `2 input rounds`. */
const roundCount = (count: number): string => `${count} input round${count === 1 ? '' : 's'}`;

/**
 * One message: its direction, method, id and timing, unfolding to the message itself (secrets replaced). A long one
 * (an app's document) shows its first and last lines, with more on request and the whole as a download.
 */
function LogLine({ entry, secrets, children }: { entry: LogEntry; secrets: string[]; children?: ReactNode }) {
  return (
    <li className={`mcp-log-entry mcp-log-${entry.direction}`} data-testid="log-entry">
      <details>
        <summary>
          <span className="mcp-log-arrow" aria-label={entry.direction}>
            {entry.direction === 'sent' ? '→' : '←'}
          </span>{' '}
          {entry.peer === 'app' ? <span className="mcp-kind">app</span> : null} <code>{entry.method}</code>
          <ServerLog entry={entry} />
          {entry.id !== undefined ? <span className="muted"> #{String(entry.id)}</span> : null}
          <span className="muted small">
            {' '}
            at {entry.at} ms{entry.elapsed !== undefined ? ` · answered in ${entry.elapsed} ms` : ''}
          </span>
        </summary>
        <BoundedText
          text={redact(JSON.stringify(entry.message, null, 2), secrets)}
          label="Message"
          fileName={`mcp-message-${entry.sequence}.json`}
          className="mcp-log-message"
        />
      </details>
      {children}
    </li>
  );
}

/** The newest entries drawn at once; the export always carries all of them. */
const SHOWN = 300;

export function ProtocolLog({ connection }: { connection: LiveConnection }) {
  const live = useLiveConnections();
  const id = useId();
  const [filter, setFilter] = useState<LogFilter>(EMPTY_FILTER);
  const methods = useMemo(() => logMethods(connection.log), [connection.log]);
  const [texts] = useState<EntryTexts>(() => new WeakMap());
  const shown = useMemo(() => filterLog(connection.log, filter, texts), [connection.log, filter, texts]);
  const secrets = live.knownSecrets();
  const exportNow = () => {
    const server = {
      url: connection.url,
      ...(connection.server ? { name: connection.server.name, version: connection.server.version } : {}),
      ...(connection.protocolVersion ? { protocolVersion: connection.protocolVersion } : {}),
      ...(connection.transport ? { transport: connection.transport } : {}),
    };
    downloadFile(
      `mcp-log-${connection.server?.name ?? 'server'}.json`,
      exportLog(server, shown, secrets),
      'application/json',
    );
  };
  return (
    <div className="mcp-log">
      <div className="mcp-log-filters">
        <div className="field">
          <label htmlFor={`${id}-direction`}>Direction</label>
          <select
            id={`${id}-direction`}
            value={filter.direction}
            onChange={(event) => setFilter({ ...filter, direction: event.target.value as LogFilter['direction'] })}
          >
            <option value="all">Both ways</option>
            <option value="sent">Sent</option>
            <option value="received">Received</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-method`}>Method</label>
          <select
            id={`${id}-method`}
            value={filter.method}
            onChange={(event) => setFilter({ ...filter, method: event.target.value })}
          >
            <option value="">Every method</option>
            {methods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor={`${id}-text`}>Text in the message</label>
          <input
            id={`${id}-text`}
            type="search"
            value={filter.text}
            onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          />
        </div>
        <button type="button" className="button" onClick={exportNow} disabled={shown.length === 0}>
          Export log (JSON)
        </button>
      </div>
      <p className="muted small" role="status">
        {shown.length} of {messageCount(connection.log.length)}
        {shown.length > SHOWN ? `; the newest ${SHOWN} shown (the export has all)` : ''}.
      </p>
      <ol className="mcp-log-list" aria-label="Protocol log">
        {groupRounds(shown.slice(-SHOWN)).map((item) =>
          'entry' in item ? (
            <LogLine
              key={`${item.entry.peer ?? 'server'}-${item.entry.sequence}`}
              entry={item.entry}
              secrets={secrets}
            />
          ) : (
            <LogLine key={`call-${item.group.head.sequence}`} entry={item.group.head} secrets={secrets}>
              <details className="mcp-log-rounds" data-testid="log-rounds">
                <summary>
                  {roundCount(item.group.rounds)} during this call · {messageCount(item.group.members.length)}
                </summary>
                <ol className="mcp-log-list" aria-label="Messages of this call">
                  {item.group.members.map((member) => (
                    <LogLine key={`server-${member.sequence}`} entry={member} secrets={secrets} />
                  ))}
                </ol>
              </details>
            </LogLine>
          ),
        )}
      </ol>
    </div>
  );
}
