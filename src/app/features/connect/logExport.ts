/**
 * The protocol log's filter and export. The log holds JSON-RPC messages only (headers never enter it), and the
 * export still replaces every secret the page knows (bearer and OAuth tokens) wherever one might appear, so a
 * server that echoes a token back cannot carry it into a file the user shares.
 */
import type { LogDirection, LogEntry } from '../../../core/mcp/log';

export interface LogFilter {
  direction: LogDirection | 'all';
  /** Exact method, or '' for every method. */
  method: string;
  /** Case-insensitive text anywhere in the message. */
  text: string;
}

export const EMPTY_FILTER: LogFilter = { direction: 'all', method: '', text: '' };

/** Each entry's message as text, worked out once: a log filtered at every keystroke does not stringify it again. */
export type EntryTexts = WeakMap<LogEntry, string>;

function entryText(texts: EntryTexts, entry: LogEntry): string {
  let found = texts.get(entry);
  if (found === undefined) texts.set(entry, (found = JSON.stringify(entry.message)));
  return found;
}

/** `texts`: the messages as text from earlier filterings of the same log (the view keeps them). */
export function filterLog(
  entries: readonly LogEntry[],
  filter: LogFilter,
  texts: EntryTexts = new WeakMap(),
): LogEntry[] {
  const text = filter.text.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (filter.direction === 'all' || entry.direction === filter.direction) &&
      (filter.method === '' || entry.method === filter.method) &&
      (text === '' ||
        entry.method.toLowerCase().includes(text) ||
        entryText(texts, entry).toLowerCase().includes(text)),
  );
}

/** The methods seen, for the filter's choices. */
export function logMethods(entries: readonly LogEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.method))].sort();
}

export const REDACTED = '[redacted]';

/** Replaces each secret (at least 4 characters, so a short one cannot blank ordinary text) everywhere in `text`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out;
}

export interface LogExport {
  server: { url: string; name?: string; version?: string; protocolVersion?: string; transport?: string };
  exportedAt: string;
  entries: LogEntry[];
}

/** The log as a JSON file's text, secrets replaced. */
export function exportLog(
  server: LogExport['server'],
  entries: readonly LogEntry[],
  secrets: readonly string[],
): string {
  const body: LogExport = { server, exportedAt: new Date().toISOString(), entries: [...entries] };
  return redact(`${JSON.stringify(body, null, 2)}\n`, secrets);
}

/** The server log levels, least severe first (RFC 5424's, as MCP names them). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** A server's log message (`notifications/message`) as a line: its level, logger and data; undefined for any other entry. */
export function serverLogLine(entry: LogEntry): { level: string; text: string } | undefined {
  if (entry.method !== 'notifications/message') return undefined;
  const params = (entry.message as { params?: { level?: unknown; logger?: unknown; data?: unknown } }).params ?? {};
  const level = typeof params.level === 'string' ? params.level : 'unknown level';
  const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data ?? null);
  return { level, text: `${typeof params.logger === 'string' ? `${params.logger}: ` : ''}${data}` };
}
