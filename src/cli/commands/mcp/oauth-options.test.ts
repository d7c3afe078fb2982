// How the CLI is told to sign in, and that no secret or token reaches its output. The flows themselves run in
// conformance.test.ts against the official suite's authorization servers, and below against the SDK test server.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../../../../e2e/servers/mcp-test-server';
import type { CommandContext } from '../../types';
import { runMcpCli } from './index';
import { challengeOf } from './oauth';
import { oauthOptionsFrom } from './oauth-options';
import { parseMcpArgs } from './target';
import { createCompilingValidator } from '../../../core/validation/compile';

const SECRET = 'hush-7f3a9c';
const flags = (entries: [string, string | true][]) => new Map(entries);
const PEM =
  '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n';

describe('oauthOptionsFrom', () => {
  it('is null when no sign-in is asked for', () => {
    expect(oauthOptionsFrom(flags([]), { MCP_CLIENT_SECRET: SECRET })).toBeNull();
  });

  it('reads the authorization code flow: dynamic registration, a pre-registered client, a metadata document URL', () => {
    expect(oauthOptionsFrom(flags([['oauth', true]]), {})).toEqual({ grant: 'authorization_code' });
    expect(oauthOptionsFrom(flags([['client-id', 'cli']]), { MCP_CLIENT_SECRET: SECRET })).toEqual({
      grant: 'authorization_code',
      clientId: 'cli',
      clientSecret: SECRET,
    });
    expect(oauthOptionsFrom(flags([['oauth', true]]), { MCP_CLIENT_ID: 'cli', MCP_CLIENT_SECRET: SECRET })).toEqual({
      grant: 'authorization_code',
      clientId: 'cli',
      clientSecret: SECRET,
    });
    expect(
      oauthOptionsFrom(
        flags([
          ['client-metadata-url', 'https://example.com/client.json'],
          ['scope', 'read write'],
        ]),
        {},
      ),
    ).toEqual({
      grant: 'authorization_code',
      clientMetadataUrl: 'https://example.com/client.json',
      scope: 'read write',
    });
  });

  it('reads the client-credentials grant with a secret or a private key', () => {
    expect(
      oauthOptionsFrom(
        flags([
          ['client-credentials', true],
          ['client-id', 'm2m'],
        ]),
        { MCP_CLIENT_SECRET: SECRET },
      ),
    ).toEqual({ grant: 'client_credentials', clientId: 'm2m', clientSecret: SECRET, signingAlgorithm: 'ES256' });
    expect(
      oauthOptionsFrom(
        flags([
          ['client-credentials', true],
          ['private-key', 'key.pem'],
          ['signing-alg', 'RS256'],
          ['issuer', 'https://auth.example.com'],
        ]),
        { MCP_CLIENT_ID: 'm2m' },
        () => PEM,
      ),
    ).toEqual({
      grant: 'client_credentials',
      clientId: 'm2m',
      privateKeyPem: PEM,
      signingAlgorithm: 'RS256',
      issuer: 'https://auth.example.com',
    });
  });

  it('refuses what cannot work, naming the flag and the rule and never the secret', () => {
    const errors = [
      oauthOptionsFrom(flags([['client-secret', SECRET]]), {}),
      oauthOptionsFrom(flags([['oauth', true]]), { MCP_CLIENT_SECRET: SECRET }),
      oauthOptionsFrom(flags([['client-credentials', true]]), { MCP_CLIENT_SECRET: SECRET }),
      oauthOptionsFrom(
        flags([
          ['client-credentials', true],
          ['client-id', 'm2m'],
        ]),
        {},
      ),
      oauthOptionsFrom(
        flags([
          ['client-credentials', true],
          ['client-id', 'm2m'],
          ['private-key', 'key.pem'],
        ]),
        {},
        () => SECRET,
      ),
      oauthOptionsFrom(
        flags([
          ['client-credentials', true],
          ['client-id', 'm2m'],
          ['signing-alg', 'none'],
        ]),
        { MCP_CLIENT_SECRET: SECRET },
      ),
      oauthOptionsFrom(
        flags([
          ['oauth', true],
          ['private-key', 'key.pem'],
        ]),
        {},
        () => PEM,
      ),
      oauthOptionsFrom(flags([['client-metadata-url', 'http://example.com/client.json']]), {}),
      oauthOptionsFrom(
        flags([
          ['client-credentials', true],
          ['client-id', 'm2m'],
          ['private-key', 'missing.pem'],
        ]),
        {},
        () => {
          throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
        },
      ),
    ];
    const messages = errors.map((error) => (error && 'error' in error ? error.error : 'accepted'));
    // The secret in the environment alone, with --oauth and no client id, is simply not used.
    expect(messages[1]).toBe('accepted');
    messages.splice(1, 1);
    expect(messages.map((message) => message.split(':')[0])).toEqual([
      '--client-secret',
      '--client-credentials',
      '--client-credentials',
      '--private-key',
      '--signing-alg',
      '--private-key',
      '--client-metadata-url',
      '--private-key',
    ]);
    for (const message of messages) expect(message).not.toContain(SECRET);
  });

  it('comes through the command line as a usage error', () => {
    expect(parseMcpArgs(['list', 'http://127.0.0.1:1/mcp', '--client-credentials'], {}).error).toMatch(
      /^--client-credentials: --client-id/,
    );
    expect(
      parseMcpArgs(['list', 'http://127.0.0.1:1/mcp', '--client-id', 'cli'], { MCP_CLIENT_SECRET: SECRET }).oauth,
    ).toEqual({ grant: 'authorization_code', clientId: 'cli', clientSecret: SECRET });
  });
});

describe('challengeOf', () => {
  it('reads the resource metadata URL and the scope of a Bearer challenge', () => {
    expect(
      challengeOf(
        'Bearer error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp"',
      ),
    ).toEqual({
      resourceMetadataUrl: new URL('http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp'),
      scope: 'mcp:basic mcp:write',
    });
    expect(challengeOf('Bearer realm="x", scope=read')).toEqual({ scope: 'read' });
    expect(challengeOf('Basic realm="x"')).toEqual({});
    expect(challengeOf(null)).toEqual({});
  });
});

describe('signing in to the SDK test server', () => {
  let server: McpTestServer;
  beforeAll(async () => {
    server = await startMcpTestServer({ oauth: true });
  });
  afterAll(() => server.close());

  it('lists the tools after an OAuth sign-in, and prints no token', async () => {
    const empty = {
      manifest: { id: 'none', name: 'none', version: '0.0.0', description: '', categories: [] },
      tools: [],
    };
    const context: CommandContext = {
      validator: createCompilingValidator(),
      bundle: empty,
      toolsets: [empty],
      color: false,
      readStdin: () => undefined,
      readFile: (path) => readFileSync(path, 'utf8'),
    };
    const refused = await runMcpCli(['list', server.url], context);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/refused the credentials/);
    const result = await runMcpCli(['list', server.url, '--oauth'], context, { env: {} });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/add/);
    const issued = [...server.oauth!.tokens.keys()];
    expect(issued.length).toBeGreaterThan(0);
    for (const token of issued) expect(`${result.stdout}${result.stderr}`).not.toContain(token);
  }, 60_000);
});
