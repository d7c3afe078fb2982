import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHostConfig, pathMatches, redirectTarget } from './static-host';

const config = parseHostConfig(readFileSync(new URL('../netlify.toml', import.meta.url), 'utf8'));

describe('static host rules', () => {
  it('matches exact paths, placeholders and trailing splats as the host does', () => {
    expect(pathMatches('/*', '/')).toBe(true);
    expect(pathMatches('/*', '/assets/a.js')).toBe(true);
    expect(pathMatches('/assets/*', '/assets/a/b.js')).toBe(true);
    expect(pathMatches('/assets/*', '/assetsX/a.js')).toBe(false);
    expect(pathMatches('/tools/:name', '/tools/read_file')).toBe(true);
    expect(pathMatches('/tools/:name', '/tools/read_file/x')).toBe(false);
    expect(pathMatches('/', '/index.html')).toBe(false);
    expect(pathMatches('/index.html', '/index.html')).toBe(true);
  });

  it('joins the values of every matching rule, in order', () => {
    const joined = headersFor(
      parseHostConfig(
        '[[headers]]\nfor = "/*"\n[headers.values]\nX-A = "one"\n[[headers]]\nfor = "/a"\n[headers.values]\nX-A = "two"\nX-B = "b"\n',
      ),
      '/a',
    );
    expect(joined).toEqual({ 'X-A': 'one, two', 'X-B': 'b' });
  });

  it("puts what a rule's trailing * matched in place of :splat", () => {
    expect(redirectTarget({ from: '/*', to: '/not-found/:splat', status: 302 }, '/a/b/')).toBe('/not-found/a/b/');
    expect(redirectTarget({ from: '/old/*', to: '/new/:splat', status: 301 }, '/old/x')).toBe('/new/x');
    expect(redirectTarget({ from: '/embed/*', to: '/embed.html', status: 200 }, '/embed/tools/a/')).toBe('/embed.html');
  });

  it('reports a malformed rule by table and field', () => {
    expect(() => parseHostConfig('[[headers]]\nfor = "x"\n[headers.values]\nA = "b"\n')).toThrow(
      /"for" must be a path/,
    );
    expect(() => parseHostConfig('[[headers]]\nfor = "/x"\n[headers.values]\nA = 1\n')).toThrow(/A must be a string/);
  });
});

describe('netlify.toml', () => {
  const frameAncestors = (path: string) =>
    (headersFor(config, path)['Content-Security-Policy'] ?? '').match(/frame-ancestors [^;,]+/g) ?? [];

  it('lets any origin frame the embed page and nothing else', () => {
    expect(frameAncestors('/embed.html')).toEqual([]);
    expect(headersFor(config, '/embed.html')['X-Frame-Options']).toBeUndefined();
    expect(frameAncestors('/embed/tools/read_file/')).toEqual([]);
    for (const page of [
      '/',
      '/index.html',
      '/404.html',
      '/tools/read_file/',
      '/toolsets/prfactory-agent-tools/',
      '/toolsets/prfactory-agent-tools/tools/ReadFile/',
      '/import/',
      '/check/',
      '/models/',
      '/connect/',
      '/evals/',
      '/guide/',
      '/guide/cli/',
      '/guide/cli.md',
      '/not-found/nowhere/',
    ]) {
      expect(frameAncestors(page)).toEqual(["frame-ancestors 'self'"]);
      expect(headersFor(config, page)['X-Frame-Options']).toBe('SAMEORIGIN');
    }
  });

  it('never sets one header twice for a path, so a host that joins values and one that keeps the last agree', () => {
    // Netlify's own tooling keeps the last matching rule's value; this test host joins them. With no overlap, both read the same.
    const paths = [
      '/',
      '/index.html',
      '/404.html',
      '/tools/read_file/',
      '/toolsets/x/',
      '/toolsets/x/tools/y/',
      '/import/',
      '/check/',
      '/embed.html',
      '/embed/tools/read_file/',
      '/workers/a.js',
      '/assets/a.js',
      '/embed.js',
      '/sitemap.xml',
      '/nope',
      '/not-found/nope',
      '/connect/',
      '/guide/',
      '/guide/cli.md',
    ];
    for (const path of paths) {
      const names = config.headers
        .filter((rule) => pathMatches(rule.for, path))
        .flatMap((rule) => Object.keys(rule.values));
      expect(names, path).toEqual([...new Set(names)]);
    }
  });

  it('serves the MCP App frame sandboxed to an opaque origin, framed by the site only, with plain http to loopback only', () => {
    const headers = headersFor(config, '/mcp-app-sandbox.html');
    const policy = headers['Content-Security-Policy'] ?? '';
    expect(policy.startsWith('sandbox allow-scripts;')).toBe(true);
    expect(policy).not.toContain('allow-same-origin');
    expect(frameAncestors('/mcp-app-sandbox.html')).toEqual(["frame-ancestors 'self'"]);
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    const connect = /connect-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(connect.filter((source) => source.startsWith('http:') || source.startsWith('ws:'))).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
      'ws://localhost:*',
      'ws://127.0.0.1:*',
    ]);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'none'");
  });

  // A policy in a document cannot carry sandbox (the page sandboxes the frame itself), frame-ancestors nor report-uri.
  const directives = (policy: string) => policy.split(';').map((directive) => directive.trim());
  const headerOnly = /^(sandbox|frame-ancestors|report-uri)\b/;
  const metaPolicy = (page: string) => {
    const html = readFileSync(new URL(`../public${page}`, import.meta.url), 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    expect(meta, page).not.toBeNull();
    const firstCode = Math.min(...['<script', '<style'].map((tag) => html.indexOf(tag)).filter((at) => at >= 0));
    expect(meta!.index, page).toBeLessThan(firstCode);
    return meta![1]!;
  };

  it("gives the tool runtime's frame its header's policy in its own HTML too, before any script, but the sandbox", () => {
    const header = headersFor(config, '/runtime-sandbox.html')['Content-Security-Policy'] ?? '';
    expect(directives(header)).toContain("connect-src 'none'");
    expect(directives(metaPolicy('/runtime-sandbox.html'))).toEqual(
      directives(header).filter((directive) => !headerOnly.test(directive)),
    );
  });

  it("gives the MCP App frame its header's ceiling in its own HTML too, before its style and script, but what only a header carries", () => {
    const header = headersFor(config, '/mcp-app-sandbox.html')['Content-Security-Policy'] ?? '';
    expect(directives(header)).toContain("form-action 'none'");
    const meta = directives(metaPolicy('/mcp-app-sandbox.html'));
    expect(meta).toEqual(directives(header).filter((directive) => !headerOnly.test(directive)));
    expect(meta.filter((directive) => headerOnly.test(directive))).toEqual([]);
  });

  it('has no catch-all rewrite that would hide a real 404', () => {
    expect(config.redirects.filter((rule) => rule.from === '/*' && rule.status === 200)).toEqual([]);
  });

  it('answers every unknown address with 404.html where the pages’ policy and framing headers reach it', () => {
    const answer = (path: string): { status: number; path: string } => {
      const rule = config.redirects.find((candidate) => pathMatches(candidate.from, path));
      if (!rule) return { status: 404, path };
      if (rule.status >= 300 && rule.status < 400) return answer(redirectTarget(rule, path));
      return { status: rule.status, path };
    };
    for (const unknown of [
      '/nowhere',
      '/a/b/c/',
      '/toolsets/mine/tools/x/',
      '/tools/no_such_tool/',
      '/import/x',
      '/connect/x/y',
      '/guide/no-such-topic/',
      '/embedded/x',
      '/workers/gone.js',
      '/x.html',
    ]) {
      const served = answer(unknown);
      expect(served.status, unknown).toBe(404);
      expect(frameAncestors(served.path), unknown).toEqual(["frame-ancestors 'self'"]);
      expect(headersFor(config, served.path)['X-Frame-Options'], unknown).toBe('SAMEORIGIN');
    }
    expect(answer('/a/b/c/').path).toBe('/not-found/a/b/c/');
    expect(answer('/toolsets/mine/tools/x/').path).toBe('/toolsets/mine/tools/x/');
    // The embed's addresses stay the embed page's.
    expect(config.redirects.find((rule) => pathMatches(rule.from, '/embed/tools/read_file/'))).toMatchObject({
      to: '/embed.html',
      status: 200,
    });
  });

  it("keeps 'unsafe-eval' out of every page's policy while WebAssembly may still compile; only workers may compile", () => {
    for (const page of ['/', '/index.html', '/embed.html', '/404.html']) {
      const policy = headersFor(config, page)['Content-Security-Policy'] ?? '';
      // Beside 'self', only the hashes of the exact inline scripts the build writes (boot.js: scripts/paint-first.ts).
      expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/]+=*')*;/);
      expect(policy).not.toMatch(/'unsafe-eval'/);
    }
    expect(headersFor(config, '/workers/runtime.worker-abc.js')['Content-Security-Policy']).toMatch(
      /script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'/,
    );
    // Scripts and styles carry no policy of their own (one would be ignored), so nothing is joined into a worker's.
    expect(headersFor(config, '/assets/index-abc.js')['Content-Security-Policy']).toBeUndefined();
  });
});
