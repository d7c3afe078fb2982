/** One HTTP request for WebFetch and ApiCall: checked first, never redirected, bounded in time and size. */
import type { ToolContext, ToolOutcome } from '../../../runtime/types';
import { fail, succeed } from '../../support/handler';
import { BROWSER_LIMIT, checkResolved } from './ssrf';

export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface RequestPlan {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  maxBytes: number;
  timeoutSeconds: number;
  /** Response headers to list in the result. */
  showHeaders?: boolean;
}

async function readBounded(response: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(await response.arrayBuffer()).slice(0, maxBytes), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > maxBytes) {
      chunks.push(value.slice(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, truncated };
}

export async function performRequest(context: ToolContext, plan: RequestPlan): Promise<ToolOutcome> {
  // Where names resolve (Node), every address of the name must be public before anything is sent, and
  // the request goes to one of the addresses checked, never to a second answer of the name server.
  const network = context.resolvingNetwork;
  let address: string | undefined;
  if (network) {
    const resolved = await checkResolved(plan.url, 'url', network.resolve);
    if (!resolved.ok) return fail('url_blocked', resolved.message);
    address = resolved.addresses[0]!;
  }
  const addressCheck =
    address !== undefined
      ? `every address the name resolves to was checked and is public; the request went to ${address}`
      : `the name was checked as written; ${BROWSER_LIMIT}`;
  const fetcher: (target: string, init: RequestInit) => Promise<Response> =
    network && address !== undefined
      ? (target, init) => network.fetchAt(new URL(target), address, init)
      : (context.fetch ?? globalThis.fetch.bind(globalThis));
  const timeout = AbortSignal.timeout(plan.timeoutSeconds * 1000);
  const signal = AbortSignal.any([context.signal, timeout]);
  const target = plan.url.href;
  let response: Response;
  try {
    response = await fetcher(target, {
      method: plan.method,
      headers: plan.headers,
      ...(plan.body !== undefined ? { body: plan.body } : {}),
      redirect: 'manual',
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    if (timeout.aborted)
      return fail(
        'timeout',
        `The request to ${plan.url.host} got no answer within ${plan.timeoutSeconds} s (timeoutSeconds)`,
      );
    if (context.signal.aborted) return fail('cancelled', 'The request was cancelled');
    const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
    return fail(
      'network_error',
      `The request to ${plan.url.host} failed before an answer could be read${detail}: in a browser this means the server did not allow this page to read it (CORS), or it could not be reached`,
      undefined,
      ['Try a URL whose server sends Access-Control-Allow-Origin, or fetch it outside the browser'],
    );
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    const location = response.headers.get('location');
    return fail(
      'redirect_refused',
      `The server answered with a redirect${location ? ` to ${location}` : ''}; redirects are not followed, because their target cannot be checked before the browser goes there`,
      undefined,
      [
        location
          ? `Call again with the URL ${new URL(location, target).href} if it is public`
          : 'Call again with the final URL (often the https:// or trailing-slash form)',
      ],
    );
  }
  let body: { bytes: Uint8Array; truncated: boolean };
  try {
    body = await readBounded(response, plan.maxBytes);
  } catch (error) {
    if (timeout.aborted)
      return fail(
        'timeout',
        `The response from ${plan.url.host} did not finish within ${plan.timeoutSeconds} s (timeoutSeconds)`,
      );
    return fail(
      'network_error',
      `The response from ${plan.url.host} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const contentType = response.headers.get('content-type') ?? '';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body.bytes);
  const facts = [
    { label: 'Status', value: `${response.status} ${response.statusText}`.trim() },
    { label: 'Content-Type', value: contentType || '(none)' },
    {
      label: 'Bytes',
      value: `${body.bytes.length}${body.truncated ? ` (truncated at maxBytes ${plan.maxBytes})` : ''}`,
    },
    { label: 'URL', value: target },
    { label: 'Address check', value: addressCheck },
  ];
  if (plan.showHeaders) {
    for (const name of ['etag', 'last-modified', 'cache-control', 'x-ratelimit-remaining', 'retry-after']) {
      const value = response.headers.get(name);
      if (value) facts.push({ label: name, value });
    }
  }
  const data = {
    kind: 'output' as const,
    text,
    language: /json/i.test(contentType) ? ('json' as const) : ('plaintext' as const),
    facts,
  };
  const metadata = { status: response.status, contentType, bytes: body.bytes.length, addressCheck };
  if (response.status >= 400)
    return {
      ...fail('http_error', `${plan.method} ${target} answered ${response.status} ${response.statusText}`.trim(), data),
      metadata,
    };
  const artifact = {
    type: 'url' as const,
    change: 'referenced' as const,
    path: target,
    size: body.bytes.length,
    description: `${plan.method} ${response.status}`,
    ...(contentType ? { mimeType: contentType.split(';')[0]!.trim() } : {}),
  };
  return {
    ...succeed(
      data,
      `${plan.method} ${target}: ${response.status}, ${body.bytes.length} bytes${body.truncated ? ' (truncated)' : ''}`,
    ),
    artifacts: [artifact],
    metadata,
  };
}
