/**
 * OAuth for the CLI through the SDK's auth flow, tokens held in memory for this run only and never printed.
 * The authorization code flow (PKCE) registers dynamically, or uses a pre-registered client id (and secret), or
 * a client ID metadata document URL when the server supports one; the redirect comes back to a listener on
 * 127.0.0.1. The authorization URL is printed for the user to open; a server that approves without a login
 * page redirects at once, which the CLI follows itself (how the conformance suite's server answers). A later
 * 403 `insufficient_scope` makes the SDK ask for the wider scope; `finishPending` completes that sign-in too
 * (step-up). The client-credentials grant (a secret or a private key signing a JWT) uses the SDK's providers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthOptions } from './oauth-options';

export interface CliOAuth {
  provider: OAuthClientProvider;
  /** Every request to the server goes through it: it reads what a 401/403 challenge asks for. */
  fetch: typeof fetch;
  /**
   * After a request was refused for want of authorization: when a sign-in was started (a redirect), waits for its
   * code and exchanges it. True when new tokens were saved, so the request can be tried again.
   */
  finishPending(): Promise<boolean>;
  close(): Promise<void>;
}

/** A user who must sign in in a browser gets this long. */
const SIGN_IN_WAIT_MS = 5 * 60_000;

/** The resource metadata URL and scope of a WWW-Authenticate challenge (RFC 6750 / RFC 9728 parameters). */
export function challengeOf(header: string | null): { resourceMetadataUrl?: URL; scope?: string } {
  if (!header || !/^Bearer\b/i.test(header)) return {};
  const field = (name: string): string | undefined =>
    new RegExp(`${name}=(?:"([^"]*)"|([^\\s,]+))`, 'i')
      .exec(header)
      ?.slice(1)
      .find((value) => value !== undefined);
  const metadata = field('resource_metadata');
  const scope = field('scope');
  let resourceMetadataUrl: URL | undefined;
  try {
    resourceMetadataUrl = metadata ? new URL(metadata) : undefined;
  } catch {
    resourceMetadataUrl = undefined;
  }
  return { ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
}

export async function oauthFor(
  serverUrl: string,
  options: OAuthOptions,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<CliOAuth> {
  let challenge: { resourceMetadataUrl?: URL; scope?: string } = {};
  const observing: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 401 || response.status === 403) {
      const read = challengeOf(response.headers.get('www-authenticate'));
      if (read.resourceMetadataUrl || read.scope) challenge = { ...challenge, ...read };
    }
    return response;
  };
  if (options.grant === 'client_credentials')
    return {
      provider: await credentialsProvider(options),
      fetch: observing,
      finishPending: async () => false,
      close: async () => undefined,
    };

  let pending: Promise<string | null> | null = null;
  let resolveCode: (code: string | null) => void = () => undefined;
  const listener: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const received = url.searchParams.get('code');
    response.writeHead(received ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(received ? 'Signed in; you can close this tab.' : 'No authorization code in the redirect.');
    if (received) resolveCode(received);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const redirectUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  let client: OAuthClientInformationMixed | undefined = options.clientId
    ? { client_id: options.clientId, ...(options.clientSecret ? { client_secret: options.clientSecret } : {}) }
    : undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  const metadata: OAuthClientMetadata = {
    client_name: 'tool-schemas',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: options.clientSecret ? 'client_secret_basic' : 'none',
    ...(options.scope ? { scope: options.scope } : {}),
  };
  const provider: OAuthClientProvider = {
    redirectUrl,
    clientMetadata: metadata,
    ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
    clientInformation: () => client,
    saveClientInformation: (information) => void (client = information),
    tokens: () => tokens,
    saveTokens: (saved) => void (tokens = saved),
    saveCodeVerifier: (saved) => void (verifier = saved),
    codeVerifier: () => verifier,
    async redirectToAuthorization(authorizationUrl) {
      pending = new Promise<string | null>((resolve) => {
        resolveCode = resolve;
        setTimeout(() => resolve(null), SIGN_IN_WAIT_MS).unref();
      });
      // A server that approves at once answers with the redirect; otherwise the user opens the URL.
      const answer = await fetch(authorizationUrl, { redirect: 'manual' }).catch(() => null);
      const location = answer?.headers.get('location');
      const direct = location ? new URL(location, authorizationUrl).searchParams.get('code') : null;
      if (direct) resolveCode(direct);
      else log(`Open this URL to sign in: ${authorizationUrl.href}`);
    },
  };
  return {
    provider,
    fetch: observing,
    async finishPending() {
      const waiting = pending;
      if (!waiting) return false;
      pending = null;
      const received = await waiting;
      if (received === null) throw new Error(`OAuth: no sign-in arrived within ${SIGN_IN_WAIT_MS / 60_000} minutes`);
      // As the SDK's transports finish it: the same resource metadata and scope the challenge named.
      const { auth } = await import('@modelcontextprotocol/client');
      const finished = await auth(provider, {
        serverUrl,
        authorizationCode: received,
        ...challenge,
        fetchFn: observing,
      });
      return finished === 'AUTHORIZED';
    },
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}

async function credentialsProvider(
  options: Extract<OAuthOptions, { grant: 'client_credentials' }>,
): Promise<OAuthClientProvider> {
  const { ClientCredentialsProvider, PrivateKeyJwtProvider } = await import('@modelcontextprotocol/client');
  const common = {
    clientId: options.clientId,
    clientName: 'tool-schemas',
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.issuer ? { expectedIssuer: options.issuer } : {}),
  };
  if (options.privateKeyPem !== undefined)
    return new PrivateKeyJwtProvider({
      ...common,
      privateKey: options.privateKeyPem,
      algorithm: options.signingAlgorithm,
    });
  return new ClientCredentialsProvider({ ...common, clientSecret: options.clientSecret ?? '' });
}
