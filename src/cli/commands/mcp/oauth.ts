/**
 * OAuth 2.1 with PKCE for the CLI, through the SDK's auth flow: dynamic client registration, a loopback
 * redirect listener on 127.0.0.1, tokens held in memory for this run only. The authorization URL is opened by
 * the user (printed to stderr); a server that approves without a login page redirects at once, which the CLI
 * follows itself (how the conformance suite's authorization server answers).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOutcome, McpConnection } from '../../../core/mcp/client';

export interface CliOAuth {
  provider: OAuthClientProvider;
  /** After the first attempt asked for authorization: wait for the code, finish, connect again. */
  retry(connect: () => Promise<McpOutcome<McpConnection>>): Promise<McpOutcome<McpConnection>>;
  close(): Promise<void>;
}

export async function oauthFor(serverUrl: string, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<CliOAuth> {
  let resolveCode: (code: string) => void = () => undefined;
  const code = new Promise<string>((resolve) => (resolveCode = resolve));
  const listener: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const received = url.searchParams.get('code');
    response.writeHead(received ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(received ? 'Signed in; you can close this tab.' : 'No authorization code in the redirect.');
    if (received) resolveCode(received);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const redirectUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;
  let client: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = '';
  const metadata: OAuthClientMetadata = { client_name: 'tool-schemas', redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  const provider: OAuthClientProvider = {
    redirectUrl,
    clientMetadata: metadata,
    clientInformation: () => client,
    saveClientInformation: (information) => void (client = information),
    tokens: () => tokens,
    saveTokens: (saved) => void (tokens = saved),
    saveCodeVerifier: (saved) => void (verifier = saved),
    codeVerifier: () => verifier,
    async redirectToAuthorization(authorizationUrl) {
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
    async retry(connect) {
      const received = await code;
      // The SDK's transports finish the exchange; a fresh transport with the code does it through auth().
      const { auth } = await import('@modelcontextprotocol/sdk/client/auth.js');
      const finished = await auth(provider, { serverUrl, authorizationCode: received }).catch((error: Error) => error);
      if (finished instanceof Error) return { ok: false, failure: { kind: 'unauthorized', message: `OAuth: ${finished.message}` } };
      return connect();
    },
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
