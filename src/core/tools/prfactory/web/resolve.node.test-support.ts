/**
 * The web tools' network in Node: a name is resolved once, every address is checked (request.ts), and
 * the request is sent to a checked address. node:http's `lookup` option hands the socket that address
 * instead of asking the name server again, while the URL's name stays in the Host header and, for
 * https, in the TLS server name and the certificate check. Built on node:http/https, no dependency.
 * The tests run the web tools through it: a page cannot resolve a name before it fetches, and the CLI
 * runs no tool.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { ResolvingNetwork } from '../../../runtime/types';

export async function resolveHostNode(hostname: string): Promise<string[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(createGunzip());
  if (encoding === 'deflate') return response.pipe(createInflate());
  if (encoding === 'br') return response.pipe(createBrotliDecompress());
  return response;
}

function toResponse(response: IncomingMessage): Response {
  const headers = new Headers();
  for (let index = 0; index + 1 < response.rawHeaders.length; index += 2)
    headers.append(response.rawHeaders[index]!, response.rawHeaders[index + 1]!);
  const status = response.statusCode ?? 502;
  const init = { status, statusText: response.statusMessage ?? '', headers };
  if (NULL_BODY.has(status)) {
    response.resume();
    return new Response(null, init);
  }
  return new Response(Readable.toWeb(decoded(response)) as ReadableStream<Uint8Array>, init);
}

/** Sends one request to `address` (already checked) for `url`; never follows a redirect. */
export function fetchAtAddress(url: URL, address: string, init: RequestInit): Promise<Response> {
  const family = isIP(address);
  if (family === 0) return Promise.reject(new TypeError(`'${address}' is not an IP address`));
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = typeof init.body === 'string' ? init.body : undefined;
  // A body goes with its length, as fetch sends it, not chunked.
  const headers = {
    ...headersOf(init),
    ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  return new Promise<Response>((resolve, reject) => {
    const request = send(
      url,
      { method: init.method ?? 'GET', headers, lookup: pinned, ...(init.signal ? { signal: init.signal } : {}) },
      (response) => resolve(toResponse(response)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Name resolution and requests to the checked address, for every Node path that runs the web tools. */
export const nodeNetwork: ResolvingNetwork = { resolve: resolveHostNode, fetchAt: fetchAtAddress };
