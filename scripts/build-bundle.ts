/** Loads and checks every toolset under schemas/, then writes the collection every surface imports. */
// Compiles schemas on demand (the page only runs validators generated at build time).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolsetLoadError } from '../src/core/toolset/load';
import { loadCollectionFromDirectory } from '../src/core/toolset/load.node.js';
import { createCompilingValidator } from '../src/core/validation/compile';
import { loadSampleWorkspace, SampleLoadError } from '../src/core/workspace/sample/load.node.js';
import { buildCallsLibrary, buildCli } from './build-cli';
import { buildNodeLibraries } from './build-node-libraries';
import { standaloneValidatorFiles } from '../src/core/validation/standalone';
import { PAGE_TOOLSETS_TYPES, pageDataFiles } from '../src/core/toolset/page-data';
import { twinDegreesOf } from '../src/core/validation/twin-degree';
import { DEFAULT_SITE_TITLE } from '../src/site/site-title';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemasDirectory = join(projectRoot, 'schemas');
const outputFile = join(projectRoot, 'src', 'generated', 'bundle.json');

async function main(): Promise<void> {
  const collection = await loadCollectionFromDirectory(schemasDirectory, createCompilingValidator());
  await mkdir(dirname(outputFile), { recursive: true });
  await writeFile(outputFile, JSON.stringify(collection) + '\n');
  // The sample workspace's files as one JSON module: the page, the CLI and the tests import the same data.
  await writeFile(
    join(dirname(outputFile), 'sample-workspace.json'),
    JSON.stringify(await loadSampleWorkspace()) + '\n',
  );
  // The bundled schemas' validators as code, so the page validates without compiling (no 'unsafe-eval').
  // One module per schema, so a page loads only the validator of the tool it shows (validator-loaders.js).
  const validatorFiles = standaloneValidatorFiles(collection.toolsets);
  const generated = dirname(outputFile);
  await rm(join(generated, 'validators'), { recursive: true, force: true });
  await mkdir(join(generated, 'validators'), { recursive: true });
  for (const [file, code] of Object.entries(validatorFiles.modules))
    await writeFile(join(generated, 'validators', file), code);
  await writeFile(join(generated, 'validators.js'), validatorFiles.all);
  await writeFile(
    join(generated, 'validators.d.ts'),
    "import type { PrecompiledValidator } from '../core/validation/validator';\nexport declare const validators: Record<string, PrecompiledValidator>;\n",
  );
  await writeFile(join(generated, 'validator-loaders.js'), validatorFiles.loaders);
  // The analysis' verdicts on the bundled warning patterns, so the page ships the analysis only with RE2 (twin-degree.ts).
  await writeFile(
    join(generated, 'warning-twin-degrees.json'),
    JSON.stringify(twinDegreesOf(collection.toolsets.flatMap((toolset) => toolset.tools))) + '\n',
  );
  await writeFile(
    join(generated, 'validator-loaders.d.ts'),
    "import type { PrecompiledValidatorLoader } from '../core/validation/validator';\nexport declare const validatorLoaders: Record<string, PrecompiledValidatorLoader>;\n",
  );
  // The fixed results of tools without an implementation, by toolset and tool: none here (`site build --mocks` gives them).
  await writeFile(join(generated, 'site-mocks.json'), '{}\n');
  // What the site is called in its header and its page titles (`site build --title` gives its own).
  await writeFile(join(generated, 'site-meta.json'), JSON.stringify({ title: DEFAULT_SITE_TITLE }) + '\n');
  // The page's own cut of the bundle: every tool's summary up front, each tool's definition in a module of its own.
  const pageData = pageDataFiles(collection);
  await rm(join(generated, 'page-tools'), { recursive: true, force: true });
  await mkdir(join(generated, 'page-tools'), { recursive: true });
  for (const [file, module] of Object.entries(pageData.tools))
    await writeFile(join(generated, 'page-tools', file), JSON.stringify(module) + '\n');
  await writeFile(join(generated, 'page-summaries.json'), JSON.stringify(pageData.summaries) + '\n');
  await writeFile(join(generated, 'page-toolsets.js'), pageData.toolsets);
  await writeFile(join(generated, 'page-toolsets.d.ts'), PAGE_TOOLSETS_TYPES);
  // The npm ports of Node's built-ins that the workspace's `node` evaluates (the CLI bundles them too).
  await buildNodeLibraries(projectRoot);
  // The CLI as one JavaScript file. Not fatal: without it bin/tool-schemas.js runs the sources, and a
  // broken source is reported by the typecheck and the tests.
  let cliLine: string;
  try {
    const cli = await buildCli(projectRoot);
    cliLine = `cli: ${relative(projectRoot, cli.file).split('\\').join('/')} (${Math.round(cli.bytes / 1024)} KB from ${cli.inputs.length} files)`;
  } catch (error) {
    console.error(
      `bundle: the CLI build failed, so the CLI runs from source: ${(error as Error).message.split('\n')[0]}`,
    );
    cliLine = 'cli: not built';
  }
  try {
    await buildCallsLibrary(projectRoot);
  } catch (error) {
    console.error(
      `bundle: the call checker library (tool-schema-playground/calls) was not built: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  // `npm run bundle --silent` (as `pretools` and `test:unit` call it) means silent on success too.
  if (process.env.npm_config_loglevel === 'silent') return;
  const shownOutput = relative(projectRoot, outputFile).split('\\').join('/');
  const toolsets = collection.toolsets
    .map((toolset) => `${toolset.manifest.id} (${toolset.tools.length} tools)`)
    .join(', ');
  console.error(`bundle: ${toolsets} → ${shownOutput}; ${cliLine}`);
}

main().catch((error: unknown) => {
  if (error instanceof ToolsetLoadError || error instanceof SampleLoadError) {
    console.error(`bundle: ${error.message}`);
  } else {
    console.error('bundle: failed:', error);
  }
  process.exit(1);
});
