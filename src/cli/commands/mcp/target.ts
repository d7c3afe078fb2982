/**
 * The arguments of an `mcp` command: a target (a URL, or `-- <command …>` for a stdio server), positionals and
 * flags. Everything after `--` is the server's command line, untouched.
 */
import { OAUTH_VALUED_FLAGS, oauthOptionsFrom, type OAuthOptions } from './oauth-options';

export type McpTarget =
  { kind: 'url'; url: string; headers: Record<string, string> } | { kind: 'stdio'; command: string; args: string[] };

export interface McpArgs {
  target: McpTarget | null;
  positionals: string[];
  flags: Map<string, string | true>;
  /** `--header` may repeat. */
  headers: Record<string, string>;
  /** Every value of a flag that may repeat (`--input`, `--root`, `--var`, `--arg`), in order. */
  repeated: Record<string, string[]>;
  /** How to sign in (--oauth, --client-id, --client-credentials …); absent when not asked. */
  oauth?: OAuthOptions;
  error?: string;
}

/** Flags that take a value; the rest are switches. */
const VALUED = new Set([
  'args',
  'lock',
  'header',
  'timeout',
  'origin',
  'port',
  'transport',
  'provider',
  'category',
  'max-warnings',
  'era',
  'input',
  'inputs',
  'elicit',
  'sampling-reply',
  'root',
  'log-level',
  'var',
  'arg',
  'ttl',
  ...OAUTH_VALUED_FLAGS,
]);
/** Flags that may be given more than once. */
const REPEATABLE = new Set(['input', 'root', 'var', 'arg']);

export function parseMcpArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): McpArgs {
  const split = argv.indexOf('--');
  const own = split >= 0 ? argv.slice(0, split) : argv;
  const command = split >= 0 ? argv.slice(split + 1) : [];
  const flags = new Map<string, string | true>();
  const headers: Record<string, string> = {};
  const positionals: string[] = [];
  const repeated: Record<string, string[]> = {};
  const result = (error?: string): McpArgs => ({
    target: null,
    positionals,
    flags,
    headers,
    repeated,
    ...(error ? { error } : {}),
  });
  for (let index = 0; index < own.length; index += 1) {
    const argument = own[index]!;
    if (!argument.startsWith('--')) {
      positionals.push(argument);
      continue;
    }
    const [name, inline] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!VALUED.has(name)) {
      flags.set(name, true);
      continue;
    }
    const value = inline ?? own[++index];
    if (value === undefined) return result(`--${name}: a value is required`);
    if (name === 'header') {
      const colon = value.indexOf(':');
      if (colon <= 0) return result(`--header: expected 'Name: value', got '${value}'`);
      headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
    } else {
      flags.set(name, value);
      if (REPEATABLE.has(name)) (repeated[name] ??= []).push(value);
    }
  }
  // A token in the environment keeps it out of the process list and the shell history.
  if (env.MCP_AUTHORIZATION && !Object.keys(headers).some((key) => key.toLowerCase() === 'authorization'))
    headers.Authorization = env.MCP_AUTHORIZATION;
  const oauth = oauthOptionsFrom(flags, env);
  if (oauth !== null && 'error' in oauth) return result(oauth.error);
  if (command.length > 0)
    return {
      target: { kind: 'stdio', command: command[0]!, args: command.slice(1) },
      positionals,
      flags,
      headers,
      repeated,
    };
  // A URL may stand anywhere among the positionals (the conformance runner appends it last).
  const urlIndex = positionals.findIndex((value) => /^https?:\/\//i.test(value));
  if (urlIndex < 0)
    return result('target: give a server URL (http://… or https://…) or `-- <command …>` for a stdio server');
  const [url] = positionals.splice(urlIndex, 1);
  return {
    target: { kind: 'url', url: url!, headers },
    positionals,
    flags,
    headers,
    repeated,
    ...(oauth ? { oauth } : {}),
  };
}
