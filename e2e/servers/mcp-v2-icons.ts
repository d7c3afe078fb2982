import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/**
 * The SDK v2 test server's icons: a 16×16 PNG for a light background and one for a dark one (a page shows the one
 * for its theme), and icons no client may draw — a script address, an SVG that carries script, and a remote image
 * (on a loopback port nothing listens on, so nothing leaves the machine should a client fetch it).
 */
export const V2_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mNgoBaQ9bvxnxSM1QBSLBvkBhDy96gXRr2A1wCKMhO5AAAzlZUFtQmM5AAAAABJRU5ErkJggg==';
export const V2_ICON_DARK =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mNgoBb4vV/lPykYqwGkWDbIDSDk71EvjHoBrwEUZSZyAQB9Ybz7okYugwAAAABJRU5ErkJggg==';
export const V2_HOSTILE_ICONS = [
  { src: 'javascript:alert(document.domain)' },
  {
    src: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciPjxzY3JpcHQ+YWxlcnQoZG9jdW1lbnQuZG9tYWluKTwvc2NyaXB0Pjwvc3ZnPg==',
    mimeType: 'image/svg+xml',
  },
  { src: 'http://127.0.0.1:9/icon.png', mimeType: 'image/png' },
];
/** Every icon, the drawable ones last: a client that drew the first it found would draw a hostile one. */
export const V2_ICONS = [
  ...V2_HOSTILE_ICONS,
  { src: V2_ICON, mimeType: 'image/png', sizes: ['16x16'], theme: 'light' as const },
  { src: V2_ICON_DARK, mimeType: 'image/png', sizes: ['16x16'], theme: 'dark' as const },
];

/** A tool whose only icon is at a remote address (the test server's own `/icon.png`, on loopback). */
export function registerRemoteIconTool(server: McpServer, iconUrl: string): void {
  server.registerTool(
    'remote_icon',
    {
      title: 'Remote icon',
      icons: [{ src: iconUrl, mimeType: 'image/png', sizes: ['16x16'] }],
      description: 'A tool whose icon is served at a remote address',
      inputSchema: z.object({}),
    },
    () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );
}
