/**
 * SSRF protection (PRFactory's SsrfProtection), applied before any request. The host is judged as
 * written: blocked names, IP literals in any special-purpose range of IANA's registries
 * (./special-addresses.ts), every IPv6 form that embeds an IPv4 address, and the public names known to
 * resolve to loopback or to the address they embed (localtest.me, lvh.me, 127.0.0.1.nip.io). The WHATWG
 * URL parser has already lower-cased the name, turned IDNA into punycode and every IPv4 spelling
 * (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into dotted decimal; every trailing dot is dropped here.
 * Where names can be resolved (Node), checkResolved then judges every address the name resolves to, and
 * the request goes to a checked address (the runtime's ResolvingNetwork); a browser cannot resolve before it fetches,
 * which BROWSER_LIMIT says. Because a redirect's target could not be checked before the browser
 * followed it, redirects are never followed.
 */

import type { ResolvingNetwork } from '../../../runtime/types';
import { SPECIAL_IPV4, SPECIAL_IPV6, type Embedding, type SpecialRange } from './special-addresses';

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

const BLOCKED_HOSTS: Record<string, string> = {
  localhost: 'loopback host',
  'metadata.google.internal': 'cloud metadata service',
  'metadata.azure.com': 'cloud metadata service',
  'metadata.internal': 'cloud metadata service',
  'instance-data': 'cloud metadata service',
};
/** Public names whose every address is loopback, with their subdomains. */
const LOOPBACK_DOMAINS = [
  'localtest.me',
  'lvh.me',
  'vcap.me',
  'lacolhost.com',
  'fuf.me',
  'localho.st',
  'yoogle.com',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
];
/** Wildcard DNS services: `<address>.nip.io` resolves to the address, written dotted, dashed or in hex. */
const WILDCARD_DNS = ['nip.io', 'sslip.io', 'xip.io', 'traefik.me', 'local.gd', 'backname.io'];

const BLOCKED_SUFFIXES: [string, string][] = [
  ['.localhost', 'loopback host'],
  ['.internal', 'internal network name'],
  ['.local', 'local network name'],
  ['.home.arpa', 'local network name'],
];

/** The 32-bit value of a dotted-decimal IPv4 address, or null. */
function ipv4Value(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** The 128-bit value of an IPv6 address (a trailing dotted IPv4 part counts as two groups), or null. */
function ipv6Value(address: string): bigint | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Value(dotted[2]!);
    if (v4 === null) return null;
    text = `${dotted[1]}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string): string[] => (half === '' ? [] : half.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

interface CompiledRange {
  base: bigint;
  bits: number;
  entry: SpecialRange;
}

function compile(
  table: readonly SpecialRange[],
  width: number,
  parse: (text: string) => bigint | null,
): CompiledRange[] {
  return table
    .map((entry) => {
      const [text, length] = entry.range.split('/') as [string, string];
      const base = parse(text);
      if (base === null) throw new Error(`special address table: ${entry.range} is not an address range`);
      return { base, bits: width - Number(length), entry };
    })
    .sort((a, b) => a.bits - b.bits); // longest prefix first
}

const IPV4_RANGES = compile(SPECIAL_IPV4, 32, (text) => {
  const value = ipv4Value(text);
  return value === null ? null : BigInt(value);
});
const IPV6_RANGES = compile(SPECIAL_IPV6, 128, ipv6Value);

const match = (ranges: CompiledRange[], value: bigint): SpecialRange | null =>
  ranges.find((range) => value >> BigInt(range.bits) === range.base >> BigInt(range.bits))?.entry ?? null;

/** The special-purpose range an address falls in, or null for a public address (or text that is no address). */
export function specialRange(address: string): SpecialRange | null {
  if (address.includes(':')) {
    const value = ipv6Value(address.replace(/^\[|\]$/g, ''));
    return value === null ? null : match(IPV6_RANGES, value);
  }
  const value = ipv4Value(address);
  return value === null ? null : match(IPV4_RANGES, BigInt(value));
}

/** Why an IPv4 address is not public, or null. */
function ipv4Reason(address: string): string | null {
  return address.includes(':') ? null : (specialRange(address)?.reason ?? null);
}

const dottedV4 = (value: bigint): string =>
  [24n, 16n, 8n, 0n].map((shift) => Number((value >> shift) & 255n)).join('.');

/** The IPv4 address an IPv6 address of an embedding range carries. */
function embeddedV4(value: bigint, embeds: Embedding): string {
  if (embeds === '6to4') return dottedV4((value >> 80n) & 0xffffffffn);
  if (embeds === 'teredo') return dottedV4((value & 0xffffffffn) ^ 0xffffffffn); // the client address, obfuscated by XOR
  return dottedV4(value & 0xffffffffn);
}

/** Why an IPv6 address (with or without brackets) is not public, or null. */
function ipv6Reason(address: string): string | null {
  const value = ipv6Value(address.replace(/^\[|\]$/g, ''));
  if (value === null) return null;
  const entry = match(IPV6_RANGES, value);
  if (!entry) return null;
  if (!entry.embeds) return entry.reason;
  // Every IPv6 form that carries an IPv4 address can reach it; it is refused, and the address inside is named.
  const inside = embeddedV4(value, entry.embeds);
  const insideReason = ipv4Reason(inside);
  return `${entry.reason} embedding ${inside}${insideReason ? `, a ${insideReason}` : ''}`;
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
    if (/^[0-9a-f]{8}$/.test(label)) candidates.push(dottedV4(BigInt(parseInt(label, 16))));
  }
  for (const candidate of candidates) {
    const reason = ipv4Reason(candidate);
    if (reason) return `${service} name resolving to ${candidate}, a ${reason}`;
  }
  return null;
}

/** Why an address a name resolved to is not public, or null. */
function addressReason(address: string): string | null {
  return address.includes(':') ? ipv6Reason(address) : ipv4Reason(address);
}

/** What the browser cannot check, said in every web result there and in the README. */
export const BROWSER_LIMIT =
  'the browser cannot resolve a name before it fetches, so a public name that resolves to a private address (DNS rebinding, or a name not on the known list) is not caught here; in Node every address the name resolves to is checked';

/** Resolves a host name to every address it has (Node: dns.promises.lookup with all: true). */
export type ResolveHost = ResolvingNetwork['resolve'];

export type ResolvedCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; message: string };

/**
 * The host as it is reached: the URL parser's form (lower case, IDNA to punycode, every IPv4 spelling in
 * dotted decimal) without any trailing dot. A host that is an IPv4 address once its dots are gone is
 * parsed again, so `0x7f.1..` is judged as 127.0.0.1.
 */
function normalHost(url: URL): string {
  const host = url.hostname.toLowerCase();
  const stripped = host.replace(/\.+$/, '');
  if (stripped === host || stripped === '') return stripped;
  try {
    return new URL(`http://${stripped}/`).hostname;
  } catch {
    return stripped;
  }
}

/** After checkUrl: every address the name resolves to must be public. An IP literal is its own address, not resolved. */
export async function checkResolved(url: URL, parameter: string, resolveHost: ResolveHost): Promise<ResolvedCheck> {
  const host = normalHost(url).replace(/^\[|\]$/g, '');
  if (host.includes(':') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    const reason = addressReason(host);
    if (reason)
      return {
        ok: false,
        message: `Parameter '${parameter}': access to '${host}' is blocked for security reasons (${reason})`,
      };
    return { ok: true, url, addresses: [host] };
  }
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch (error) {
    return {
      ok: false,
      message: `Parameter '${parameter}': '${host}' could not be resolved (${error instanceof Error ? error.message : String(error)}), so its addresses could not be checked`,
    };
  }
  if (addresses.length === 0)
    return { ok: false, message: `Parameter '${parameter}': '${host}' resolved to no address` };
  for (const address of addresses) {
    const reason = addressReason(address);
    if (reason)
      return {
        ok: false,
        message: `Parameter '${parameter}': access to '${host}' is blocked for security reasons (it resolves to ${address}, a ${reason})`,
      };
  }
  return { ok: true, url, addresses };
}

export function checkUrl(raw: string, parameter: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      ok: false,
      message: `Parameter '${parameter}': '${raw.slice(0, 200)}' is not an absolute URL; give one starting with https://`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      message: `Parameter '${parameter}': the ${url.protocol} scheme is blocked; only http and https URLs can be requested`,
    };
  }
  if (url.username || url.password)
    return {
      ok: false,
      message: `Parameter '${parameter}': credentials in the URL are not allowed; send them in a header instead`,
    };
  const host = normalHost(url);
  const refuse = (reason: string): UrlCheck => ({
    ok: false,
    message: `Parameter '${parameter}': access to '${host}' is blocked for security reasons (${reason})`,
  });
  if (host.startsWith('[')) {
    const reason = ipv6Reason(host);
    return reason ? refuse(reason) : { ok: true, url };
  }
  const v4 = ipv4Reason(host);
  if (v4) return refuse(v4);
  if (BLOCKED_HOSTS[host]) return refuse(BLOCKED_HOSTS[host]);
  if (LOOPBACK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`)))
    return refuse('public name that resolves to loopback');
  const wildcard = wildcardReason(host);
  if (wildcard) return refuse(wildcard);
  const suffix = BLOCKED_SUFFIXES.find(([ending]) => host.endsWith(ending));
  if (suffix) return refuse(suffix[1]);
  if (!host.includes('.') && !/^\d+$/.test(host))
    return refuse('single-label name, which resolves on the local network');
  return { ok: true, url };
}
