/**
 * Self-hosts the heavy runtime assets (pyodide, tree-sitter grammars) under `vendor/`:
 * served from node_modules in dev, copied into the build output on `vite build`.
 * No CDN is reachable at runtime, so the page and the worker load them from the site itself.
 */
import { createReadStream, existsSync, mkdirSync, copyFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export interface StaticAsset {
  /** URL path below the site base, e.g. `vendor/pyodide/pyodide.mjs`. */
  urlPath: string;
  /** Absolute source file. */
  source: string;
}

const PYODIDE_FILES = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];

const CONTENT_TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

const contentTypeOf = (file: string): string => {
  const dot = file.lastIndexOf('.');
  return CONTENT_TYPES[dot >= 0 ? file.slice(dot) : ''] ?? 'application/octet-stream';
};

/** Every asset the site self-hosts, resolved against the project root. */
export function listStaticAssets(projectRoot: string): StaticAsset[] {
  const modules = join(projectRoot, 'node_modules');
  const assets: StaticAsset[] = PYODIDE_FILES.map((file) => ({
    urlPath: `vendor/pyodide/${file}`,
    source: join(modules, 'pyodide', file),
  }));
  const grammarDirectory = join(modules, '@vscode', 'tree-sitter-wasm', 'wasm');
  if (existsSync(grammarDirectory)) {
    for (const file of readdirSync(grammarDirectory)) {
      if (file.endsWith('.wasm'))
        assets.push({ urlPath: `vendor/tree-sitter/${file}`, source: join(grammarDirectory, file) });
    }
  }
  // The runtime of web-tree-sitter itself (the parser engine, not a grammar).
  assets.push({
    urlPath: 'vendor/tree-sitter/web-tree-sitter.wasm',
    source: join(modules, 'web-tree-sitter', 'web-tree-sitter.wasm'),
  });
  return assets.filter((asset) => existsSync(asset.source));
}

export function staticAssetsPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  let assetsByUrl = new Map<string, StaticAsset>();

  return {
    name: 'tool-playground-static-assets',
    configResolved(resolved) {
      config = resolved;
      assetsByUrl = new Map(listStaticAssets(resolved.root).map((asset) => [asset.urlPath, asset]));
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const url = (request.url ?? '').split('?')[0] ?? '';
        const marker = url.indexOf('vendor/');
        if (marker < 0) return next();
        const asset = assetsByUrl.get(decodeURIComponent(url.slice(marker)));
        if (!asset) return next();
        response.setHeader('Content-Type', contentTypeOf(asset.source));
        response.setHeader('Content-Length', String(statSync(asset.source).size));
        createReadStream(asset.source).pipe(response);
      });
    },
    closeBundle() {
      if (!config || config.command !== 'build') return;
      const outDir = resolve(config.root, config.build.outDir);
      for (const asset of assetsByUrl.values()) {
        const target = join(outDir, asset.urlPath);
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(asset.source, target);
      }
    },
  };
}
