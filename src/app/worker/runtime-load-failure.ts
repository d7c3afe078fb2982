/**
 * Why the runtime frame could not start the runtime. The frame is of an opaque origin (sandbox-host.ts), so every
 * module its worker imports from the site is a cross-origin request, which the server has to allow with
 * `Access-Control-Allow-Origin` (the site's headers file sets it on workers/, data/ and vendor/). A plain
 * static server that does not read that file sends no such header, and the import fails with the browser's bare
 * "Failed to fetch dynamically imported module". The page, of the site's own origin, can read the module's headers:
 * when the header is missing, the failure says so in plain words. The header cannot be done without: with the
 * frame's opaque origin (no storage of the site's, no keys) the site keeps what a tool's code can reach.
 */

/** The runtime's failure on a server without the site's headers. */
export const MISSING_HEADERS_MESSAGE =
  "This site's server does not send the headers the site needs. Execute runs tools in a sandboxed frame, which may " +
  "load the site's scripts only when the server allows it with the header Access-Control-Allow-Origin: * (the " +
  "_headers file in the site's folder lists every header the site is served with). Serve the site with those " +
  "headers: the guide's page on building a site says how, for each static host.";

/**
 * `message`: what the frame reported. `moduleUrl`: the runtime's module, on the site's origin. Resolves to the
 * missing header's message when the server sends the module without it, and to `message` otherwise (also when the
 * module cannot be read at all: then the frame's message says what is known).
 */
export async function runtimeLoadFailure(
  message: string,
  moduleUrl: string,
  fetchPage: (url: string, init: RequestInit) => Promise<Response>,
): Promise<string> {
  try {
    const response = await fetchPage(moduleUrl, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    if (response.ok && !response.headers.has('access-control-allow-origin')) return MISSING_HEADERS_MESSAGE;
  } catch {
    /* the frame's message stands */
  }
  return message;
}
