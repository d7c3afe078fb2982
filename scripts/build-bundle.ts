/** Loads and checks schemas/acode, then writes the bundle every surface imports. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolsetLoadError } from '../src/core/toolset/load';
import { loadToolsetFromDirectory } from '../src/core/toolset/load.node.js';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsetDirectory = join(projectRoot, 'schemas', 'acode');
const outputFile = join(projectRoot, 'src', 'generated', 'bundle.json');

async function main(): Promise<void> {
  const bundle = await loadToolsetFromDirectory(toolsetDirectory);
  await mkdir(dirname(outputFile), { recursive: true });
  await writeFile(outputFile, JSON.stringify(bundle) + '\n');
  // `npm run bundle --silent` (as `pretools` and `test:unit` call it) means silent on success too.
  if (process.env.npm_config_loglevel === 'silent') return;
  const shownOutput = relative(projectRoot, outputFile).split('\\').join('/');
  console.error(`bundle: ${bundle.tools.length} tools in ${bundle.manifest.categories.length} categories → ${shownOutput}`);
}

main().catch((error: unknown) => {
  if (error instanceof ToolsetLoadError) {
    console.error(`bundle: ${error.message}`);
  } else {
    console.error('bundle: failed:', error);
  }
  process.exit(1);
});
