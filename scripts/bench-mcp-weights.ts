// Page weights with the MCP client kept out: for each built page, the JavaScript it loads before any interaction
// (its scripts, module preloads and their static imports, gzip), and whether the MCP SDK is among it. The SDK is
// loaded by a dynamic import when a connection opens (Connect, a live tool's page), so no page carries it up front.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A string the SDK's client code carries in any build (an error code of its protocol layer), and no other code. */
const SDK_MARK = 'METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION';

function htmlFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'assets' || name === 'vendor' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** Files and every file they import statically (a dynamic `import()` is left out). */
function closure(start: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    ))
      queue.push(resolve(dirname(file), match[1]!));
  }
  return [...seen];
}

/** The page's scripts and module preloads, with their static imports. */
function staticScripts(dist: string, page: string): string[] {
  const html = readFileSync(page, 'utf8');
  return closure(
    [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)]
      .map((match) => (match[1] ?? match[2])!)
      .filter((src) => !/^https?:/.test(src))
      .map((src) => (src.startsWith('/') ? join(dist, src) : resolve(dirname(page), src))),
  );
}

export function benchMcpWeights(dist = 'dist'): unknown {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}: no built site; run npm run build first`);
  const pages = htmlFiles(dist).map((page) => {
    const scripts = staticScripts(dist, page);
    const gzipBytes = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
    const mcp = scripts.some((file) => readFileSync(file, 'utf8').includes(SDK_MARK));
    return { page: relative(dist, page), scripts: scripts.length, gzipBytes, mcpSdk: mcp };
  });
  const sdkChunks = readdirSync(join(dist, 'assets')).filter(
    (name) => name.endsWith('.js') && readFileSync(join(dist, 'assets', name), 'utf8').includes(SDK_MARK),
  );
  // The lazily loaded chunks that bring the SDK with them: the code a route loads when it opens a connection.
  const chunks = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  const bringers = chunks.filter(
    (name) =>
      !sdkChunks.includes(name) &&
      closure([join(dist, 'assets', name)]).some((file) => sdkChunks.some((sdk) => file.endsWith(`/${sdk}`))),
  );
  const carrying = pages.filter((page) => page.mcpSdk).map((page) => page.page);
  return {
    pageWeights: {
      pages: pages.length,
      sdkChunks: sdkChunks.map((name) => ({
        file: `assets/${name}`,
        gzipBytes: gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length,
      })),
      pagesLoadingTheSdkUpFront: carrying,
      chunksThatImportTheSdk: bringers.map((name) => `assets/${name}`),
      met: carrying.length === 0,
      byPage: pages,
    },
  };
}
