/**
 * The address policy of pages that talk to servers (netlify.toml): https to any origin, plain http to loopback
 * only, on /connect/ and the toolset pages. A browser applies the policy of the page it first loaded, also after
 * in-app navigation, so a connection refused by it is told apart from a server that is down (the page hears the
 * violation) and the message says which page to open.
 */
import type { McpFailure } from '../../../core/mcp/client';
import { SITE_BASE } from '../../lib/hrefs';

const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/**
 * Whether this document's policy lets it reach plain http on loopback: 404.html carries its policy in a <meta>
 * (read it); the other pages that allow it are /connect/, /toolsets/ and /models/ (the address the document was loaded at,
 * which in-app navigation does not change).
 */
function documentAllowsLoopback(): boolean {
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
  if (meta) return /connect-src[^;]*http:\/\/127\.0\.0\.1/.test(meta);
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const path = new URL(navigation?.name || window.location.href).pathname;
  // /models/ too (netlify.toml gives it loopback http for local model servers): a live toolset's calls run from there.
  return (
    path.startsWith(`${SITE_BASE}connect/`) ||
    path === `${SITE_BASE}connect` ||
    path.startsWith(`${SITE_BASE}toolsets/`) ||
    path.startsWith(`${SITE_BASE}models/`)
  );
}

/** Known before trying: plain http to another machine is refused everywhere, to loopback where the page's policy has no loopback. */
export function refusedByPolicy(url: string): boolean {
  if (typeof document === 'undefined') return false;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:') return false;
  return !LOOPBACK_HOSTS.includes(parsed.hostname) || !documentAllowsLoopback();
}

export interface PolicyWatch {
  /** Starts hearing the page's policy violations (once; later calls do nothing). */
  watch(): void;
  /** Whether the page's policy refused a request to the URL's origin. */
  blocked(url: string): boolean;
}

/** The origins the page's policy refused, as the page reports them. */
export function createPolicyWatch(): PolicyWatch {
  const blocked = new Set<string>();
  let watching = false;
  return {
    watch() {
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
    },
    blocked: (url) => blocked.has(new URL(url).origin),
  };
}

/**
 * What the page's policy says of a server's URL, once per connect: whether it is refused before trying, and the
 * failure that names the policy (said also when the page hears the policy refuse a request while connecting).
 */
export interface PolicyVerdict {
  refused: boolean;
  failure: McpFailure;
}

export function policyVerdict(url: string): PolicyVerdict {
  return { refused: refusedByPolicy(url), failure: policyFailure(url) };
}

export function policyFailure(url: string): McpFailure {
  const parsed = new URL(url);
  if (parsed.protocol === 'http:' && !LOOPBACK_HOSTS.includes(parsed.hostname)) {
    return {
      kind: 'unreachable',
      message: `Server URL: ${parsed.origin} is plain http on another machine, which the site's policy refuses (the token and every call would cross the network in the clear). Use https, or run the server on this machine (localhost, 127.0.0.1).`,
    };
  }
  return {
    kind: 'unreachable',
    message: `This page's security policy does not let it reach ${parsed.origin}: pages reach https servers anywhere, and plain http only on this machine (localhost, 127.0.0.1) from the Connect, toolset and Models pages. Open the Connect page (or reload this page) and connect again.`,
  };
}
