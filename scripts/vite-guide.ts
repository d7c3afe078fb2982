/**
 * The guide (docs/*.md) served with the site under `guide/`, as the Markdown it is written in: the home page and the
 * footer link to it, and its pages' links to one another hold there as they do in the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export function guidePlugin(docsDirectory: string): Plugin {
  return {
    name: 'tool-playground-guide',
    apply: 'build',
    generateBundle() {
      for (const file of readdirSync(docsDirectory).filter((name) => name.endsWith('.md')).sort()) {
        this.emitFile({ type: 'asset', fileName: `guide/${file}`, source: readFileSync(join(docsDirectory, file), 'utf8') });
      }
    },
  };
}
