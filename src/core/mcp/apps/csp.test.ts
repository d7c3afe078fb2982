import { describe, expect, it } from 'vitest';
import { appPolicy, checkSource, MAX_SOURCES_PER_FIELD, narrowCsp, withPolicy } from './csp';

describe('narrowing what an app declares', () => {
  it('keeps https origins, wildcard subdomains and ports, lower-cased', () => {
    const { csp, dropped } = narrowCsp({
      resourceDomains: ['https://CDN.example.com', 'https://*.cloudflare.com', 'https://cdn.example.com'],
      connectDomains: ['https://api.example.com:8443', 'wss://live.example.com'],
    });
    expect(csp.resourceDomains).toEqual(['https://cdn.example.com', 'https://*.cloudflare.com']);
    expect(csp.connectDomains).toEqual(['https://api.example.com:8443', 'wss://live.example.com']);
    expect(csp.frameDomains).toEqual([]);
    expect(dropped).toEqual([]);
  });

  it('allows plain http and ws to loopback only, as the Connect page does', () => {
    expect(checkSource('http://localhost:5173', 'resourceDomains')).toEqual({
      ok: true,
      source: 'http://localhost:5173',
    });
    expect(checkSource('ws://127.0.0.1:9000', 'connectDomains')).toEqual({ ok: true, source: 'ws://127.0.0.1:9000' });
    const remote = checkSource('http://api.example.com', 'connectDomains');
    expect(remote.ok).toBe(false);
    if (!remote.ok) expect(remote.reason).toContain('loopback only');
    // A websocket is a connection, not a resource.
    expect(checkSource('wss://live.example.com', 'resourceDomains').ok).toBe(false);
  });

  it('drops keywords, bare schemes, wildcards, paths and anything that could end a directive, saying why', () => {
    const { csp, dropped } = narrowCsp({
      connectDomains: [
        "'unsafe-eval'",
        'https:',
        '*',
        'https://a.example.com/api',
        'https://b.example.com; script-src *',
        'data:',
        'api.example.com',
        'https://user@c.example.com',
        42,
      ],
    });
    expect(csp.connectDomains).toEqual([]);
    expect(dropped.map((entry) => entry.source)).toEqual([
      "'unsafe-eval'",
      'https:',
      '*',
      'https://a.example.com/api',
      'https://b.example.com; script-src *',
      'data:',
      'api.example.com',
      'https://user@c.example.com',
      '42',
    ]);
    expect(dropped.every((entry) => entry.field === 'connectDomains' && entry.reason.length > 0)).toBe(true);
    expect(dropped.find((entry) => entry.source === 'https://a.example.com/api')?.reason).toBe(
      'only an origin is allowed, not a path',
    );
  });

  it('refuses a field that is not a list, and sources beyond the limit', () => {
    const many = Array.from({ length: MAX_SOURCES_PER_FIELD + 3 }, (_, index) => `https://h${index}.example.com`);
    const { csp, dropped } = narrowCsp({ frameDomains: 'https://www.youtube.com', resourceDomains: many });
    expect(csp.frameDomains).toEqual([]);
    expect(csp.resourceDomains).toHaveLength(MAX_SOURCES_PER_FIELD);
    expect(dropped).toEqual([
      { field: 'resourceDomains', source: '3 more', reason: `at most ${MAX_SOURCES_PER_FIELD} origins a field` },
      { field: 'frameDomains', source: '"https://www.youtube.com"', reason: 'not a list of origins' },
    ]);
    expect(narrowCsp(undefined).dropped).toEqual([]);
  });
});

describe("the app frame's policy", () => {
  it('allows no connection, frame or outside resource unless declared, and never the site itself', () => {
    const policy = appPolicy(narrowCsp(undefined).csp);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("script-src 'unsafe-inline'");
    expect(policy).not.toContain("'self'");
  });

  it('names the declared origins in their directives', () => {
    const policy = appPolicy(
      narrowCsp({
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: ['https://player.example.com'],
      }).csp,
    );
    expect(policy).toContain('connect-src https://api.example.com;');
    expect(policy).toMatch(/script-src [^;]*https:\/\/cdn\.example\.com/);
    expect(policy).toMatch(/img-src data: blob: https:\/\/cdn\.example\.com/);
    expect(policy).toContain('frame-src https://player.example.com;');
  });

  it("is the first element of the app's document, after its doctype", () => {
    const html = '<!DOCTYPE html>\n<html lang="en"><head><script>run()</script></head></html>';
    const framed = withPolicy(html, "default-src 'none'");
    expect(
      framed.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src \'none\'">'),
    ).toBe(true);
    expect(framed.indexOf('<meta')).toBeLessThan(framed.indexOf('<script'));
    expect(withPolicy('<p>hi</p>', 'x')).toBe('<meta http-equiv="Content-Security-Policy" content="x"><p>hi</p>');
    expect(withPolicy('<!-- built --><!doctype html><p>hi</p>', 'x')).toBe(
      '<!-- built --><!doctype html><meta http-equiv="Content-Security-Policy" content="x"><p>hi</p>',
    );
    expect(withPolicy('', 'a "quoted" <policy>')).toBe(
      '<meta http-equiv="Content-Security-Policy" content="a &quot;quoted&quot; &lt;policy&gt;">',
    );
  });
});
