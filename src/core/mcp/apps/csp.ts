/**
 * The policy an app's frame runs under: what its `ui://` resource declares (`_meta.ui.csp`), narrowed by this
 * site's own rules, and written into the app's document as a `<meta>` policy. The frame's page has a policy of its
 * own (the site's ceiling, sent as a header and written in the page too), which the app's document inherits, and a
 * browser enforces both, so the app gets the narrower of the two.
 *
 * This site's rules for a declared source: an origin with its scheme (`https://host`, `https://*.host`, `wss://…`),
 * plain `http://` / `ws://` only to this machine's loopback (as the Connect page reaches servers); no keywords, no
 * bare schemes, no `*`, no paths, nothing that could end a directive.
 */

/** The domains an app's resource declares, by the MCP Apps extension's names. */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

export type AppCspField = keyof AppCsp;

interface DroppedSource {
  field: AppCspField;
  source: string;
  reason: string;
}

export interface NarrowedCsp {
  /** What is kept, field by field (every field present, empty when nothing is allowed). */
  csp: Required<AppCsp>;
  /** What the resource asked for and does not get, with the rule that refused it. */
  dropped: DroppedSource[];
}

const FIELDS: readonly AppCspField[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];

/** More than this many sources in one field are refused beyond the limit: a policy is read on every request the app makes. */
export const MAX_SOURCES_PER_FIELD = 32;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOST = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^\[[0-9a-f:]+\]$/;

/** One declared source as this site allows it (its origin, lower-cased), or the rule it breaks. */
export function checkSource(
  source: unknown,
  field: AppCspField,
): { ok: true; source: string } | { ok: false; reason: string } {
  if (typeof source !== 'string') return { ok: false, reason: 'not a string' };
  const text = source.trim();
  if (text === '' || /[\s;,'"]/.test(text))
    return { ok: false, reason: 'an origin holds no spaces, quotes, commas or semicolons' };
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)(\/[^?#]*)?$/i.exec(text);
  if (!match) return { ok: false, reason: 'not an origin with its scheme (https://host)' };
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!.toLowerCase();
  if (match[3] && match[3] !== '/') return { ok: false, reason: 'only an origin is allowed, not a path' };
  if (authority.includes('@')) return { ok: false, reason: 'an origin carries no credentials' };
  const portAt = authority.startsWith('[') ? authority.indexOf(']:') + 1 : authority.lastIndexOf(':');
  const host = portAt > 0 ? authority.slice(0, portAt) : authority;
  const port = portAt > 0 ? authority.slice(portAt + 1) : '';
  if (port !== '' && port !== '*' && !/^\d{1,5}$/.test(port)) return { ok: false, reason: `'${port}' is not a port` };
  if (!HOST.test(host)) return { ok: false, reason: `'${host}' is not a host name` };
  const secure = field === 'connectDomains' ? ['https', 'wss'] : ['https'];
  const plain = field === 'connectDomains' ? ['http', 'ws'] : ['http'];
  if (plain.includes(scheme)) {
    if (!LOOPBACK_HOSTS.has(host))
      return {
        ok: false,
        reason: `${scheme}:// is allowed to this machine's loopback only; use ${scheme === 'ws' ? 'wss' : 'https'}://`,
      };
  } else if (!secure.includes(scheme))
    return { ok: false, reason: `the scheme ${scheme}: is not allowed here (${secure.join(', ')})` };
  return { ok: true, source: `${scheme}://${authority}` };
}

/** What the resource declares, kept where it follows this site's rules; anything else is dropped with its reason. */
export function narrowCsp(declared: unknown): NarrowedCsp {
  const csp: Required<AppCsp> = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const dropped: DroppedSource[] = [];
  const record =
    declared && typeof declared === 'object' && !Array.isArray(declared) ? (declared as Record<string, unknown>) : {};
  for (const field of FIELDS) {
    const value = record[field];
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      dropped.push({ field, source: JSON.stringify(value) ?? String(value), reason: 'not a list of origins' });
      continue;
    }
    for (const [index, source] of value.entries()) {
      if (index >= MAX_SOURCES_PER_FIELD) {
        dropped.push({
          field,
          source: `${value.length - index} more`,
          reason: `at most ${MAX_SOURCES_PER_FIELD} origins a field`,
        });
        break;
      }
      const checked = checkSource(source, field);
      if (!checked.ok) dropped.push({ field, source: String(source), reason: checked.reason });
      else if (!csp[field].includes(checked.source)) csp[field].push(checked.source);
    }
  }
  return { csp, dropped };
}

const list = (sources: readonly string[], none = "'none'"): string => (sources.length > 0 ? sources.join(' ') : none);

/**
 * The app's own policy. Inline script and style run (an app is one HTML document); eval runs too, as it adds nothing
 * inline script cannot do in a frame that owns no origin and reaches only what is declared. Nothing loads from
 * this site ('self' is never named: in the frame it would mean the site's origin).
 */
export function appPolicy(csp: Required<AppCsp>): string {
  const resources = csp.resourceDomains;
  const withResources = (base: string) => [base, ...resources].join(' ');
  return [
    "default-src 'none'",
    `script-src ${withResources("'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval'")}`,
    `style-src ${withResources("'unsafe-inline'")}`,
    `img-src ${withResources('data: blob:')}`,
    `font-src ${withResources('data:')}`,
    `media-src ${withResources('data: blob:')}`,
    `connect-src ${list(csp.connectDomains)}`,
    `frame-src ${list(csp.frameDomains)}`,
    `base-uri ${list(csp.baseUriDomains)}`,
    'worker-src blob:',
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The app's HTML with its policy as the document's first element: after a doctype (a `<meta>` before it would put
 * the page in quirks mode), before anything of the app's, so no script of the app runs before the policy holds.
 */
export function withPolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`;
  const prologue = /^(\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<!doctype[^>]*>)/i.exec(html);
  if (!prologue) return `${meta}${html}`;
  return `${prologue[1]}${meta}${html.slice(prologue[1]!.length)}`;
}
