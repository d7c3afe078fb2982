/**
 * The prebuilt site that `tool-schemas site build` fills with a toolset (src/cli/commands/site/): the app's client
 * build, generic over the toolset data (scripts/vite-site-data.ts), and the app's server renderer as one Node module
 * with React inside, so the installed package prerenders pages without Vite or any devDependency. Written to
 * src/generated/site-shell/{client,server}; `npm pack` carries both.
 */
import { copyFileSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SITE_SHELL_DIRECTORY = 'src/generated/site-shell';

/** Bytes below a folder, for the report. */
export function folderBytes(directory: string): number {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

export async function buildSiteShell(projectRoot: string): Promise<{ client: string; server: string }> {
  process.env.SITE_SHELL = '1';
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const configFile = join(projectRoot, 'vite.config.ts');
  const client = join(projectRoot, SITE_SHELL_DIRECTORY, 'client');
  const server = join(projectRoot, SITE_SHELL_DIRECTORY, 'server');
  await build({ root: projectRoot, configFile, logLevel: 'warn', build: { outDir: client, emptyOutDir: true } });
  await build({
    root: projectRoot,
    configFile,
    logLevel: 'warn',
    publicDir: false,
    // React and every other package inside: the installed package has no devDependencies.
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: join(projectRoot, 'src/app/ssr.tsx'),
      outDir: server,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      // Carried by the package: minified, it is about half the size.
      minify: true,
      rolldownOptions: {
        input: { ssr: join(projectRoot, 'src/app/ssr.tsx') },
        output: { entryFileNames: '[name].js', chunkFileNames: 'assets/[name]-[hash].js' },
      },
    },
  });
  // The runtime assets (vendor/) are the page's: the renderer never loads them.
  for (const part of ['vendor', 'embed.js']) rmSync(join(server, part), { recursive: true, force: true });
  // The headers the site is served with (its pages' policy names boot.js's hash), for the site's _headers file.
  copyFileSync(join(projectRoot, 'netlify.toml'), join(projectRoot, SITE_SHELL_DIRECTORY, 'netlify.toml'));
  if (!existsSync(join(server, 'ssr.js'))) throw new Error('the server renderer (ssr.js) was not written');
  return { client, server };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const projectRoot = fileURLToPath(new URL('..', import.meta.url));
  buildSiteShell(projectRoot).then(
    ({ client, server }) =>
      console.error(
        `site shell: client ${Math.round(folderBytes(client) / 1024)} KB, server ${Math.round(folderBytes(server) / 1024)} KB`,
      ),
    (error: unknown) => {
      console.error('site shell: failed:', error);
      process.exit(1);
    },
  );
}
