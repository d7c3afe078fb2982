// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_BASE } from '../../lib/hrefs';
import { policyFailure, policyVerdict, refusedByPolicy } from './policy';

afterEach(() => document.head.querySelectorAll('meta').forEach((meta) => meta.remove()));

const withMetaPolicy = (connectSrc: string) => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `default-src 'self'; connect-src ${connectSrc}; object-src 'none'`;
  document.head.append(meta);
};

describe('the address policy, known before a connection is tried', () => {
  it('never refuses https', () => {
    expect(refusedByPolicy('https://mcp.example.com/mcp')).toBe(false);
  });

  it('refuses plain http to another machine everywhere, and says to use https', () => {
    withMetaPolicy("'self' https: http://localhost:* http://127.0.0.1:*");
    expect(refusedByPolicy('http://192.0.2.1:3000/mcp')).toBe(true);
    expect(policyFailure('http://192.0.2.1:3000/mcp').message).toContain('Use https');
  });

  it('allows loopback http where the page policy has it, and refuses it where it has not', () => {
    withMetaPolicy("'self' https: http://localhost:* http://127.0.0.1:*");
    expect(refusedByPolicy('http://127.0.0.1:3000/mcp')).toBe(false);
    document.head.querySelectorAll('meta').forEach((meta) => meta.remove());
    withMetaPolicy("'self' https:");
    expect(refusedByPolicy('http://localhost:3000/mcp')).toBe(true);
    expect(policyFailure('http://localhost:3000/mcp').message).toContain('Open the Connect page');
  });

  it("allows loopback http on the Models page (a live toolset's calls run from there), not on the catalog", () => {
    window.history.replaceState({}, '', `${SITE_BASE}models/`);
    expect(refusedByPolicy('http://127.0.0.1:3000/mcp')).toBe(false);
    window.history.replaceState({}, '', SITE_BASE);
    expect(refusedByPolicy('http://127.0.0.1:3000/mcp')).toBe(true);
  });

  it('gives one verdict per connect: refused or not, and the failure that names the policy either way', () => {
    withMetaPolicy("'self' https: http://localhost:* http://127.0.0.1:*");
    expect(policyVerdict('http://192.0.2.1:3000/mcp')).toEqual({
      refused: true,
      failure: policyFailure('http://192.0.2.1:3000/mcp'),
    });
    const allowed = policyVerdict('http://127.0.0.1:3000/mcp');
    expect(allowed.refused).toBe(false);
    expect(allowed.failure.message).toContain('Open the Connect page');
  });
});
