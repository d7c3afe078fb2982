/**
 * OAuth 2.1 with PKCE in the page, through the SDK's client auth: the SDK discovers the server's authorization
 * server, registers this site as a client, and sends the browser there; the redirect comes back to /connect/ with
 * `?code=&state=`, where `finishOAuth` checks the state and trades the code for tokens.
 * What must outlive that round trip (the PKCE verifier, the state, the client registration) waits in this tab's
 * sessionStorage and is removed when the redirect returns; tokens stay in memory unless the user asked to remember.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/client';
import { connectHref } from '../../lib/hrefs';
import type { TransportChoice } from './savedConnections';
import { tryWrite } from '../../lib/storageFailure';

const PENDING_KEY = 'tsp-mcp-oauth-pending';

export interface PendingOAuth {
  url: string;
  transport: TransportChoice;
  remember: boolean;
  state: string;
  codeVerifier?: string;
  clientInformation?: OAuthClientInformationMixed;
}

export interface OAuthSession {
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
}

const randomState = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function readPending(): PendingOAuth | null {
  try {
    const text = sessionStorage.getItem(PENDING_KEY);
    return text ? (JSON.parse(text) as PendingOAuth) : null;
  } catch {
    return null;
  }
}

/** Refused, the sign-in stops here with the reason: a redirect without its state to come back to would be lost. */
function writePending(pending: PendingOAuth): void {
  const result = tryWrite(() => sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending)));
  if (!result.ok)
    throw new Error(
      `The sign-in cannot start, because this page could not keep its state for the return. ${result.message}`,
    );
}
export const clearPending = (): void => sessionStorage.removeItem(PENDING_KEY);

/** The page's provider for one server. `session` holds what it learns; `onChange` saves it where the user allowed. */
export class PageOAuthProvider implements OAuthClientProvider {
  constructor(
    private readonly url: string,
    private readonly transport: TransportChoice,
    private readonly remember: boolean,
    readonly session: OAuthSession,
    private readonly onChange: (session: OAuthSession) => void,
  ) {}

  get redirectUrl(): string {
    return new URL(connectHref(), window.location.origin).href;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Tool Schema Playground',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    const state = randomState();
    writePending({ ...(readPending() ?? this.pendingBase()), state });
    return state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.session.clientInformation;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.session.clientInformation = information;
    this.onChange(this.session);
  }

  tokens(): OAuthTokens | undefined {
    return this.session.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.session.tokens = tokens;
    this.onChange(this.session);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    const pending = readPending() ?? { ...this.pendingBase(), state: authorizationUrl.searchParams.get('state') ?? '' };
    writePending({
      ...pending,
      ...(this.session.clientInformation ? { clientInformation: this.session.clientInformation } : {}),
    });
    window.location.assign(authorizationUrl.href);
  }

  saveCodeVerifier(codeVerifier: string): void {
    writePending({ ...(readPending() ?? { ...this.pendingBase(), state: '' }), codeVerifier });
  }

  codeVerifier(): string {
    const verifier = readPending()?.codeVerifier;
    if (!verifier) throw new Error('The sign-in was started in another tab or window; sign in again from this one.');
    return verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier'): void {
    if (scope === 'all' || scope === 'client') delete this.session.clientInformation;
    if (scope === 'all' || scope === 'tokens') delete this.session.tokens;
    this.onChange(this.session);
  }

  private pendingBase(): Omit<PendingOAuth, 'state'> {
    return { url: this.url, transport: this.transport, remember: this.remember };
  }
}

/** The redirect's `?code=&state=`, checked against the sign-in this tab started; null when the address carries none. */
export function oauthCallback(search: string): { code: string; pending: PendingOAuth } | { error: string } | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const error = query.get('error');
  if (!code && !error) return null;
  const pending = readPending();
  if (!pending)
    return {
      error: 'The sign-in came back, but this tab did not start one (or it was already finished). Connect again.',
    };
  if (error)
    return {
      error: `The authorization server refused the sign-in: ${error}${query.get('error_description') ? ` (${query.get('error_description')})` : ''}.`,
    };
  if (!pending.state || query.get('state') !== pending.state)
    return {
      error:
        'The sign-in came back with a state this tab did not send: refused (it could be a forged redirect). Connect again.',
    };
  return { code: code!, pending };
}
