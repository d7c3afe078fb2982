/**
 * How the CLI signs in, from the flags and the environment: the authorization code flow (dynamic registration,
 * a pre-registered client, or a client ID metadata document URL) or the client-credentials grant (a secret, or a
 * private key signing a JWT). Secrets come from the environment by preference (out of the process list) and are
 * never printed: errors name the flag, never its value.
 */
import { readFileSync } from 'node:fs';

export type OAuthOptions =
  | {
      grant: 'authorization_code';
      clientId?: string;
      clientSecret?: string;
      clientMetadataUrl?: string;
      scope?: string;
    }
  | {
      grant: 'client_credentials';
      clientId: string;
      clientSecret?: string;
      privateKeyPem?: string;
      signingAlgorithm: string;
      issuer?: string;
      scope?: string;
    };

export const OAUTH_VALUED_FLAGS = [
  'client-id',
  'client-secret',
  'client-metadata-url',
  'private-key',
  'signing-alg',
  'issuer',
  'scope',
] as const;
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

type Flags = ReadonlyMap<string, string | true>;
const text = (flags: Flags, name: string): string | undefined => {
  const value = flags.get(name);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Null when no sign-in was asked for; `{ error }` names the flag and the rule. */
export function oauthOptionsFrom(
  flags: Flags,
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): OAuthOptions | { error: string } | null {
  const clientId = text(flags, 'client-id') ?? env.MCP_CLIENT_ID;
  const clientSecret = text(flags, 'client-secret') ?? env.MCP_CLIENT_SECRET;
  const clientMetadataUrl = text(flags, 'client-metadata-url');
  const scope = text(flags, 'scope');
  const keyPath = text(flags, 'private-key');
  const credentials = flags.has('client-credentials');
  const asked =
    flags.has('oauth') ||
    credentials ||
    text(flags, 'client-id') !== undefined ||
    text(flags, 'client-secret') !== undefined ||
    clientMetadataUrl !== undefined;
  if (!asked) return null;
  if (clientMetadataUrl !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(clientMetadataUrl);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:' || url.pathname === '/')
      return {
        error:
          '--client-metadata-url: expected an https:// URL with a path (where the client ID metadata document is served)',
      };
  }
  if (!credentials) {
    if (keyPath !== undefined)
      return {
        error:
          '--private-key: only with --client-credentials (a private key signs the client-credentials token request)',
      };
    // A secret in the environment without a client id is not used (dynamic registration); on the command line it is a mistake.
    if (text(flags, 'client-secret') !== undefined && clientId === undefined)
      return { error: '--client-secret: give --client-id too; a secret belongs to a pre-registered client' };
    return {
      grant: 'authorization_code',
      ...(clientId ? { clientId } : {}),
      ...(clientId && clientSecret ? { clientSecret } : {}),
      ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
      ...(scope ? { scope } : {}),
    };
  }
  if (clientId === undefined) return { error: '--client-credentials: --client-id (or MCP_CLIENT_ID) is required' };
  let privateKeyPem = env.MCP_CLIENT_PRIVATE_KEY;
  if (keyPath !== undefined) {
    try {
      privateKeyPem = readFile(keyPath);
    } catch (error) {
      return {
        error: `--private-key: the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      };
    }
  }
  if (privateKeyPem === undefined && clientSecret === undefined)
    return {
      error:
        '--client-credentials: a client secret (MCP_CLIENT_SECRET or --client-secret) or a private key (--private-key <file> or MCP_CLIENT_PRIVATE_KEY) is required',
    };
  if (privateKeyPem !== undefined && !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(privateKeyPem))
    return { error: '--private-key: expected a PEM private key (-----BEGIN PRIVATE KEY-----)' };
  const signingAlgorithm = text(flags, 'signing-alg') ?? 'ES256';
  if (!ALGORITHMS.includes(signingAlgorithm))
    return { error: `--signing-alg: expected one of ${ALGORITHMS.join(', ')}, got '${signingAlgorithm}'` };
  const issuer = text(flags, 'issuer');
  return {
    grant: 'client_credentials',
    clientId,
    ...(privateKeyPem !== undefined ? { privateKeyPem } : { clientSecret }),
    signingAlgorithm,
    ...(issuer ? { issuer } : {}),
    ...(scope ? { scope } : {}),
  };
}
