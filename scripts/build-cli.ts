/**
 * Builds the CLI into one JavaScript file, so `npx tool-schemas` starts in node's own time instead of
 * compiling TypeScript through tsx at every run (about a second). bin/tool-schemas.js runs it while it
 * is newer than every source it was built from (listed beside it), and the sources otherwise.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/** Where the build goes, relative to the project root: beside bundle.json, at the depth of src/cli, so main.ts's relative paths hold. */
export const CLI_BUILD_FILE = 'src/generated/tool-schemas-cli.mjs';
/** The project files the build was made from, for the freshness check in bin/prebuilt.js. */
export const CLI_INPUTS_FILE = 'src/generated/tool-schemas-cli.inputs.json';

export interface CliBuild {
  file: string;
  bytes: number;
  /** Project files (relative, forward slashes) whose change makes the build stale. */
  inputs: string[];
}

export async function buildCli(projectRoot: string, outputRoot = projectRoot): Promise<CliBuild> {
  const file = join(outputRoot, CLI_BUILD_FILE);
  const inputsFile = join(outputRoot, CLI_INPUTS_FILE);
  await mkdir(join(outputRoot, 'src', 'generated'), { recursive: true });
  // A failed build must not leave an older one that still looks current.
  await rm(inputsFile, { force: true });
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: ['src/cli/main.ts'],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    metafile: true,
    // The tokenizer's rank tables (megabytes) stay in node_modules, read only by `stats --tokens`.
    external: ['gpt-tokenizer', 'gpt-tokenizer/*'],
    write: false,
    logLevel: 'silent',
    // Bundled CommonJS packages (Ajv) call require; an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  // Written whole and renamed into place, so a CLI starting meanwhile never imports half a file.
  const code = result.outputFiles.find((output) => output.path.endsWith('.mjs'));
  if (code === undefined) throw new Error('esbuild produced no output');
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, code.contents);
  await rename(partial, file);
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules/'))
    .map((input) => input.split('\\').join('/'));
  // Bundled packages change with the lock file.
  if (existsSync(join(projectRoot, 'package-lock.json'))) inputs.push('package-lock.json');
  inputs.sort();
  await writeFile(inputsFile, `${JSON.stringify({ output: relative(outputRoot, file).split('\\').join('/'), inputs }, null, 2)}\n`);
  return { file, bytes: code.contents.length, inputs };
}

/** The call checker as a library for `import … from 'tool-schema-playground/calls'` (package.json exports). */
export const CALLS_LIBRARY_FILE = 'src/generated/calls.mjs';

export async function buildCallsLibrary(projectRoot: string, outputRoot = projectRoot): Promise<{ file: string; bytes: number }> {
  const file = join(outputRoot, CALLS_LIBRARY_FILE);
  await mkdir(join(outputRoot, 'src', 'generated'), { recursive: true });
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: ['src/core/calls/package.ts'],
    outfile: file,
    bundle: true,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const code = result.outputFiles.find((output) => output.path.endsWith('.mjs'));
  if (code === undefined) throw new Error('esbuild produced no output');
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, code.contents);
  await rename(partial, file);
  return { file, bytes: code.contents.length };
}
