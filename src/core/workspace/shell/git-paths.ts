/**
 * `git checkout [<revision>] -- <paths>` and `git restore <paths>` as git does them: without a revision the
 * files come back from the index (a staged change survives, an unstaged one is discarded); with one they come
 * from that commit, into the index and the working tree. A path names a file or every file under a directory.
 */
import { add, readBlob, STAGE, TREE, walk } from 'isomorphic-git';
import type { ExecResult } from 'just-bash';
import { gitContext, resolveRevision, type GitContext } from '../git';
import { isWithin } from '../git/context';
import type { Workspace } from '../types';

interface Entry {
  filepath: string;
  oid: string;
  mode: number;
}

const SYMLINK_MODE = 0o120000;
const EXECUTABLE_MODE = 0o100755;

/** Every file of the index (or of a commit's tree) under one of `scopes`. */
async function entriesUnder(context: GitContext, scopes: string[], commit: string | null): Promise<Entry[]> {
  const tree = commit === null ? STAGE() : TREE({ ref: commit });
  const found = await walk({
    fs: context.fs,
    dir: context.dir,
    cache: context.cache,
    trees: [tree],
    map: async (filepath, [entry]) => {
      if (!entry || filepath === '.') return undefined;
      // A directory outside every scope, and not on the way to one, holds nothing to restore.
      if (!scopes.some((scope) => isWithin(filepath, scope) || isWithin(scope, filepath))) return null;
      if ((await entry.type()) !== 'blob' || !scopes.some((scope) => isWithin(filepath, scope))) return undefined;
      return { filepath, oid: await entry.oid(), mode: await entry.mode() };
    },
  });
  return (found as (Entry | undefined)[]).filter((entry): entry is Entry => entry !== undefined);
}

async function writeEntry(context: GitContext, entry: Entry): Promise<void> {
  const { blob } = await readBlob({ fs: context.fs, dir: context.dir, cache: context.cache, oid: entry.oid });
  const target = `${context.dir}/${entry.filepath}`;
  const parts = entry.filepath.split('/').slice(0, -1);
  for (let index = 1; index <= parts.length; index++) {
    const directory = `${context.dir}/${parts.slice(0, index).join('/')}`;
    try {
      await context.fs.promises.mkdir(directory);
    } catch {
      /* it exists already */
    }
  }
  try {
    await context.fs.promises.unlink(target);
  } catch {
    /* it was deleted, which is what is being undone */
  }
  if (entry.mode === SYMLINK_MODE) {
    await context.fs.promises.symlink(new TextDecoder().decode(blob), target);
    return;
  }
  await context.fs.promises.writeFile(target, blob);
  if (entry.mode === EXECUTABLE_MODE) await context.fs.promises.chmod(target, 0o755);
}

/**
 * Restores `paths` (workspace-relative, '.' for all) from the index, or from `revision` when given. A path that
 * matches no file known to git fails the whole command before anything is written, as git does.
 */
export async function restorePaths(
  workspace: Workspace,
  paths: string[],
  revision: string | null,
): Promise<ExecResult> {
  const context = gitContext(workspace);
  let commit: string | null = null;
  if (revision !== null) {
    const resolved = await resolveRevision(workspace, revision);
    if (!resolved.ok) return { stdout: '', stderr: `fatal: invalid reference: ${revision}\n`, exitCode: 128 };
    commit = resolved.data;
  }
  const entries = await entriesUnder(context, paths, commit);
  const unmatched = paths.find((scope) => !entries.some((entry) => isWithin(entry.filepath, scope)));
  if (unmatched !== undefined)
    return {
      stdout: '',
      stderr: `error: pathspec '${unmatched}' did not match any file(s) known to git\n`,
      exitCode: 1,
    };
  for (const entry of entries) {
    await writeEntry(context, entry);
    if (commit !== null)
      await add({ fs: context.fs, dir: context.dir, cache: context.cache, filepath: entry.filepath });
  }
  return { stdout: '', stderr: '', exitCode: 0 };
}
