/**
 * The MCP client side, over the SDK v2 `Client`: connect in an era (`auto` tries `server/discover` and falls back
 * to `initialize`; `modern` is 2026-07-28 only; `legacy` is the 2025 handshake), over Streamable HTTP, falling
 * back to the older HTTP+SSE transport for a 2025-era server. Every failure is a value with a kind and a sentence.
 * What a server asks of the client (elicitation, sampling, roots) is answered through `answers` (input/).
 */
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type jsonSchemaValidator,
  type OAuthClientProvider,
  type Transport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client';
import { answerServerRequests, MAX_INPUT_ROUNDS, type ClientInput } from './input';
import { explainUnreachable, MODERN_PROTOCOL_VERSION, notMcpEndpoint, type McpFailure } from './failures';
import { LoggedTransport } from './log';
import { Asking } from './asking';
import { wrapConnection, type McpConnection } from './connection';
import {
  DEFAULT_TIMEOUT_MS,
  failureOf,
  MAX_TOOL_PAGES,
  Violations,
  type ConnectOptions,
  type McpEra,
  type McpOutcome,
} from './session';

export { classifyError, type McpFailure, type McpFailureKind } from './failures';
export type { CallOptions, CompletionRef, ListOptions, McpConnection } from './connection';
export {
  DEFAULT_TIMEOUT_MS,
  MAX_TOOL_PAGES,
  type ConnectOptions,
  type McpEra,
  type McpOutcome,
  type ServerLogMessage,
} from './session';
export { MODERN_PROTOCOL_VERSION } from './failures';

export const CLIENT_INFO = { name: 'tool-schema-playground', version: '1.0.0' } as const;
export const MCP_ERAS: readonly McpEra[] = ['auto', 'modern', 'legacy'];

export interface HttpTarget {
  url: string;
  /** Sent with every request (a bearer token, an API key); never logged. */
  headers?: Record<string, string>;
  /** OAuth 2.1 with PKCE, as the SDK's transports drive it. */
  authProvider?: OAuthClientProvider;
  /** The transport to use; 'auto' tries Streamable HTTP, then HTTP+SSE (2025 era only). */
  transport?: 'auto' | 'streamable-http' | 'sse';
}

/**
 * The SDK checks a result's structuredContent against the tool's output schema and throws when it does not match;
 * this client shows such a result and says why (results.ts, with this project's validator), so the SDK's check
 * passes everything through.
 */
const passThrough: jsonSchemaValidator = {
  getValidator: () => (input: unknown) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

const negotiation = (era: McpEra): VersionNegotiationMode =>
  era === 'modern' ? { pin: MODERN_PROTOCOL_VERSION } : era;

/**
 * The client a session uses: its era, what it declares and answers (each question counted by `asking` while it is
 * open), and the notifications the caller hears.
 */
function newClient(options: ConnectOptions, era: McpEra, asking: Asking): { client: Client; input: ClientInput } {
  const answers = asking.track(options.answers ?? {});
  const client = new Client(CLIENT_INFO, {
    versionNegotiation: { mode: negotiation(era) },
    inputRequired: { maxRounds: MAX_INPUT_ROUNDS },
    listMaxPages: MAX_TOOL_PAGES,
    jsonSchemaValidator: passThrough,
  });
  const input = answerServerRequests(client, answers);
  client.setNotificationHandler('notifications/tools/list_changed', () => options.onToolsChanged?.());
  client.setNotificationHandler('notifications/resources/list_changed', () => options.onListChanged?.('resources'));
  client.setNotificationHandler('notifications/prompts/list_changed', () => options.onListChanged?.('prompts'));
  client.setNotificationHandler('notifications/resources/updated', (notification) =>
    options.onResourceUpdated?.(notification.params.uri),
  );
  client.setNotificationHandler('notifications/message', (notification) => {
    const { level, logger, data } = notification.params;
    options.onServerLog?.({ level, data, ...(logger ? { logger } : {}) });
  });
  return { client, input };
}

/** The step that failed: `auto` fails in its `server/discover` probe or, after falling back, in `initialize`. */
const where = (era: McpEra, error?: unknown): string => {
  if (era !== 'auto') return era === 'legacy' ? 'initialize' : 'server/discover';
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'ERA_NEGOTIATION_FAILED' ||
    /probe|server\/discover/i.test(error instanceof Error ? error.message : '')
    ? 'server/discover'
    : 'initialize';
};

/** Connects over any transport (stdio from the CLI, an in-memory pair in tests). */
export async function connectTransport(
  transport: Transport,
  kind: McpConnection['transport'],
  options: ConnectOptions = {},
): Promise<McpOutcome<McpConnection>> {
  const era = options.era ?? 'auto';
  const asking = new Asking();
  const { client, input } = newClient(options, era, asking);
  const violations = new Violations(options.onMessage);
  client.onerror = (error) => violations.report(error);
  const wrapped = new LoggedTransport(transport, violations.listener);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = violations.signal(options.signal);
  try {
    await client.connect(wrapped, { timeout, signal });
  } catch (error) {
    await client.close().catch(() => undefined);
    if (options.signal?.aborted)
      return { ok: false, failure: { kind: 'cancelled', message: `${where(era)} was cancelled.` } };
    return { ok: false, failure: failureOf(error, signal, where(era, error), timeout) };
  }
  // The legacy era's log level is a session setting; the modern era's rides on each request.
  if (options.logLevel && client.getProtocolEra() === 'legacy' && client.getServerCapabilities()?.logging)
    await client.setLoggingLevel(options.logLevel, { timeout }).catch(() => undefined);
  return { ok: true, value: wrapConnection(client, wrapped, kind, options, violations, asking, input) };
}

/** Streamable HTTP first; a 4xx other than 401/403 means an older server (HTTP+SSE, 2025 era) or no MCP endpoint at all. */
export async function connectHttp(
  target: HttpTarget,
  options: ConnectOptions = {},
): Promise<McpOutcome<McpConnection>> {
  const outcome = await connectHttpOnce(target, options);
  if (outcome.ok || !options.pageOrigin || outcome.failure.kind !== 'unreachable' || outcome.failure.reason)
    return outcome;
  return {
    ok: false,
    failure: await explainUnreachable(outcome.failure, target.url, options.pageOrigin, options.fetch ?? fetch),
  };
}

const noEndpoint = (code: number): boolean => code === 404 || code === 405;

const refusedPost = (failure: McpFailure): boolean =>
  failure.status !== undefined &&
  failure.status >= 400 &&
  failure.status < 500 &&
  failure.status !== 401 &&
  failure.status !== 403 &&
  failure.kind !== 'protocol_version';

async function connectHttpOnce(target: HttpTarget, options: ConnectOptions): Promise<McpOutcome<McpConnection>> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return {
      ok: false,
      failure: { kind: 'unreachable', message: `url: '${target.url}' is not a URL (expected http://… or https://…).` },
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      ok: false,
      failure: { kind: 'unreachable', message: `url: '${url.protocol}' is not supported; use http:// or https://.` },
    };
  const requestInit: RequestInit = target.headers ? { headers: target.headers } : {};
  // The HTTP statuses the endpoint answered: all 404/405 means the URL is not an MCP endpoint at all.
  const statuses: number[] = [];
  const base = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const observed = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await base(input, init);
    statuses.push(response.status);
    return response;
  }) as typeof fetch;
  const common = {
    requestInit,
    ...(target.authProvider ? { authProvider: target.authProvider } : {}),
    fetch: observed,
  };
  const mode = target.transport ?? 'auto';
  const era = options.era ?? 'auto';
  if (mode === 'sse' && era === 'modern')
    return {
      ok: false,
      failure: {
        kind: 'protocol',
        message: 'transport: HTTP+SSE carries only the 2025 era; the modern era needs Streamable HTTP.',
      },
    };
  // Streamable HTTP first; HTTP+SSE where the transport is `auto` and a 2025-era server refused the POST.
  const kinds: ('streamable-http' | 'sse')[] =
    mode === 'sse'
      ? ['sse']
      : mode === 'streamable-http' || era === 'modern'
        ? ['streamable-http']
        : ['streamable-http', 'sse'];
  /** The status of each transport's refused POST, in the order tried. */
  const refusals: number[] = [];
  let outcome: McpOutcome<McpConnection> | undefined;
  for (const kind of kinds) {
    const transport =
      kind === 'sse' ? new SSEClientTransport(url, common) : new StreamableHTTPClientTransport(url, common);
    outcome = await connectTransport(transport, kind, kind === 'sse' ? { ...options, era: 'legacy' } : options);
    if (outcome.ok || !refusedPost(outcome.failure)) break;
    refusals.push(outcome.failure.status!);
  }
  const last = outcome!;
  // Only an HTTP refusal of the POST means an older server or no MCP endpoint; a reply that broke JSON-RPC is the answer.
  if (!last.ok && era === 'modern' && statuses.length > 0 && statuses.every(noEndpoint))
    return { ok: false, failure: notMcpEndpoint('server/discover', url.href, [statuses[0]!]) };
  if (last.ok || mode === 'sse' || !refusedPost(last.failure) || !noEndpoint(refusals.at(-1)!)) return last;
  return { ok: false, failure: notMcpEndpoint(where(era), url.href, refusals) };
}
