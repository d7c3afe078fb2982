/** WebFetch: GET a public URL (SSRF rules first), at most maxBytes of it, within timeoutSeconds. */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, integerArg, quote, stringArg } from '../../support/handler';
import { performRequest } from './request';
import { checkUrl } from './ssrf';

export const tool: ToolImplementation = {
  name: 'WebFetch',

  summarize: (args) => `Fetch ${quote(stringArg(args, 'url'), 100)}`,

  precheck(args) {
    const checked = checkUrl(stringArg(args, 'url'), 'url');
    return checked.ok ? null : fail('url_blocked', checked.message);
  },

  async run(args, context) {
    const checked = checkUrl(stringArg(args, 'url'), 'url');
    if (!checked.ok) return fail('url_blocked', checked.message);
    return performRequest(context, {
      url: checked.url,
      method: 'GET',
      headers: { Accept: 'text/html, application/json, text/plain;q=0.9, */*;q=0.5' },
      maxBytes: integerArg(args, 'maxBytes') ?? 1024 * 1024,
      timeoutSeconds: integerArg(args, 'timeoutSeconds') ?? 30,
    });
  },
};
