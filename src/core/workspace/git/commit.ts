/** git commit: of what is staged, of given files only (other staged changes kept aside), or of every tracked change. */
import '../buffer-polyfill';
import {
  STAGE,
  TREE,
  add,
  commit as gitCommitCommand,
  isIgnored,
  readCommit,
  remove,
  resetIndex,
  resolveRef,
  statusMatrix,
  updateIndex,
  walk,
  type WalkerEntry,
} from 'isomorphic-git';
import type { GitFsClient } from '../git-fs';
import { normalizeWorkspacePath } from '../paths';
import { WORKSPACE_ROOT, type Workspace } from '../types';
import {
  describeError,
  failure,
  gitContext,
  isRepository,
  isWithin,
  NOT_A_REPOSITORY,
  type GitContext,
} from './context';
import { PLAYGROUND_AUTHOR, type GitCommitData, type GitCommitOptions, type GitOutcome } from './types';

async function headTreeOid(context: GitContext): Promise<string | null> {
  try {
    const oid = await resolveRef({ fs: context.fs, dir: context.dir, ref: 'HEAD' });
    return (await readCommit({ fs: context.fs, dir: context.dir, oid, cache: context.cache })).commit.tree;
  } catch {
    return null;
  }
}

/**
 * Stage `files` (or, with `all`, every tracked modification and deletion, like `git commit -a`),
 * then commit the index as the playground author. Without either, commits what is already staged.
 */
export async function gitCommit(workspace: Workspace, options: GitCommitOptions): Promise<GitOutcome<GitCommitData>> {
  const context = gitContext(workspace);
  if (!(await isRepository(context))) return failure('git_error', NOT_A_REPOSITORY);
  const message = typeof options.message === 'string' ? options.message.trim() : '';
  if (!message) return failure('git_error', "Parameter 'message': a commit message is required");
  const base = { fs: context.fs, dir: context.dir, cache: context.cache };

  try {
    // With `files`, only those paths are committed (as `git commit -- <paths>`): other staged changes are
    // set aside for the commit and staged again after it, so nothing unasked-for goes in and nothing is lost.
    let setAside: StagedEntry[] = [];
    if (options.files && options.files.length > 0) {
      const matrix = await statusMatrix(base);
      const tracked = new Set(matrix.filter(([, head, , stage]) => head !== 0 || stage !== 0).map(([path]) => path));
      const requested: string[] = [];
      for (const [index, file] of options.files.entries()) {
        const parameter = `files[${index}]`;
        const normalized = normalizeWorkspacePath(file);
        if (!normalized.ok)
          return failure('path_outside_workspace', `Parameter '${parameter}': ${normalized.reason}: '${file}'`);
        const relative = normalized.relative;
        if (relative.split('/')[0]!.toLowerCase() === '.git') {
          return failure('protected_path', `Parameter '${parameter}': .git internals cannot be committed: '${file}'`);
        }
        const trackedBelow = [...tracked].filter((path) => isWithin(path, relative));
        if (await workspace.fs.exists(normalized.absolute)) {
          if (trackedBelow.length === 0 && relative !== '.' && (await isIgnored({ ...base, filepath: relative }))) {
            return failure(
              'git_error',
              `Parameter '${parameter}': '${file}' is ignored by .gitignore, so it is not committed; take it out of .gitignore first if it is meant to be shared`,
            );
          }
        } else if (trackedBelow.length === 0) {
          return failure(
            'path_not_found',
            `Parameter '${parameter}': no such file in the working tree or the index: '${file}'`,
          );
        }
        requested.push(relative);
      }
      const isRequested = (path: string) => requested.some((relative) => isWithin(path, relative));
      if (!options.all)
        setAside = await stagedEntries(
          base,
          matrix.filter(([path, head, , stage]) => !isRequested(path) && isStagedChange(head, stage)),
        );
      for (const entry of setAside) await resetIndex({ ...base, filepath: entry.path });
      for (const relative of requested) {
        if (await workspace.fs.exists(toAbsolutePath(relative))) await add({ ...base, filepath: relative });
        for (const path of tracked) {
          if (isWithin(path, relative) && !(await workspace.fs.exists(toAbsolutePath(path))))
            await remove({ ...base, filepath: path });
        }
      }
    }
    try {
      return await commitIndex(context, options, message);
    } finally {
      for (const entry of setAside) {
        if (entry.oid === null) await remove({ ...base, filepath: entry.path });
        else await updateIndex({ ...base, filepath: entry.path, oid: entry.oid, mode: entry.mode, add: true });
      }
    }
  } catch (error) {
    return failure('git_error', `git commit failed: ${describeError(error)}`);
  }
}

interface StagedEntry {
  path: string;
  /** The staged blob, or null for a staged deletion. */
  oid: string | null;
  mode: number;
}

/** A statusMatrix row whose index differs from HEAD. */
function isStagedChange(head: number, stage: number): boolean {
  return !(head === 1 && stage === 1) && !(head === 0 && stage === 0);
}

async function stagedEntries(
  base: { fs: GitFsClient; dir: string; cache: object },
  rows: [string, number, number, number][],
): Promise<StagedEntry[]> {
  if (rows.length === 0) return [];
  const wanted = new Set(rows.map(([path]) => path));
  const found = new Map<string, { oid: string; mode: number }>();
  await walk({
    ...base,
    trees: [STAGE()],
    map: async (filepath, [entry]) => {
      if (filepath === '.' || !entry) return undefined;
      if (wanted.has(filepath) && (await entry.type()) === 'blob')
        found.set(filepath, { oid: await entry.oid(), mode: await entry.mode() });
      return undefined;
    },
  });
  return rows.map(([path]) => ({ path, oid: found.get(path)?.oid ?? null, mode: found.get(path)?.mode ?? 0o100644 }));
}

function toAbsolutePath(relative: string): string {
  return relative === '.' ? WORKSPACE_ROOT : `${WORKSPACE_ROOT}/${relative}`;
}

/** Stage every tracked change when `all` is set, then commit what the index holds. */
async function commitIndex(
  context: GitContext,
  options: GitCommitOptions,
  message: string,
): Promise<GitOutcome<GitCommitData>> {
  const base = { fs: context.fs, dir: context.dir, cache: context.cache };
  if (options.all) {
    for (const [path, head, workdir, stage] of await statusMatrix(base)) {
      if (head === 0 && stage === 0) continue; // untracked files stay out, as with `git commit -a`
      if (workdir === 0) {
        if (stage !== 0) await remove({ ...base, filepath: path });
      } else if (workdir === 2 && stage !== 2) {
        await add({ ...base, filepath: path });
      }
    }
  }

  // What the index would commit, compared with HEAD.
  const changed: string[] = [];
  const headTree = await headTreeOid(context);
  const stagedChanges = (await walk({
    ...base,
    trees: [headTree ? TREE({ ref: 'HEAD' }) : STAGE(), STAGE()],
    map: async (filepath, entries) => {
      if (filepath === '.') return undefined;
      const [headEntry, indexEntry] = entries as [WalkerEntry | null, WalkerEntry | null];
      const headSide = headTree ? headEntry : null;
      const headType = headSide ? await headSide.type() : null;
      const indexType = indexEntry ? await indexEntry.type() : null;
      if (headType !== 'blob' && indexType !== 'blob') return undefined;
      const headOid = headType === 'blob' ? await headSide!.oid() : null;
      const indexOid = indexType === 'blob' ? await indexEntry!.oid() : null;
      return headOid === indexOid ? undefined : filepath;
    },
  })) as string[];
  changed.push(...stagedChanges);
  if (changed.length === 0) {
    return failure(
      'nothing_to_commit',
      options.all || options.files?.length
        ? 'Nothing to commit: the given files have no changes compared with HEAD.'
        : "Nothing to commit: nothing is staged. Pass 'files' to stage specific files or 'all: true' to stage every tracked change.",
    );
  }
  const author = options.author ?? PLAYGROUND_AUTHOR;
  const oid = await gitCommitCommand({ ...base, message, author });
  return { ok: true, data: { kind: 'commit', oid, message, files: changed.sort() } };
}
