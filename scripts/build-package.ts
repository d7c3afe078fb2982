/**
 * What `npm pack` needs beyond `npm run bundle` (the package's `prepack` runs both): a check that the CLI
 * build is there and current, since the package carries the build without the sources, the prebuilt site of
 * `site build` (scripts/build-site-shell.ts), and the declarations of the `calls` module, emitted by TypeScript from its entry alone (about 65 files; the
 * whole project's declarations took a minute).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
// @ts-expect-error a plain JavaScript module next to the bin, without types
import { prebuiltCli } from '../bin/prebuilt.js';
import { CALLS_LIBRARY_FILE } from './build-cli';
import { buildSiteShell, folderBytes } from './build-site-shell';

/** Where the declarations go; package.json's `exports["./calls"].types` names `core/calls/package.d.ts` in it. */
export const CALLS_TYPES_DIRECTORY = 'src/generated/calls-types';
const CALLS_ENTRY = 'src/core/calls/package.ts';

/** Emits the declarations of the `calls` module under `outputRoot`; throws with TypeScript's messages when it cannot. */
export async function buildCallsTypes(projectRoot: string, outputRoot = projectRoot): Promise<string> {
  const configFile = join(projectRoot, 'tsconfig.json');
  const config = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, projectRoot);
  const outDir = join(outputRoot, CALLS_TYPES_DIRECTORY);
  await rm(outDir, { recursive: true, force: true });
  const program = ts.createProgram({
    rootNames: [join(projectRoot, CALLS_ENTRY)],
    options: {
      ...parsed.options,
      declaration: true,
      emitDeclarationOnly: true,
      noEmit: false,
      incremental: false,
      outDir,
      rootDir: join(projectRoot, 'src'),
      // The library is for Node: neither the page's nor Vite's ambient types belong in its declarations.
      types: [],
      lib: ['lib.es2023.d.ts'],
    },
  });
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  );
  const entry = join(outDir, 'core', 'calls', 'package.d.ts');
  // emitSkipped is set for this program even when every declaration is written (the bundled JSON it imports), so the entry's file decides.
  if (diagnostics.length > 0 || !existsSync(entry)) {
    const host = {
      getCanonicalFileName: (name: string) => name,
      getCurrentDirectory: () => projectRoot,
      getNewLine: () => '\n',
    };
    throw new Error(`the declarations of ${CALLS_ENTRY} were not emitted:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  withNodeSpecifiers(outDir);
  return entry;
}

/**
 * The sources import without extensions (the project resolves like a bundler); a package's consumer may resolve
 * as Node does (`moduleResolution: node16/nodenext`), which needs `./x.js` or `./x/index.js`. Every relative
 * specifier of the emitted declarations is written out to the file it names.
 */
export function withNodeSpecifiers(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(
      /(from\s+|import\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g,
      (whole, lead: string, quote: string, specifier: string) => {
        const target = resolve(dirname(file), specifier);
        if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${specifier}.js${quote}`;
        if (existsSync(join(target, 'index.d.ts'))) return `${lead}${quote}${specifier}/index.js${quote}`;
        return whole;
      },
    );
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/** What the package must carry that `npm run bundle` only tries to build: a reason per missing part. */
export function missingPackageParts(root: string): string[] {
  const missing: string[] = [];
  if (prebuiltCli(pathToFileURL(`${root}/`)) === null)
    missing.push('the CLI build (src/generated/tool-schemas-cli.mjs) is missing or older than its sources');
  if (!existsSync(join(root, CALLS_LIBRARY_FILE)))
    missing.push(`the calls module (${CALLS_LIBRARY_FILE}) was not built`);
  if (!existsSync(join(root, 'src', 'generated', 'bundle.json')))
    missing.push('the toolsets (src/generated/bundle.json) were not bundled');
  return missing;
}

async function main(): Promise<void> {
  const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
  const missing = missingPackageParts(projectRoot);
  if (missing.length > 0) throw new Error(`the package cannot be packed: ${missing.join('; ')}`);
  await buildCallsTypes(projectRoot);
  // The prebuilt site `site build` fills in, built from these very sources.
  const shell = await buildSiteShell(projectRoot);
  if (process.env.npm_config_loglevel !== 'silent')
    console.error(
      `build-package: site shell ${Math.round((folderBytes(shell.client) + folderBytes(shell.server)) / 1024 / 1024)} MB`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`build-package: ${(error as Error).message}`);
    process.exit(1);
  });
}
