/** Loads and checks schemas/acode, then writes the bundle every surface imports. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolsetLoadError } from '../src/core/toolset/load';
import { loadToolsetFromDirectory } from '../src/core/toolset/load.node.js';
import { buildCli } from './build-cli';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsetDirectory = join(projectRoot, 'schemas', 'acode');
const outputFile = join(projectRoot, 'src', 'generated', 'bundle.json');

async function main(): Promise<void> {
  const bundle = await loadToolsetFromDirectory(toolsetDirectory);
  await mkdir(dirname(outputFile), { recursive: true });
  await writeFile(outputFile, JSON.stringify(bundle) + '\n');
  // The CLI as one JavaScript file. Not fatal: without it bin/tool-schemas.js runs the sources, and a
  // broken source is reported by the typecheck and the tests.
  let cliLine: string;
  try {
    const cli = await buildCli(projectRoot);
    cliLine = `cli: ${relative(projectRoot, cli.file).split('\\').join('/')} (${Math.round(cli.bytes / 1024)} KB from ${cli.inputs.length} files)`;
  } catch (error) {
    console.error(`bundle: the CLI build failed, so the CLI runs from source: ${(error as Error).message.split('\n')[0]}`);
    cliLine = 'cli: not built';
  }
  // `npm run bundle --silent` (as `pretools` and `test:unit` call it) means silent on success too.
  if (process.env.npm_config_loglevel === 'silent') return;
  const shownOutput = relative(projectRoot, outputFile).split('\\').join('/');
  console.error(`bundle: ${bundle.tools.length} tools in ${bundle.manifest.categories.length} categories → ${shownOutput}; ${cliLine}`);
}

main().catch((error: unknown) => {
  if (error instanceof ToolsetLoadError) {
    console.error(`bundle: ${error.message}`);
  } else {
    console.error('bundle: failed:', error);
  }
  process.exit(1);
});
