// Which CLI to run: the build `npm run bundle` writes (src/generated/tool-schemas-cli.mjs) while it is
// newer than every project file it was built from, else none, so an edited source is never shadowed.
// An installed package carries the build without its sources: there the build is the CLI.
import { existsSync, readFileSync, statSync } from 'node:fs';

/** The sources' entry point, which bin/tool-schemas.js runs through tsx when there is no current build. */
export const SOURCE_ENTRY = 'src/cli/main.ts';

/** The URL of a current build under `root` (a directory URL ending in '/'), or null. */
export function prebuiltCli(root) {
  try {
    const manifest = JSON.parse(readFileSync(new URL('src/generated/tool-schemas-cli.inputs.json', root), 'utf8'));
    const built = new URL(manifest.output, root);
    const builtTime = statSync(built).mtimeMs;
    if (!existsSync(new URL(SOURCE_ENTRY, root))) return built;
    if (!Array.isArray(manifest.inputs) || manifest.inputs.length === 0) return null;
    for (const input of manifest.inputs) if (statSync(new URL(input, root)).mtimeMs > builtTime) return null;
    return built;
  } catch {
    // No build, no manifest, or an input gone: run the sources.
    return null;
  }
}
