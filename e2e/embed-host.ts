import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page on another origin that embeds the site: `localhost` on its own port (E2E_HOST_PORT, else any free one),
 * while the site is served from 127.0.0.1. Each test gives the body it needs.
 */
export async function startHostPage(): Promise<{
  url: string;
  setBody: (html: string) => void;
  close: () => Promise<void>;
}> {
  let body = '';
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Onboarding</title></head><body style="font-family:sans-serif;margin:2rem">${body}</body></html>`,
    );
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.E2E_HOST_PORT ?? 0), '127.0.0.1', () =>
      resolve((server.address() as AddressInfo).port),
    );
  });
  return {
    url: `http://localhost:${port}/`,
    setBody: (html) => {
      body = html;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Records every event the embeds raise on the host page, as `window.embedEvents`. */
export const RECORD_EVENTS = `<script>
  window.embedEvents = [];
  for (const element of document.querySelectorAll('tool-playground'))
    for (const type of ['ready', 'change', 'executed', 'error'])
      element.addEventListener(type, (event) => window.embedEvents.push({ element: element.id, type, detail: event.detail }));
</script>`;
