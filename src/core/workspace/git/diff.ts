/** git diff: working tree, staged, against a commit or between two, as git-style unified patches. */
import '../buffer-polyfill';
import { STAGE, TREE, WORKDIR, readBlob, walk, type WalkerEntry } from 'isomorphic-git';
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import type { Workspace } from '../types';
import {
  describeError,
  failure,
  gitContext,
  isRepository,
  isWithin,
  NOT_A_REPOSITORY,
  relativePathParameter,
  type GitContext,
} from './context';
import { resolveRevision } from './revisions';
import type { GitDiffData, GitDiffOptions, GitOutcome } from './types';

const decoder = new TextDecoder('utf-8');

function isBinary(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length, 8000);
  for (let index = 0; index < limit; index += 1) if (bytes[index] === 0) return true;
  return false;
}

interface FileVersions {
  path: string;
  old: Uint8Array | null;
  new: Uint8Array | null;
}

/** A file's bytes from any walker; index entries carry only an oid, so their blob is read. */
async function entryBytes(context: GitContext, entry: WalkerEntry | null): Promise<Uint8Array | null> {
  if (!entry) return null;
  const content = await entry.content();
  if (content) return new Uint8Array(content);
  const oid = await entry.oid();
  if (!oid) return null;
  const blob = await readBlob({ fs: context.fs, dir: context.dir, oid, cache: context.cache });
  return blob.blob;
}

async function entryType(entry: WalkerEntry | null): Promise<string | null> {
  return entry ? entry.type() : null;
}

/** Render one file's change as a git-style unified patch and count its lines. */
function renderFilePatch(
  change: FileVersions,
  contextLines = 3,
): { patch: string; additions: number; deletions: number } {
  const header = [`diff --git a/${change.path} b/${change.path}`];
  if (!change.old) header.push('new file mode 100644');
  if (!change.new) header.push('deleted file mode 100644');
  const oldBytes = change.old ?? new Uint8Array(0);
  const newBytes = change.new ?? new Uint8Array(0);
  if (isBinary(oldBytes) || isBinary(newBytes)) {
    const oldName = change.old ? `a/${change.path}` : '/dev/null';
    const newName = change.new ? `b/${change.path}` : '/dev/null';
    return {
      patch: `${header.join('\n')}\nBinary files ${oldName} and ${newName} differ\n`,
      additions: 0,
      deletions: 0,
    };
  }
  const structured = structuredPatch(
    change.old ? `a/${change.path}` : '/dev/null',
    change.new ? `b/${change.path}` : '/dev/null',
    decoder.decode(oldBytes),
    decoder.decode(newBytes),
    undefined,
    undefined,
    { context: contextLines },
  );
  let additions = 0;
  let deletions = 0;
  for (const hunk of structured.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
    }
  }
  if (structured.hunks.length === 0) return { patch: '', additions, deletions };
  return { patch: `${header.join('\n')}\n${formatPatch(structured, FILE_HEADERS_ONLY)}`, additions, deletions };
}

/**
 * `git diff` (index → working tree), `git diff --staged` (HEAD → index) or `git diff <commit>`
 * (commit → working tree, tracked files only), optionally limited to a file or directory.
 */
export async function gitDiff(workspace: Workspace, options: GitDiffOptions = {}): Promise<GitOutcome<GitDiffData>> {
  const context = gitContext(workspace);
  if (!(await isRepository(context))) return failure('git_error', NOT_A_REPOSITORY);
  const scope = relativePathParameter(options.path, 'path');
  if (!scope.ok) return scope;

  let baseOid: string | null = null;
  let toOid: string | null = null;
  if (options.to !== undefined && options.to !== '') {
    const resolved = await resolveRevision(workspace, options.to);
    if (!resolved.ok) return resolved;
    toOid = resolved.data;
  }
  if (options.commit !== undefined && options.commit !== '') {
    const resolved = await resolveRevision(workspace, options.commit);
    if (!resolved.ok) return resolved;
    baseOid = resolved.data;
  } else if (options.staged) {
    const head = await resolveRevision(workspace, 'HEAD');
    baseOid = head.ok ? head.data : null; // no commit yet: everything staged is new
  }

  // Walker order per mode: the old side, then the new side, then (against a commit) the index.
  const mode: 'workdir' | 'staged' | 'commit' | 'range' = options.commit
    ? toOid
      ? 'range'
      : 'commit'
    : options.staged
      ? 'staged'
      : 'workdir';
  const trees =
    mode === 'range'
      ? [TREE({ ref: baseOid! }), TREE({ ref: toOid! })]
      : mode === 'workdir'
        ? [STAGE(), WORKDIR()]
        : mode === 'staged'
          ? baseOid
            ? [TREE({ ref: baseOid }), STAGE()]
            : [STAGE()]
          : [TREE({ ref: baseOid! }), WORKDIR(), STAGE()];
  const scopePath = scope.data;

  /** The two sides to compare, or null when the path is not part of this diff (untracked, say). */
  const sides = (entries: (WalkerEntry | null)[]): [WalkerEntry | null, WalkerEntry | null] | null => {
    if (mode === 'workdir') {
      const [indexEntry, workdirEntry] = entries;
      return indexEntry ? [indexEntry, workdirEntry ?? null] : null;
    }
    if (mode === 'range') return entries[0] || entries[1] ? [entries[0] ?? null, entries[1] ?? null] : null;
    if (mode === 'staged') return baseOid ? [entries[0] ?? null, entries[1] ?? null] : [null, entries[0] ?? null];
    const [commitEntry, workdirEntry, indexEntry] = entries;
    if (!commitEntry && !indexEntry) return null;
    return [commitEntry ?? null, indexEntry ? (workdirEntry ?? null) : null];
  };

  try {
    const changes = (await walk({
      fs: context.fs,
      dir: context.dir,
      cache: context.cache,
      trees,
      map: async (filepath, entries) => {
        if (filepath === '.') return undefined;
        // Prune directories that neither contain nor lead to the requested path.
        if (!isWithin(filepath, scopePath) && !isWithin(scopePath, filepath)) return null;
        const pair = sides(entries);
        if (!pair) return undefined;
        const [oldEntry, newEntry] = pair;
        const oldIsFile = (await entryType(oldEntry)) === 'blob';
        const newIsFile = (await entryType(newEntry)) === 'blob';
        if ((!oldIsFile && !newIsFile) || !isWithin(filepath, scopePath)) return undefined;
        const oldOid = oldIsFile ? await oldEntry!.oid() : null;
        const newOid = newIsFile ? await newEntry!.oid() : null;
        if (oldOid === newOid) return undefined;
        return {
          path: filepath,
          old: oldIsFile ? await entryBytes(context, oldEntry) : null,
          new: newIsFile ? await entryBytes(context, newEntry) : null,
        } satisfies FileVersions;
      },
    })) as FileVersions[];

    changes.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    let patch = '';
    const files: GitDiffData['files'] = [];
    for (const change of changes) {
      const rendered = renderFilePatch(change, options.contextLines ?? 3);
      if (!rendered.patch) continue;
      patch += rendered.patch;
      files.push({ path: change.path, additions: rendered.additions, deletions: rendered.deletions });
    }
    return { ok: true, data: { kind: 'diff', patch, files } };
  } catch (error) {
    return failure('git_error', `git diff failed: ${describeError(error)}`);
  }
}
