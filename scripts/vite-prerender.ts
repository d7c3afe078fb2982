/** After the build: the prerendered pages and sitemap.xml (scripts/prerender-site.ts, run through tsx). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export function prerenderPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'tool-playground-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    closeBundle() {
      const script = fileURLToPath(new URL('./prerender-site.ts', import.meta.url));
      const result = spawnSync(process.execPath, ['--import', 'tsx', script, outDir], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (result.status !== 0)
        throw new Error('The prerendered pages could not be written (scripts/prerender-site.ts failed).');
    },
  };
}
