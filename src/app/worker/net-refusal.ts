/**
 * Which request a web tool's call may make through the page. Its URL checks (private and special addresses) load
 * with the first request: 2.8 KB gzip of what every tool page loaded with the runtime's client, measured in the
 * build, for the few tools that fetch.
 */
import { checkUrl } from '../../core/tools/prfactory/web/ssrf';
import type { NetRequest } from './host-channel';

const methodOf = (args: Record<string, unknown>) =>
  typeof args['method'] === 'string' ? args['method'].toUpperCase() : 'GET';

/** The one request a web tool's call may make: the URL, method and body its arguments name. */
export function refusalOfNetRequest(request: NetRequest, args: Record<string, unknown> | undefined): string | null {
  if (!args) return 'no call in progress asked for it';
  const named = typeof args['url'] === 'string' ? checkUrl(args['url'], 'url') : null;
  if (!named?.ok) return 'the call’s arguments name no URL that may be fetched';
  let asked: string;
  try {
    asked = new URL(request.url).href;
  } catch {
    return 'not a URL';
  }
  if (asked !== named.url.href) return 'a call may only fetch the URL its arguments name';
  if (request.method !== methodOf(args)) return `the call’s arguments name ${methodOf(args)}, not ${request.method}`;
  const body = typeof args['body'] === 'string' ? args['body'] : undefined;
  if (request.body !== body) return 'the body differs from the call’s arguments';
  return null;
}
