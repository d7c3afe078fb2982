/**
 * The dev server serves the sandboxed frames as the host does: runtime-sandbox.html (no connections) and
 * mcp-app-sandbox.html (an MCP App's frame) with their rules' headers from netlify.toml, and the modules its opaque-origin worker imports with CORS. Only
 * script and worker loads from an opaque origin get that header; a page's fetch of a source file does not.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { headersFor, parseHostConfig } from './static-host';

const SANDBOX_PAGES = ['/runtime-sandbox.html', '/mcp-app-sandbox.html'];

export function runtimeSandboxPlugin(): Plugin {
  return {
    name: 'tool-playground-runtime-sandbox',
    apply: 'serve',
    configureServer(server) {
      const config = parseHostConfig(readFileSync(fileURLToPath(new URL('../netlify.toml', import.meta.url)), 'utf8'));
      const base = server.config.base.replace(/\/$/, '');
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const page = SANDBOX_PAGES.find((candidate) => path === `${base}${candidate}`);
        if (page) for (const [name, value] of Object.entries(headersFor(config, page))) response.setHeader(name, value);
        const destination = request.headers['sec-fetch-dest'];
        if (request.headers.origin === 'null' && (destination === 'script' || destination === 'worker'))
          response.setHeader('Access-Control-Allow-Origin', '*');
        next();
      });
    },
  };
}
