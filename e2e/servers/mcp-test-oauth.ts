/**
 * The test server's OAuth provider for the SDK's auth router: dynamic client registration, authorization that
 * approves at once (no login page: a test stands in for the user), PKCE checked by the router, opaque tokens.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

class ClientsStore implements OAuthRegisteredClientsStore {
  private readonly clients = new Map<string, OAuthClientInformationFull>();
  async getClient(clientId: string) {
    return this.clients.get(clientId);
  }
  async registerClient(client: OAuthClientInformationFull) {
    this.clients.set(client.client_id, client);
    return client;
  }
}

export class TestOAuthProvider implements OAuthServerProvider {
  readonly clientsStore = new ClientsStore();
  private readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  readonly tokens = new Map<string, AuthInfo>();

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, response: Response): Promise<void> {
    if (!client.redirect_uris.includes(params.redirectUri)) {
      response.status(400).send('Unregistered redirect_uri');
      return;
    }
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    response.redirect(target.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const found = this.codes.get(code);
    if (!found) throw new Error('Invalid authorization code');
    return found.params.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<OAuthTokens> {
    const found = this.codes.get(code);
    if (!found || found.clientId !== client.client_id) throw new Error('Invalid authorization code');
    this.codes.delete(code);
    const token = randomUUID();
    this.tokens.set(token, {
      token,
      clientId: client.client_id,
      scopes: found.params.scopes ?? [],
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    return { access_token: token, token_type: 'bearer', expires_in: 3600 };
  }

  async exchangeRefreshToken(): Promise<OAuthTokens> {
    throw new Error('Refresh tokens are not issued by the test server');
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const found = this.tokens.get(token);
    if (!found) throw new InvalidTokenError('Invalid or expired token');
    return found;
  }
}
