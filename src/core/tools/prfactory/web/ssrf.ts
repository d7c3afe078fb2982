/**
 * SSRF protection (PRFactory's SsrfProtection), applied before any request. The host is judged as
 * written: blocked names, IP literals in private, loopback, link-local, metadata and other non-public
 * ranges, every IPv6 form that embeds an IPv4 address, and the public names known to resolve to
 * loopback or to the address they embed (localtest.me, lvh.me, 127.0.0.1.nip.io). The WHATWG URL parser
 * has already turned every IPv4 spelling (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into dotted decimal.
 * Where names can be resolved (Node), checkResolved then judges every address the name resolves to;
 * a browser cannot resolve before it fetches, which BROWSER_LIMIT says. Because a redirect's target
 * could not be checked before the browser followed it, redirects are never followed.
 */

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const BLOCKED_HOSTS: Record<string, string> = {
  localhost: 'loopback host',
  'metadata.google.internal': 'cloud metadata service',
  'metadata.azure.com': 'cloud metadata service',
  'metadata.internal': 'cloud metadata service',
  'instance-data': 'cloud metadata service',
};
/** Public names whose every address is loopback, with their subdomains. */
const LOOPBACK_DOMAINS = ['localtest.me', 'lvh.me', 'vcap.me', 'lacolhost.com', 'fuf.me', 'localho.st', 'yoogle.com', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback'];
/** Wildcard DNS services: `<address>.nip.io` resolves to the address, written dotted, dashed or in hex. */
const WILDCARD_DNS = ['nip.io', 'sslip.io', 'xip.io', 'traefik.me', 'local.gd', 'backname.io'];

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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[2]!.split('.').map(Number);
    if (parts.some((part) => part > 255)) return null;
    text = `${dotted[1]}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string): number[] => (half === '' ? [] : half.split(':').map((group) => parseInt(group, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const embeddedV4 = (high: number, low: number): string => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** Why an IPv6 address (without brackets, as URL gives it) is not public, or null. */
export function ipv6Reason(address: string): string | null {
  const lower = address.toLowerCase();
  if (lower === '::1') return 'loopback address';
  if (lower === '::') return 'unspecified address';
  const groups = ipv6Groups(lower);
  if (groups) {
    const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
    const inside = (why: string): string => `${why} embedding ${embeddedV4(g6, g7)}${ipv4Reason(embeddedV4(g6, g7)) ? `, a ${ipv4Reason(embeddedV4(g6, g7))}` : ''}`;
    const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
    // Every IPv6 form that carries an IPv4 address can reach it; none is judged by the address alone.
    if (zeroPrefix && g5 === 0xffff) return inside('IPv4-mapped address');
    if (zeroPrefix && g5 === 0) return inside('IPv4-compatible address');
    if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return inside('IPv4-translated address');
    if (g0 === 0x64 && g1 === 0xff9b) return inside('NAT64 address');
    if (g0 === 0x2002) return `6to4 address embedding ${embeddedV4(g1, g2)}`;
    if (g0 === 0x2001 && g1 === 0) return 'Teredo address, which embeds an IPv4 address';
  }
  const first = parseInt(lower.split(':')[0] || '0', 16);
  if ((first & 0xffc0) === 0xfe80) return 'link-local address';
  if ((first & 0xfe00) === 0xfc00) return 'unique local (private) address';
  if ((first & 0xff00) === 0xff00) return 'multicast address';
  if (lower === 'fd00:ec2::254') return 'cloud metadata service';
  return null;
}

/** Why a name of a wildcard DNS service resolves somewhere private (`10-0-0-1.nip.io`, `app.7f000001.sslip.io`), or null. */
function wildcardReason(host: string): string | null {
  const service = WILDCARD_DNS.find((domain) => host === domain || host.endsWith(`.${domain}`));
  if (!service || host === service) return null;
  const labels = host.slice(0, -service.length - 1).split('.');
  const candidates: string[] = [];
  for (let start = 0; start + 4 <= labels.length; start++) candidates.push(labels.slice(start, start + 4).join('.'));
  for (const label of labels) {
    candidates.push(label.replace(/-/g, '.'), label.replace(/^.*?-(?=\d+-\d+-\d+-\d+$)/, '').replace(/-/g, '.'));
    if (/^[0-9a-f]{8}$/.test(label)) candidates.push(embeddedV4(parseInt(label.slice(0, 4), 16), parseInt(label.slice(4), 16)));
  }
  for (const candidate of candidates) {
    const reason = ipv4Reason(candidate);
    if (reason) return `${service} name resolving to ${candidate}, a ${reason}`;
  }
  return null;
}

/** Why an address a name resolved to is not public, or null. */
export function addressReason(address: string): string | null {
  return address.includes(':') ? ipv6Reason(address) : ipv4Reason(address);
}

/** What the browser cannot check, said in every web result there and in the README. */
export const BROWSER_LIMIT =
  'the browser cannot resolve a name before it fetches, so a public name that resolves to a private address (DNS rebinding, or a name not on the known list) is not caught here; in Node every address the name resolves to is checked';

/** Resolves a host name to every address it has (Node: dns.promises.lookup with all: true). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** After checkUrl: every address the name resolves to must be public. An IP literal is not resolved again. */
export async function checkResolved(url: URL, parameter: string, resolveHost: ResolveHost): Promise<UrlCheck> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host.includes(':') || ipv4Reason(host) !== null || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return { ok: true, url };
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch (error) {
    return { ok: false, message: `Parameter '${parameter}': '${host}' could not be resolved (${error instanceof Error ? error.message : String(error)}), so its addresses could not be checked` };
  }
  if (addresses.length === 0) return { ok: false, message: `Parameter '${parameter}': '${host}' resolved to no address` };
  for (const address of addresses) {
    const reason = addressReason(address);
    if (reason) return { ok: false, message: `Parameter '${parameter}': access to '${host}' is blocked for security reasons (it resolves to ${address}, a ${reason})` };
  }
  return { ok: true, url };
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
  if (LOOPBACK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))) return refuse('public name that resolves to loopback');
  const wildcard = wildcardReason(host);
  if (wildcard) return refuse(wildcard);
  const suffix = BLOCKED_SUFFIXES.find(([ending]) => host.endsWith(ending));
  if (suffix) return refuse(suffix[1]);
  if (!host.includes('.') && !/^\d+$/.test(host)) return refuse('single-label name, which resolves on the local network');
  return { ok: true, url };
}
