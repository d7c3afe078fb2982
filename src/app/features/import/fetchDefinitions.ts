/**
 * Fetches a definitions file by URL with a time limit, a Cancel, and a cap on what it reads; a failure names its
 * cause. A browser's fetch reports every network failure as the same TypeError, so the cause is found around it:
 * the page's policy is heard as a violation (or known from the address), a server that answers an opaque
 * request but not a readable one withholds CORS, and one that answers neither cannot be reached.
 */
import { MAX_IMPORT_CHARACTERS, megabytes } from './importLimits';

/** The Connect page's default time limit for a request: 30 s. */
export const FETCH_TIME_LIMIT_MS = 30_000;

export type FetchFailureCause =
  'address' | 'policy' | 'cors' | 'unreachable' | 'timeout' | 'cancelled' | 'http' | 'too_large' | 'not_json';

export class FetchDefinitionsError extends Error {
  readonly reason: FetchFailureCause;
  constructor(reason: FetchFailureCause, message: string) {
    super(message);
    this.name = 'FetchDefinitionsError';
    this.reason = reason;
  }
}

export interface FetchDefinitionsOptions {
  signal?: AbortSignal;
  timeLimitMs?: number;
  maxCharacters?: number;
  fetch?: typeof fetch;
  /** Whether the page's policy refused the URL: known before trying, or heard while trying. */
  blockedByPolicy?: (url: string) => boolean;
  /** What the page's policy allows, said when it refused the URL. */
  policyMessage?: (url: string) => string;
}

const fail = (cause: FetchFailureCause, message: string): never => {
  throw new FetchDefinitionsError(cause, message);
};

function parseUrl(text: string): URL {
  let parsed: URL | null = null;
  try {
    parsed = new URL(text);
  } catch {
    fail('address', `Link: '${text}' is not a URL; it needs to start with https://`);
  }
  if (parsed!.protocol !== 'https:' && parsed!.protocol !== 'http:')
    fail('address', `Link: only http and https links can be fetched, not ${parsed!.protocol}`);
  return parsed!;
}

/** Reads the body as text, stopping as soon as it passes the cap (a server that streams forever is cut off). */
async function readCapped(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > limit)
    fail(
      'too_large',
      `The file is ${megabytes(declared)}; imports are limited to ${megabytes(limit)}. Nothing was read.`,
    );
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length > limit) {
      await reader.cancel().catch(() => undefined);
      fail('too_large', `The file is larger than ${megabytes(limit)}, the import limit; reading stopped there.`);
    }
  }
  return text + decoder.decode();
}

const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''));

export async function fetchDefinitions(urlText: string, options: FetchDefinitionsOptions = {}): Promise<string> {
  const url = parseUrl(urlText.trim());
  const doFetch = options.fetch ?? fetch;
  const limitMs = options.timeLimitMs ?? FETCH_TIME_LIMIT_MS;
  const policyMessage =
    options.policyMessage ??
    ((blocked: string) =>
      `This page's security policy does not let it reach ${new URL(blocked).origin}. Download the file and choose it instead.`);
  if (options.blockedByPolicy?.(url.href)) fail('policy', policyMessage(url.href));

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limitMs);
  const onCancel = () => controller.abort();
  options.signal?.addEventListener('abort', onCancel);
  if (options.signal?.aborted) controller.abort();
  const stopped = (): FetchDefinitionsError | null =>
    timedOut
      ? new FetchDefinitionsError(
          'timeout',
          `${url.origin} did not answer within ${Math.round(limitMs / 1000)} s; nothing was imported. Try again, or download the file and choose it.`,
        )
      : controller.signal.aborted
        ? new FetchDefinitionsError('cancelled', 'Fetching was cancelled; nothing was imported.')
        : null;
  try {
    let response: Response;
    try {
      response = await doFetch(url, { credentials: 'omit', signal: controller.signal });
    } catch {
      const stop = stopped();
      if (stop) throw stop;
      if (options.blockedByPolicy?.(url.href)) fail('policy', policyMessage(url.href));
      // An opaque request is not subject to CORS: if it is answered, the server is up and withholds CORS.
      const answered = await doFetch(url, { credentials: 'omit', mode: 'no-cors', signal: controller.signal }).then(
        () => true,
        () => false,
      );
      const late = stopped();
      if (late) throw late;
      if (answered)
        fail(
          'cors',
          `${url.origin} answers, but does not let other sites read it (no CORS header). Download the file and choose it instead.`,
        );
      fail(
        'unreachable',
        `${url.origin} cannot be reached: the connection was refused, the name does not resolve, its certificate is not trusted, or the browser refuses that port. Check the address.`,
      );
    }
    if (!response!.ok)
      fail(
        'http',
        `The server answered ${`${response!.status} ${response!.statusText}`.trim()}; nothing was imported.`,
      );
    const text = await readCapped(response!, options.maxCharacters ?? MAX_IMPORT_CHARACTERS);
    if (!looksLikeJson(text)) {
      const type = response!.headers.get('content-type')?.split(';')[0]?.trim();
      fail(
        'not_json',
        `The server answered with ${type ? `${type} that is` : 'text that is'} not JSON (it does not start with { or [); nothing was imported. Is this the raw file's link?`,
      );
    }
    return text;
  } catch (error) {
    if (error instanceof FetchDefinitionsError) throw error;
    throw (
      stopped() ??
      new FetchDefinitionsError(
        'unreachable',
        `Reading ${url.origin} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}
