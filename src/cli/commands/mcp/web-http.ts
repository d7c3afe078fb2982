/**
 * Node's HTTP server meets the SDK's web-standard transport: an incoming request as a `Request` (closing the
 * socket aborts it) and a `Response` written back as it streams, so SSE events reach the client as they come.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** The request line and headers; a POST's body, already read and parsed, goes to the transport as `parsedBody`. */
export function toWebRequest(incoming: IncomingMessage, response: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const aborted = new AbortController();
  response.on('close', () => aborted.abort());
  const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`);
  return new Request(url, { method: incoming.method ?? 'GET', headers, signal: aborted.signal });
}

/** Writes `from` to `to` as it streams; `extraHeaders` (CORS, say) go out with the response's own. */
export async function sendWebResponse(
  from: Response,
  to: ServerResponse,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders };
  from.headers.forEach((value, name) => {
    headers[name] = value;
  });
  to.writeHead(from.status, headers);
  if (!from.body) {
    to.end();
    return;
  }
  await new Promise<void>((resolve) => {
    Readable.fromWeb(from.body as NodeReadableStream)
      .on('error', () => {
        to.end();
        resolve();
      })
      .on('end', resolve)
      .pipe(to);
  });
}
