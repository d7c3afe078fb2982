/**
 * Every way a live server can fail, as a kind and a sentence that says what went wrong and what to do:
 * thrown errors classified, replies that break JSON-RPC named, a time limit reached, and (from a web page)
 * a refused CORS request told apart from a server that is down.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

export type McpFailureKind = 'unreachable' | 'unauthorized' | 'cors' | 'protocol_version' | 'protocol' | 'timeout' | 'cancelled' | 'server_error';

export interface McpFailure {
  kind: McpFailureKind;
  message: string;
  /** The HTTP status, when the failure was one. */
  status?: number;
}

/** What a server must send for a page on another origin to talk to it. */
export const CORS_HEADERS_ADVICE =
  'the server must answer the OPTIONS preflight with Access-Control-Allow-Origin (this site\'s origin, or *), Access-Control-Allow-Methods: GET, POST, DELETE and Access-Control-Allow-Headers: Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, and send Access-Control-Expose-Headers: Mcp-Session-Id on its replies';

/** A reply that breaks JSON-RPC; a request waiting for its answer fails with it at once rather than at its time limit. */
export class MalformedReply extends Error {
  override name = 'MalformedReply';
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Says what was wrong with a reply when the transport or the SDK reports one it could not take, or undefined for
 * any other error. `ours` tells a reply to a request we sent and gave up on (late, harmless) from an id we never sent.
 */
export function malformedReason(error: unknown, ours: (id: unknown) => boolean): string | undefined {
  const message = messageOf(error);
  const name = (error as { name?: unknown }).name;
  if (name === 'SyntaxError' || /is not valid JSON|Unexpected (token|end of JSON)/i.test(message)) {
    return `the server's reply is not JSON (${message}); a JSON-RPC reply is one JSON object`;
  }
  if (name === 'ZodError' || Array.isArray((error as { issues?: unknown }).issues)) {
    return 'the server\'s reply is not a JSON-RPC message: a response needs "jsonrpc": "2.0", the "id" of its request and either a "result" or an "error"';
  }
  const unknownId = /unknown message ID: (.*)$/s.exec(message);
  if (unknownId) {
    let id: unknown;
    try {
      id = (JSON.parse(unknownId[1]!) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (ours(id)) return undefined;
    return `the server answered with id ${JSON.stringify(id)}, which no request of this client carries; a response must carry the id of the request it answers`;
  }
  if (/Unknown message type/i.test(message)) return `the server sent something that is neither a request, a notification nor a response (${message.slice(0, 200)})`;
  return undefined;
}

const statusOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number' && code >= 400 && code < 600) return code;
  const match = /HTTP (\d{3})|\((\d{3})\)|status(?: code)? (\d{3})/i.exec(messageOf(error));
  const found = match?.[1] ?? match?.[2] ?? match?.[3];
  return found ? Number(found) : undefined;
};

/** Puts a thrown error into one of the kinds the page and the CLI explain. `timeoutMs` is the limit the request had. */
export function classifyError(error: unknown, where: string, timeoutMs?: number): McpFailure {
  const status = statusOf(error);
  const failure = classifyUnguarded(error, where, timeoutMs);
  return status === undefined || failure.kind === 'protocol_version' ? failure : { ...failure, status };
}

function classifyUnguarded(error: unknown, where: string, timeoutMs: number | undefined): McpFailure {
  const message = messageOf(error);
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (error instanceof MalformedReply) return { kind: 'protocol', message: `${where}: ${message}.` };
  const malformed = name === 'SyntaxError' || name === 'ZodError' ? malformedReason(error, () => false) : undefined;
  if (malformed) return { kind: 'protocol', message: `${where}: ${malformed}.` };
  if (name === 'AbortError' || /aborted|cancel/i.test(message)) return { kind: 'cancelled', message: `${where} was cancelled.` };
  if (code === -32001 || /timed out|timeout/i.test(message)) {
    const limit = timeoutMs === undefined ? 'in time' : `within ${Math.round(timeoutMs / 100) / 10} s (the time limit)`;
    return { kind: 'timeout', message: `${where}: the server did not answer ${limit}. It may be stuck or slow: check its log, or raise the time limit and connect again.` };
  }
  if (name === 'UnauthorizedError' || code === 401 || code === 403 || /\b(401|403)\b|unauthori[sz]ed|invalid_token/i.test(message)) {
    return { kind: 'unauthorized', message: `${where}: the server refused the credentials (${message}). Check the bearer token or sign in again.` };
  }
  const version = /protocol version is not supported: ?(.*)$/i.exec(message);
  if (version) {
    return {
      kind: 'protocol_version',
      message: `${where}: the server answered with MCP protocol version ${JSON.stringify(version[1]!.trim())}, which this client does not speak (it speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}). Update the server's MCP SDK, or have it accept ${LATEST_PROTOCOL_VERSION}.`,
    };
  }
  if (/Failed to fetch|NetworkError|fetch failed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|Load failed/i.test(message)) {
    return {
      kind: 'unreachable',
      message: `${where}: the server could not be reached (${message}). Is it running at that address? From a web page this is also what a refused CORS request looks like: ${CORS_HEADERS_ADVICE}.`,
    };
  }
  if (typeof code === 'number' && code <= -32000) return { kind: 'server_error', message: `${where}: the server answered error ${code}: ${message}` };
  if (typeof code === 'number' && code < 0) return { kind: 'protocol', message: `${where}: JSON-RPC error ${code}: ${message}` };
  return { kind: 'protocol', message: `${where}: ${message}` };
}

/**
 * From a web page, fetch fails the same way for a server that is down and for a reply the browser withheld for
 * lack of CORS headers. An opaque no-cors HEAD tells them apart: it resolves whenever the server answered at all.
 */
export async function explainUnreachable(failure: McpFailure, url: string, pageOrigin: string, doFetch: typeof fetch): Promise<McpFailure> {
  if (failure.kind !== 'unreachable') return failure;
  const where = failure.message.slice(0, failure.message.indexOf(':'));
  const server = new URL(url).origin;
  try {
    await doFetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
  } catch {
    return { kind: 'unreachable', message: `${where}: the server could not be reached at ${server}: nothing answered. Is it running, and is the address right?` };
  }
  return {
    kind: 'cors',
    message: `${where}: the server at ${server} answered, but the browser withheld its reply: it sends no CORS headers allowing ${pageOrigin}. To be reachable from a web page, ${CORS_HEADERS_ADVICE}.`,
  };
}
