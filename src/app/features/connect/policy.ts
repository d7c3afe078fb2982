/**
 * The address policy of pages that talk to servers (netlify.toml): https to any origin, plain http to loopback
 * only, on /connect/ and the toolset pages. A browser applies the policy of the page it first loaded, also after
 * in-app navigation, so a connection refused by it is told apart from a server that is down (the page hears the
 * violation) and the message says which page to open.
 */
import type { McpFailure } from '../../../core/mcp/client';

const blocked = new Set<string>();
let watching = false;

export function watchPolicy(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    if (!/connect-src/.test(event.effectiveDirective || event.violatedDirective)) return;
    try {
      blocked.add(new URL(event.blockedURI).origin);
    } catch {
      // 'inline' and other non-URL reports concern no server.
    }
  });
}

export const blockedByPolicy = (url: string): boolean => blocked.has(new URL(url).origin);

export function policyFailure(url: string): McpFailure {
  const origin = new URL(url).origin;
  return {
    kind: 'unreachable',
    message: `This page's security policy does not let it reach ${origin}: pages reach https servers anywhere, and plain http only on this machine (localhost, 127.0.0.1) from the Connect page and the toolset pages. Open the Connect page (or reload this page) and connect again.`,
  };
}
