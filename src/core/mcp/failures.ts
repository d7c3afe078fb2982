/**
 * Every way a live server can fail, as a kind and a sentence that says what went wrong and what to do:
 * thrown errors classified, replies that break JSON-RPC named, a time limit reached, and (from a web page)
 * a refused CORS request told apart from a server that is down.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';

/** The protocol revision of the modern era (`server/discover`, per-request `_meta`). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** Every version this client speaks, newest first. */
const CLIENT_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];

export type McpFailureKind =
  | 'unreachable'
  | 'not_mcp'
  | 'unauthorized'
  | 'cors'
  | 'protocol_version'
  | 'protocol'
  | 'timeout'
  | 'cancelled'
  | 'server_error';

/** What an unreachable server was: the socket's own reason, where the runtime tells it. */
type UnreachableReason = 'refused' | 'dns' | 'tls' | 'bad_port' | 'reset' | 'network';

export interface McpFailure {
  kind: McpFailureKind;
  message: string;
  /** The HTTP status, when the failure was one. */
  status?: number;
  /** For `unreachable`: what the network said, when it said it. */
  reason?: UnreachableReason;
}

/** What a server must send for a page on another origin to talk to it. */
const CORS_HEADERS_ADVICE =
  "the server must answer the OPTIONS preflight with Access-Control-Allow-Origin (this site's origin, or *), Access-Control-Allow-Methods: GET, POST, DELETE and Access-Control-Allow-Headers: Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID, and send Access-Control-Expose-Headers: Mcp-Session-Id on its replies";

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
  if (/Unknown message type/i.test(message))
    return `the server sent something that is neither a request, a notification nor a response (${message.slice(0, 200)})`;
  return undefined;
}

const statusOf = (error: unknown): number | undefined => {
  const data = (error as { data?: { status?: unknown } }).data;
  if (typeof data?.status === 'number') return data.status;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 600) return status;
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
  return status === undefined || failure.kind === 'protocol_version' || failure.status !== undefined
    ? failure
    : { ...failure, status };
}

/** The errors an error was caused by, outermost first (fetch hides the socket's error in `cause`). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 6) {
    chain.push(current);
    current =
      (current as { cause?: unknown; data?: { cause?: unknown } }).cause ??
      (current as { data?: { cause?: unknown } }).data?.cause;
    if (current && typeof current === 'object' && Object.keys(current).length === 0 && !(current instanceof Error))
      break;
  }
  return chain;
}

const TLS_CODE =
  /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

/** What a failed fetch was, from the socket error Node's fetch carries as its cause; undefined when it carries none (a browser). */
function networkFailure(error: unknown, where: string): McpFailure | undefined {
  for (const item of causes(error)) {
    const code = String((item as { code?: unknown }).code ?? '');
    const message = messageOf(item);
    const host = (item as { hostname?: unknown }).hostname;
    const address = [(item as { address?: unknown }).address, (item as { port?: unknown }).port]
      .filter((part) => part !== undefined)
      .join(':');
    if (message === 'bad port')
      return {
        kind: 'unreachable',
        reason: 'bad_port',
        message: `${where}: bad port: fetch refuses to connect to this port (browsers and Node block ports of other protocols, such as 4190 or 6000). Serve the MCP endpoint on another port.`,
      };
    if (code === 'ECONNREFUSED')
      return {
        kind: 'unreachable',
        reason: 'refused',
        message: `${where}: connection refused${address ? ` at ${address}` : ''}: nothing listens there. Is the server running, on that port?`,
      };
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
      return {
        kind: 'unreachable',
        reason: 'dns',
        message: `${where}: DNS: the host name ${typeof host === 'string' ? `'${host}'` : ''} does not resolve (${code}). Check the address for a typo.`,
      };
    if (TLS_CODE.test(code) || /SSL routines|certificate/i.test(message))
      return {
        kind: 'unreachable',
        reason: 'tls',
        message: `${where}: TLS: the secure connection failed (${code || message.split('\n')[0]}). ${code === 'ERR_SSL_WRONG_VERSION_NUMBER' ? 'The server does not speak TLS on that port: try http://.' : "The server's certificate is not trusted for that name."}`,
      };
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
      return {
        kind: 'unreachable',
        reason: 'reset',
        message: `${where}: the connection was reset by the server before it answered (${code}).`,
      };
    if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
      return {
        kind: 'unreachable',
        reason: 'network',
        message: `${where}: the host could not be reached (${code}): no route to it, or a firewall drops the connection.`,
      };
  }
  return undefined;
}

/** An HTTP refusal of the MCP requests themselves: the URL answers, but it is not an MCP endpoint. */
export function notMcpEndpoint(where: string, url: string, statuses: number[]): McpFailure {
  const seen = statuses
    .map((status) => `${status} ${status === 404 ? 'Not Found' : status === 405 ? 'Method Not Allowed' : ''}`.trim())
    .join(', then ');
  return {
    kind: 'not_mcp',
    status: statuses[0]!,
    message: `${where}: ${url} is not an MCP endpoint: it answered ${seen} to the MCP requests (Streamable HTTP POST${statuses.length > 1 ? ' and HTTP+SSE GET' : ''}). Check the path (often /mcp or /sse).`,
  };
}

/** A 2026-07-28 server that refuses an older version, or an older one that refuses this client's: both sides named. */
function versionRefusal(error: unknown, where: string): McpFailure | undefined {
  const texts = [(error as { data?: { text?: unknown } }).data?.text, messageOf(error)].filter(
    (part): part is string => typeof part === 'string',
  );
  if (!texts.some((text) => /-32022|Unsupported protocol version/i.test(text))) return undefined;
  let data: { supported?: unknown; requested?: unknown } = (error as { data?: typeof data }).data ?? {};
  for (const text of texts) {
    try {
      const parsed = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as {
        error?: { data?: typeof data };
      };
      if (parsed.error?.data) data = parsed.error.data;
      break;
    } catch {
      // Not a JSON-RPC error body: the next text may be.
    }
  }
  const supported = Array.isArray(data.supported) ? data.supported.join(', ') : 'versions it did not list';
  const requested =
    typeof data.requested === 'string'
      ? data.requested
      : (/version:? ?([\w.-]+)/i.exec(texts.join(' '))?.[1] ?? 'the one sent');
  return {
    kind: 'protocol_version',
    message: `${where}: the server does not speak MCP protocol version ${requested}, which this client asked for (this client speaks ${CLIENT_PROTOCOL_VERSIONS.join(', ')}); the server speaks ${supported}.${Array.isArray(data.supported) ? ` Connect in the auto or modern era to use ${supported}.` : ''}`,
  };
}

function classifyUnguarded(error: unknown, where: string, timeoutMs: number | undefined): McpFailure {
  const message = messageOf(error);
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (error instanceof MalformedReply) return { kind: 'protocol', message: `${where}: ${message}.` };
  const malformed = name === 'SyntaxError' || name === 'ZodError' ? malformedReason(error, () => false) : undefined;
  if (malformed) return { kind: 'protocol', message: `${where}: ${malformed}.` };
  if (name === 'AbortError' || /aborted|cancel/i.test(message))
    return { kind: 'cancelled', message: `${where} was cancelled.` };
  if (code === -32001 || code === 'REQUEST_TIMEOUT' || /timed out|timeout/i.test(message)) {
    const limit = timeoutMs === undefined ? 'in time' : `within ${Math.round(timeoutMs / 100) / 10} s (the time limit)`;
    return {
      kind: 'timeout',
      message: `${where}: the server did not answer ${limit}. It may be stuck or slow: check its log, or raise the time limit and connect again.`,
    };
  }
  const network = networkFailure(error, where);
  if (network) return network;
  // An HTTP failure of the SDK carries its status (a server that refuses the token with no sign-in offered).
  const status = (error as { status?: unknown }).status;
  if (
    name === 'UnauthorizedError' ||
    code === 401 ||
    code === 403 ||
    status === 401 ||
    status === 403 ||
    code === 'CLIENT_HTTP_AUTHENTICATION' ||
    code === 'CLIENT_HTTP_FORBIDDEN' ||
    /\b(401|403)\b|unauthori[sz]ed|invalid_token/i.test(message)
  ) {
    return {
      kind: 'unauthorized',
      message: `${where}: the server refused the credentials (${message}). Check the bearer token or sign in again.`,
    };
  }
  const refusal = versionRefusal(error, where);
  if (refusal) return refusal;
  const version = /protocol version is not supported: ?(.*)$/i.exec(message);
  if (version) {
    return {
      kind: 'protocol_version',
      message: `${where}: the server answered with MCP protocol version ${JSON.stringify(version[1]!.trim())}, which this client does not speak (it speaks ${CLIENT_PROTOCOL_VERSIONS.join(', ')}). Update the server's MCP SDK, or have it accept ${LATEST_PROTOCOL_VERSION}.`,
    };
  }
  if (code === 'ERA_NEGOTIATION_FAILED' && /did not offer pinned/i.test(message)) {
    return {
      kind: 'protocol_version',
      message: `${where}: the server does not offer MCP protocol version ${MODERN_PROTOCOL_VERSION} (server/discover found none; it speaks the 2025 initialize handshake). Connect in the auto or legacy era.`,
    };
  }
  if (code === 'INPUT_REQUIRED_ROUNDS_EXCEEDED')
    return {
      kind: 'protocol',
      message: `${where}: the server kept asking for input past the round limit (${message}); stopped.`,
    };
  if (/Failed to fetch|NetworkError|fetch failed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|Load failed/i.test(message)) {
    return {
      kind: 'unreachable',
      message: `${where}: the server could not be reached (${message}). Is it running at that address? From a web page this is also what a refused CORS request looks like: ${CORS_HEADERS_ADVICE}.`,
    };
  }
  if (typeof code === 'number' && code <= -32000)
    return { kind: 'server_error', message: `${where}: the server answered error ${code}: ${message}` };
  if (typeof code === 'number' && code < 0)
    return { kind: 'protocol', message: `${where}: JSON-RPC error ${code}: ${message}` };
  return { kind: 'protocol', message: `${where}: ${message}` };
}

/**
 * From a web page, fetch fails the same way for a server that is down and for a reply the browser withheld for
 * lack of CORS headers. An opaque no-cors HEAD tells them apart: it resolves whenever the server answered at all.
 */
export async function explainUnreachable(
  failure: McpFailure,
  url: string,
  pageOrigin: string,
  doFetch: typeof fetch,
): Promise<McpFailure> {
  if (failure.kind !== 'unreachable') return failure;
  const where = failure.message.slice(0, failure.message.indexOf(':'));
  const server = new URL(url).origin;
  try {
    await doFetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit' });
  } catch {
    return {
      kind: 'unreachable',
      message: `${where}: the server could not be reached at ${server}: nothing answered. Is it running, and is the address right?`,
    };
  }
  return {
    kind: 'cors',
    message: `${where}: the server at ${server} answered, but the browser withheld its reply: it sends no CORS headers allowing ${pageOrigin}. To be reachable from a web page, ${CORS_HEADERS_ADVICE}.`,
  };
}
