/**
 * SSRF protection (PRFactory's SsrfProtection), applied before any request. In a browser there is no
 * DNS lookup to check, so a host is judged as written: blocked names, and IP literals in private,
 * loopback, link-local, metadata and other non-public ranges. The WHATWG URL parser has already turned
 * every IPv4 spelling (2130706433, 0x7f.1, 127.1) into dotted decimal. Because a redirect's target could
 * not be checked before the browser followed it, redirects are never followed (see fetchChecked).
 */

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const BLOCKED_HOSTS: Record<string, string> = {
  localhost: 'loopback host',
  'metadata.google.internal': 'cloud metadata service',
  'metadata.azure.com': 'cloud metadata service',
  'metadata.internal': 'cloud metadata service',
  'instance-data': 'cloud metadata service',
};
const BLOCKED_SUFFIXES: [string, string][] = [
  ['.localhost', 'loopback host'],
  ['.internal', 'internal network name'],
  ['.local', 'local network name'],
  ['.home.arpa', 'local network name'],
];

/** Why an IPv4 address is not public, or null. */
function ipv4Reason(address: string): string | null {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return null;
  const [a, b] = parts as [number, number, number, number];
  if (a === 127) return 'loopback address';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private network address';
  if (a === 169 && b === 254) return address === '169.254.169.254' ? 'cloud metadata service' : 'link-local address';
  if (a === 100 && b >= 64 && b <= 127) return 'carrier-grade NAT address';
  if (a === 0) return 'unspecified address';
  if (a >= 224) return a === 255 ? 'broadcast or reserved address' : a >= 240 ? 'reserved address' : 'multicast address';
  if (a === 192 && b === 0 && parts[2] === 0) return 'IETF protocol address';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking network address';
  return null;
}

/** Why an IPv6 address (without brackets, as URL gives it) is not public, or null. */
function ipv6Reason(address: string): string | null {
  const lower = address.toLowerCase();
  if (lower === '::1') return 'loopback address';
  if (lower === '::') return 'unspecified address';
  // ::ffff:7f00:1 is how URL writes ::ffff:127.0.0.1: judge the IPv4 address inside.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    const v4 = `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
    return ipv4Reason(v4) ?? 'IPv4-mapped address';
  }
  if (/^::ffff:/.test(lower) || /^64:ff9b:/.test(lower)) return 'IPv4-mapped address';
  const first = parseInt(lower.split(':')[0] || '0', 16);
  if ((first & 0xffc0) === 0xfe80) return 'link-local address';
  if ((first & 0xfe00) === 0xfc00) return 'unique local (private) address';
  if ((first & 0xff00) === 0xff00) return 'multicast address';
  if (lower === 'fd00:ec2::254') return 'cloud metadata service';
  return null;
}

export function checkUrl(raw: string, parameter: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: `Parameter '${parameter}': '${raw.slice(0, 200)}' is not an absolute URL; give one starting with https://` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `Parameter '${parameter}': the ${url.protocol} scheme is blocked; only http and https URLs can be requested` };
  }
  if (url.username || url.password) return { ok: false, message: `Parameter '${parameter}': credentials in the URL are not allowed; send them in a header instead` };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const refuse = (reason: string): UrlCheck => ({ ok: false, message: `Parameter '${parameter}': access to '${host}' is blocked for security reasons (${reason})` });
  if (host.startsWith('[')) {
    const reason = ipv6Reason(host.slice(1, -1));
    return reason ? refuse(reason) : { ok: true, url };
  }
  const v4 = ipv4Reason(host);
  if (v4) return refuse(v4);
  if (BLOCKED_HOSTS[host]) return refuse(BLOCKED_HOSTS[host]);
  const suffix = BLOCKED_SUFFIXES.find(([ending]) => host.endsWith(ending));
  if (suffix) return refuse(suffix[1]);
  if (!host.includes('.') && !/^\d+$/.test(host)) return refuse('single-label name, which resolves on the local network');
  return { ok: true, url };
}
