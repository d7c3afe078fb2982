/** What a person asks to connect with, and the URL that keys a connection. */
import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { AuthChoice, EraChoice, TransportChoice } from './savedConnections';

export interface ConnectSettings {
  url: string;
  transport: TransportChoice;
  /** `auto` unless said. */
  era?: EraChoice;
  /** The least severe server log message to receive (they show in the protocol log); none unless said. */
  logLevel?: LoggingLevel;
  /** The roots to answer `roots/list` with, as file:// URIs; none unless given. */
  roots?: string[];
  auth: AuthChoice;
  token?: string;
  remember: boolean;
  /** The time limit of each request, in seconds (the client's default when absent). */
  timeoutSeconds?: number;
}

/** The URL as the key of a connection, or a sentence naming the field and what it expects. */
export function normalizeUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return {
      ok: false,
      message: `Server URL: '${text.trim()}' is not a URL; expected http://… or https://… (for example http://127.0.0.1:3000/mcp).`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: `Server URL: '${url.protocol}' is not supported; use http:// or https://.` };
  if (url.username || url.password)
    return {
      ok: false,
      message: 'Server URL: put credentials in the bearer token field, not in the URL (a URL ends up in logs).',
    };
  return { ok: true, url: url.href };
}
