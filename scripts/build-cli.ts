/**
 * Builds the CLI into JavaScript, so `npx tool-schemas` starts in node's own time instead of compiling
 * TypeScript through tsx at every run (about a second). bin/tool-schemas.js runs it while it is newer than
 * every source it was built from (listed beside it), and the sources otherwise. What only some commands load
 * on demand (the MCP SDK, the model clients) goes into chunks of its own beside the entry: in one file, node
 * parsed them and loaded their built-in modules (http2, tls, net) at every start; split, a `validate --batch`
 * of one line went from 0.15 to 0.11 s of CPU.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

/** Where the build goes, relative to the project root: beside bundle.json, at the depth of src/cli, so main.ts's relative paths hold. */
export const CLI_BUILD_FILE = 'src/generated/tool-schemas-cli.mjs';
/** The chunks beside it: `tool-schemas-cli-<hash>.mjs`, named by content, so a build never rewrites one a running CLI may still load. */
const CHUNK_PREFIX = 'tool-schemas-cli-';
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
    outdir: dirname(file),
    entryNames: basename(file, '.mjs'),
    chunkNames: `${CHUNK_PREFIX}[hash]`,
    outExtension: { '.js': '.mjs' },
    splitting: true,
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
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  // Each file written whole and renamed into place, the chunks before the entry that imports them, so a CLI
  // starting meanwhile never imports half a file or a chunk not there yet.
  const code = result.outputFiles.find((output) => output.path === file);
  if (code === undefined) throw new Error('esbuild produced no entry file');
  const chunks = result.outputFiles.filter((output) => output !== code);
  for (const output of [...chunks, code]) {
    const partial = `${output.path}.${process.pid}.partial`;
    await writeFile(partial, output.contents);
    await rename(partial, output.path);
  }
  // Chunks of earlier builds that this one does not name.
  const current = new Set(chunks.map((chunk) => basename(chunk.path)));
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(CHUNK_PREFIX) && name.endsWith('.mjs') && !current.has(name))
      await rm(join(dirname(file), name), { force: true });
  }
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules/'))
    .map((input) => input.split('\\').join('/'));
  // Bundled packages change with the lock file.
  if (existsSync(join(projectRoot, 'package-lock.json'))) inputs.push('package-lock.json');
  inputs.sort();
  await writeFile(
    inputsFile,
    `${JSON.stringify({ output: relative(outputRoot, file).split('\\').join('/'), inputs }, null, 2)}\n`,
  );
  return { file, bytes: code.contents.length, inputs };
}

/** The call checker as a library for `import … from 'tool-schema-playground/calls'` (package.json exports). */
export const CALLS_LIBRARY_FILE = 'src/generated/calls.mjs';

export async function buildCallsLibrary(
  projectRoot: string,
  outputRoot = projectRoot,
): Promise<{ file: string; bytes: number }> {
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
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const code = result.outputFiles.find((output) => output.path.endsWith('.mjs'));
  if (code === undefined) throw new Error('esbuild produced no output');
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, code.contents);
  await rename(partial, file);
  return { file, bytes: code.contents.length };
}
