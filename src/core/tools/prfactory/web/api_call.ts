/**
 * ApiCall: an HTTP request with a method, headers, body and an optional bearer token, under the same
 * SSRF rules as WebFetch. The token goes into the Authorization header and nowhere else: not into
 * summaries, messages or results.
 */
import type { RiskLevel } from '../../../toolset/types';
import type { ToolImplementation } from '../../../runtime/types';
import { fail, integerArg, optionalStringArg, quote, stringArg } from '../../support/handler';
import { MAX_RESPONSE_BYTES, performRequest } from './request';
import { checkUrl } from './ssrf';

const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Headers the browser controls, or that would carry credentials past the bearerToken parameter. */
const REFUSED_HEADER =
  /^(host|cookie|cookie2|content-length|connection|keep-alive|transfer-encoding|upgrade|te|trailer|origin|referer|proxy-.*|sec-.*)$/i;

type Plan =
  | { ok: true; url: URL; method: string; headers: Record<string, string>; body?: string }
  | { ok: false; code: 'url_blocked' | 'validation_failed'; message: string };

function plan(args: Record<string, unknown>): Plan {
  const checked = checkUrl(stringArg(args, 'url'), 'url');
  if (!checked.ok) return { ok: false, code: 'url_blocked', message: checked.message };
  const method = stringArg(args, 'method', 'GET').toUpperCase();
  if (!(API_METHODS as readonly string[]).includes(method))
    return {
      ok: false,
      code: 'validation_failed',
      message: `Parameter 'method': must be one of ${API_METHODS.join(', ')}`,
    };
  const headers: Record<string, string> = {};
  const given = args['headers'];
  if (given && typeof given === 'object' && !Array.isArray(given)) {
    for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
      if (REFUSED_HEADER.test(name))
        return {
          ok: false,
          code: 'validation_failed',
          message: `Parameter 'headers.${name}': this header is set by the browser or could carry credentials, so it cannot be sent`,
        };
      if (/^authorization$/i.test(name) && optionalStringArg(args, 'bearerToken')) {
        return {
          ok: false,
          code: 'validation_failed',
          message: `Parameter 'headers.${name}': give either an Authorization header or bearerToken, not both`,
        };
      }
      if (typeof value !== 'string' || /[\r\n]/.test(value))
        return {
          ok: false,
          code: 'validation_failed',
          message: `Parameter 'headers.${name}': must be a single-line string`,
        };
      headers[name] = value;
    }
  }
  const token = optionalStringArg(args, 'bearerToken');
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const body = optionalStringArg(args, 'body');
  if (body !== undefined && method === 'GET')
    return {
      ok: false,
      code: 'validation_failed',
      message: `Parameter 'body': a GET request has no body; use POST, PUT or PATCH`,
    };
  if (body !== undefined && !Object.keys(headers).some((name) => /^content-type$/i.test(name))) {
    headers['Content-Type'] = /^\s*[[{]/.test(body) ? 'application/json' : 'text/plain';
  }
  return { ok: true, url: checked.url, method, headers, ...(body !== undefined ? { body } : {}) };
}

export const tool: ToolImplementation = {
  name: 'ApiCall',

  summarize: (args) =>
    `${stringArg(args, 'method', 'GET').toUpperCase()} ${quote(stringArg(args, 'url'), 100)}${optionalStringArg(args, 'bearerToken') ? ' (with a bearer token)' : ''}`,

  effectiveRisk(args): RiskLevel {
    const method = stringArg(args, 'method', 'GET').toUpperCase();
    return method === 'DELETE' ? 'high' : method === 'GET' ? 'low' : 'medium';
  },

  riskReason(args) {
    return stringArg(args, 'method', 'GET').toUpperCase() === 'DELETE'
      ? 'A DELETE request removes something on the server, which cannot be undone from here'
      : null;
  },

  precheck(args) {
    const planned = plan(args);
    return planned.ok ? null : fail(planned.code, planned.message);
  },

  async run(args, context) {
    const planned = plan(args);
    if (!planned.ok) return fail(planned.code, planned.message);
    return performRequest(context, {
      ...planned,
      maxBytes: MAX_RESPONSE_BYTES,
      timeoutSeconds: integerArg(args, 'timeoutSeconds') ?? 30,
      showHeaders: true,
    });
  },
};
