/**
 * Reads the sample project from its files (./project and ./submodule) for `npm run bundle`, which writes
 * them to src/generated/sample-workspace.json for the page, Node scripts and the tests (see ./files.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SampleWorkspaceData {
  /** The project: workspace-relative path → content at HEAD. */
  sample: Record<string, string>;
  /** The nested repository under submodule/: path inside it → content at HEAD. */
  submodule: Record<string, string>;
}

const SAMPLE_DIRECTORY = dirname(fileURLToPath(import.meta.url));
const PROJECT_FOLDER = 'project';
const SUBMODULE_FOLDER = 'submodule';

/**
 * Files git itself reads are stored with this suffix (project/.gitignore.escaped is the sample's .gitignore):
 * a nested .gitignore would make our own repository ignore sample files (its `.env` line), and no setting
 * of ours can overrule it. Other names that our tools might read are excluded in tsconfig.json and
 * vite.config.ts instead, so they keep their real names for editors.
 */
const ESCAPE_SUFFIX = '.escaped';
const ESCAPED_NAMES: readonly string[] = ['.gitignore', '.gitattributes', '.gitmodules'];

export class SampleLoadError extends Error {}

/** The name a stored file has in the sample (strips the escape suffix); null when the name is stored unescaped. */
export function unescapeName(stored: string): string | null {
  if (!stored.endsWith(ESCAPE_SUFFIX)) return null;
  const name = stored.slice(0, -ESCAPE_SUFFIX.length);
  return ESCAPED_NAMES.includes(name) ? name : null;
}

/** A path for messages: relative to the working directory when inside it, with forward slashes. */
function displayPath(path: string): string {
  const fromWorkingDirectory = relative(process.cwd(), path);
  return (fromWorkingDirectory && !fromWorkingDirectory.startsWith('..') ? fromWorkingDirectory : path)
    .split(sep)
    .join('/');
}

const decoder = new TextDecoder('utf-8', { fatal: true });

async function readTree(root: string, shownRoot: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (directory: string, prefix: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true });
    for (const entry of entries) {
      const stored = join(directory, entry.name);
      const shown = `${shownRoot}/${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        await walk(stored, `${prefix}${entry.name}/`);
        continue;
      }
      if (!entry.isFile()) throw new SampleLoadError(`${shown}: only plain files and folders belong in the sample`);
      if (ESCAPED_NAMES.includes(entry.name)) {
        throw new SampleLoadError(
          `${shown}: git would read this file in our own repository; store it as ${entry.name}${ESCAPE_SUFFIX}`,
        );
      }
      const path = prefix + (unescapeName(entry.name) ?? entry.name);
      if (path in files) throw new SampleLoadError(`${shown}: ${path} is stored twice (escaped and not)`);
      try {
        files[path] = decoder.decode(await readFile(stored));
      } catch (error) {
        if (error instanceof TypeError)
          throw new SampleLoadError(`${shown}: not UTF-8 text; the sample workspace holds text files only`);
        throw error;
      }
    }
  };
  try {
    await walk(root, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && (error as NodeJS.ErrnoException).path === root) {
      throw new SampleLoadError(`${shownRoot}: the sample's folder is missing`);
    }
    throw error;
  }
  // Sorted by UTF-16 code units, the order the workspace writes them in, whatever order the disk lists them in.
  return Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((path) => [path, files[path]!]),
  );
}

/** The sample project and its nested repository as stored under `directory` (default: beside this file). */
export async function loadSampleWorkspace(directory: string = SAMPLE_DIRECTORY): Promise<SampleWorkspaceData> {
  return {
    sample: await readTree(join(directory, PROJECT_FOLDER), displayPath(join(directory, PROJECT_FOLDER))),
    submodule: await readTree(join(directory, SUBMODULE_FOLDER), displayPath(join(directory, SUBMODULE_FOLDER))),
  };
}
