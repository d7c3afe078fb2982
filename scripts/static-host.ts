/**
 * Serves a built site the way the static host configured by netlify.toml would: the `[[headers]]` of every
 * rule whose path matches, `[[redirects]]` (for a path with no file: 3xx moves it, 200 and 404 answer it with the
 * target's content), and `404.html` for a path with no file and no redirect. The browser tests use it
 * to check the site under exactly the deployed headers (the Content-Security-Policy above all).
 *
 * Rules are matched as the host documents them: an exact path, `:name` for one segment, a trailing `*` for the
 * rest. When several rules set the same header for a path, their values are joined with ", " — the reading
 * that is strictest for a policy (two Content-Security-Policy values are both enforced), so a test that passes
 * here also passes where a later rule replaces an earlier one.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { parse } from 'smol-toml';

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

export interface HostConfig {
  headers: HeaderRule[];
  redirects: RedirectRule[];
}

/** netlify.toml's header and redirect rules; anything malformed is an error naming the table and the field. */
export function parseHostConfig(text: string): HostConfig {
  const parsed = parse(text) as { headers?: unknown; redirects?: unknown };
  const headers = ((parsed.headers ?? []) as unknown[]).map((rule, index): HeaderRule => {
    const { for: path, values } = rule as { for?: unknown; values?: unknown };
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new Error(`[[headers]] #${index + 1}: "for" must be a path starting with /.`);
    if (typeof values !== 'object' || values === null)
      throw new Error(`[[headers]] #${index + 1} (${path}): [headers.values] is missing.`);
    const checked: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value !== 'string') throw new Error(`[[headers]] ${path}: ${name} must be a string.`);
      checked[name] = value;
    }
    return { for: path, values: checked };
  });
  const redirects = ((parsed.redirects ?? []) as unknown[]).map((rule, index): RedirectRule => {
    const { from, to, status } = rule as { from?: unknown; to?: unknown; status?: unknown };
    if (typeof from !== 'string' || typeof to !== 'string')
      throw new Error(`[[redirects]] #${index + 1}: "from" and "to" are required.`);
    return { from, to, status: typeof status === 'number' ? status : 301 };
  });
  return { headers, redirects };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a rule's path pattern matches a request path. */
export function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('/')
    .map((segment, index, all) => {
      if (segment === '*' && index === all.length - 1) return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return escapeRegExp(segment);
    })
    .join('/');
  // "/*" also matches "/", and "/a/*" matches "/a".
  const regex = new RegExp(`^${source.endsWith('/.*') ? `${source.slice(0, -3)}(?:/.*)?` : source}/?$`);
  return regex.test(path);
}

/** The headers the host sends for a path: every matching rule, in order, same names joined with ", ". */
export function headersFor(config: HostConfig, path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of config.headers) {
    if (!pathMatches(rule.for, path)) continue;
    for (const [name, value] of Object.entries(rule.values))
      result[name] = result[name] === undefined ? value : `${result[name]}, ${value}`;
  }
  return result;
}

/** A redirect's target for a path, `:splat` standing for what the rule's trailing `*` matched (as the host does). */
export function redirectTarget(rule: RedirectRule, path: string): string {
  if (!rule.to.includes(':splat')) return rule.to;
  const prefix = rule.from.endsWith('/*')
    ? rule.from.slice(0, -1)
    : rule.from.endsWith('*')
      ? rule.from.slice(0, -1)
      : rule.from;
  const splat = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  return rule.to.replace(':splat', splat);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.zip': 'application/zip',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Types a static host compresses: text, and WebAssembly (it compresses about 3:1); images and archives are already compressed. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|wasm)|image\/svg\+xml)/;

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with, from a request's Accept-Encoding, as static hosts negotiate it: brotli when it is
 * accepted, then gzip, else none. A coding given `q=0` is refused.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters
      .map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** A file's bytes in each encoding, made once per file and kept (a built site does not change under its server). */
const encodedCache = new Map<string, Buffer>();

function encoded(file: string, body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'identity') return body;
  const key = `${encoding}:${file}`;
  let cached = encodedCache.get(key);
  if (!cached) {
    cached =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: 9 });
    encodedCache.set(key, cached);
  }
  return cached;
}

function compressedBody(
  request: IncomingMessage,
  file: string,
  contentType: string,
  body: Buffer,
): { body: Buffer; encoding: ContentEncoding } {
  if (!COMPRESSIBLE.test(contentType) || body.length < 1024) return { body, encoding: 'identity' };
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  return { body: encoded(file, body, encoding), encoding };
}

/** The file a path names: itself, its index.html, or path.html (as the host's pretty URLs do). */
function fileFor(directory: string, path: string): string | null {
  const relative = normalize(path).replace(/^([/\\])+/, '');
  const base = join(directory, relative);
  if (!base.startsWith(directory)) return null;
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function createStaticHost(directory: string, config: HostConfig): Server {
  const root = resolve(directory);
  return createServer((request, response) => {
    let path: string;
    let search = '';
    try {
      const url = new URL(request.url ?? '/', 'http://host');
      path = decodeURIComponent(url.pathname);
      search = url.search;
    } catch {
      response.writeHead(400).end('Bad request');
      return;
    }
    let file = fileFor(root, path);
    let status = 200;
    if (!file) {
      const redirect = config.redirects.find((rule) => pathMatches(rule.from, path));
      if (redirect && redirect.status >= 300 && redirect.status < 400) {
        response
          .writeHead(redirect.status, {
            location: `${redirectTarget(redirect, path)}${search}`,
            ...headersFor(config, path),
          })
          .end();
        return;
      }
      // 200 and 404: the target's content under the requested address, with that status.
      file = redirect ? fileFor(root, redirectTarget(redirect, path)) : null;
      if (redirect && file) status = redirect.status;
      if (!file) {
        status = 404;
        file = fileFor(root, '/404.html');
      }
    }
    const contentType = file
      ? (CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
      : 'text/plain; charset=utf-8';
    const headers: Record<string, string> = { ...headersFor(config, path), 'content-type': contentType };
    if (!file) {
      response.writeHead(status, headers).end('Not found');
      return;
    }
    // Compressed as static hosts compress, negotiated by Accept-Encoding; caches keep one copy per encoding.
    const { body, encoding } = compressedBody(request, file, contentType, readFileSync(file));
    if (COMPRESSIBLE.test(contentType)) headers.vary = 'Accept-Encoding';
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
}

/** Starts the host on a port (0: any free one); resolves with its address. */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(`http://${host}:${(server.address() as AddressInfo).port}/`));
  });
}

export function loadHostConfig(projectRoot: string): HostConfig {
  return parseHostConfig(readFileSync(join(projectRoot, 'netlify.toml'), 'utf8'));
}
