/**
 * Thin git helpers over isomorphic-git for the git_* tools. Each returns plain data shaped like
 * the matching ToolData kind, or an error value with a runtime error code — never a throw.
 */
import './buffer-polyfill';
import {
  STAGE,
  TREE,
  WORKDIR,
  add,
  commit as gitCommitCommand,
  currentBranch,
  expandOid,
  isIgnored,
  listBranches,
  listTags,
  log,
  readBlob,
  readCommit,
  readTree,
  remove,
  resetIndex,
  resolveRef,
  statusMatrix,
  updateIndex,
  walk,
  type ReadCommitResult,
  type WalkerEntry,
} from 'isomorphic-git';
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import type { IFileSystem } from 'just-bash';
import type { RuntimeErrorCode, ToolData } from '../runtime/types';
import { createGitFs, type GitFsClient } from './git-fs';
import { normalizeWorkspacePath } from './paths';
import { WORKSPACE_ROOT, type Workspace } from './types';

export const PLAYGROUND_AUTHOR = { name: 'Playground User', email: 'playground@example.com' } as const;

export type GitStatusData = Extract<ToolData, { kind: 'git_status' }>;
export type GitDiffData = Extract<ToolData, { kind: 'diff' }>;
export type GitLogData = Extract<ToolData, { kind: 'log' }>;
export type GitCommitData = Extract<ToolData, { kind: 'commit' }>;

export type GitErrorCode = Extract<RuntimeErrorCode, 'git_error' | 'nothing_to_commit' | 'unknown_revision' | 'path_outside_workspace' | 'path_not_found' | 'protected_path'>;

export type GitOutcome<T> = { ok: true; data: T } | { ok: false; code: GitErrorCode; message: string };

export interface GitDiffOptions {
  path?: string;
  staged?: boolean;
  /** HEAD, HEAD~N, HEAD^, a branch or tag (optionally ~N), a short or full commit id. */
  commit?: string;
  /** With `commit`: compare the two commits (`git diff <commit> <to>`) instead of commit → working tree. */
  to?: string;
  /** Unchanged lines around each change (git's -U); 3 by default. */
  contextLines?: number;
}

export interface GitLogOptions {
  count?: number;
  path?: string;
  /** Case-insensitive substring of the author's name or email. */
  author?: string;
}

export interface GitCommitOptions {
  message: string;
  files?: string[];
  all?: boolean;
  /** Defaults to the playground author. */
  author?: { name: string; email: string; timestamp?: number; timezoneOffset?: number };
}

interface GitContext {
  fs: GitFsClient;
  dir: string;
  cache: object;
}

const contexts = new WeakMap<IFileSystem, { fs: GitFsClient; cache: object }>();

/** The isomorphic-git arguments for a workspace; the workspace's own adapter and cache when it has them. */
export function gitContext(workspace: Workspace): GitContext {
  const own = workspace as Workspace & { gitFs?: GitFsClient; gitCache?: object };
  if (own.gitFs && own.gitCache) return { fs: own.gitFs, dir: WORKSPACE_ROOT, cache: own.gitCache };
  let entry = contexts.get(workspace.fs);
  if (!entry) {
    entry = { fs: createGitFs(workspace.fs), cache: {} };
    contexts.set(workspace.fs, entry);
  }
  return { fs: entry.fs, dir: WORKSPACE_ROOT, cache: entry.cache };
}

function failure<T>(code: GitErrorCode, message: string): GitOutcome<T> {
  return { ok: false, code, message };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function isRepository(context: GitContext): Promise<boolean> {
  try {
    await context.fs.promises.stat(`${context.dir}/.git/HEAD`);
    return true;
  } catch {
    return false;
  }
}

const NOT_A_REPOSITORY = 'the workspace is not a git repository (no .git directory)';

/** Normalise an optional path parameter to a workspace-relative path ('.' for the root). */
function relativePathParameter(path: string | undefined, parameter: string): GitOutcome<string> {
  if (path === undefined || path === '' || path === '.') return { ok: true, data: '.' };
  const normalized = normalizeWorkspacePath(path);
  if (!normalized.ok) return failure('path_outside_workspace', `Parameter '${parameter}': ${normalized.reason}: '${path}'`);
  return { ok: true, data: normalized.relative };
}

function isWithin(filepath: string, scope: string): boolean {
  return scope === '.' || filepath === scope || filepath.startsWith(`${scope}/`);
}

// ---------------------------------------------------------------- status

/** Two-letter porcelain codes from an isomorphic-git status row [path, head, workdir, stage]. */
function statusCodes(head: number, workdir: number, stage: number): { index: string; workdir: string; status: string } {
  if (head === 0 && stage === 0) return { index: '?', workdir: '?', status: 'untracked' };
  let indexCode = ' ';
  if (head === 0) indexCode = 'A';
  else if (stage === 0) indexCode = 'D';
  else if (stage === 3 || (stage === 2 && workdir === 2)) indexCode = 'M';
  let workdirCode = ' ';
  if (stage === 0) workdirCode = workdir === 0 ? ' ' : '?';
  else if (workdir === 0) workdirCode = 'D';
  else if (stage === 3 || (stage === 1 && workdir === 2)) workdirCode = 'M';
  const status =
    indexCode === 'A' ? 'added' : indexCode === 'D' || workdirCode === 'D' ? 'deleted' : 'modified';
  return { index: indexCode, workdir: workdirCode, status };
}

export async function gitStatus(workspace: Workspace, path?: string): Promise<GitOutcome<GitStatusData>> {
  const context = gitContext(workspace);
  if (!(await isRepository(context))) return failure('git_error', NOT_A_REPOSITORY);
  const scope = relativePathParameter(path, 'path');
  if (!scope.ok) return scope;
  // A directory with its own .git (a nested repository or submodule) is reported from that repository.
  const nested = scope.data !== '.' && (await workspace.fs.exists(`${WORKSPACE_ROOT}/${scope.data}/.git/HEAD`));
  const dir = nested ? `${WORKSPACE_ROOT}/${scope.data}` : context.dir;
  const cache = nested ? {} : context.cache;
  try {
    const branch = (await currentBranch({ fs: context.fs, dir, test: true })) || 'HEAD (detached)';
    const rows = await statusMatrix({
      fs: context.fs,
      dir,
      cache,
      filepaths: scope.data === '.' || nested ? undefined : [scope.data],
    });
    const files: GitStatusData['files'] = [];
    for (const [filepath, head, workdir, stage] of rows) {
      if (head === 1 && workdir === 1 && stage === 1) continue;
      files.push({ path: nested ? `${scope.data}/${filepath}` : filepath, ...statusCodes(head, workdir, stage) });
    }
    files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    return { ok: true, data: { kind: 'git_status', branch, files, clean: files.length === 0 } };
  } catch (error) {
    return failure('git_error', `git status failed: ${describe(error)}`);
  }
}

// ---------------------------------------------------------------- revisions

const FULL_OID = /^[0-9a-f]{40}$/i;
const SHORT_OID = /^[0-9a-f]{4,39}$/i;

/** Resolve a revision (HEAD, HEAD~2, HEAD^, main, main~1, v1.0, abc1234, a full oid) to a commit oid. */
export async function resolveRevision(workspace: Workspace, revision: string): Promise<GitOutcome<string>> {
  const context = gitContext(workspace);
  const unknown = (): GitOutcome<string> =>
    failure('unknown_revision', `Unknown revision '${revision}': not a commit id, branch or tag in this repository. Try HEAD, HEAD~1, a branch name or an id from git_log.`);
  const trimmed = revision.trim();
  const match = /^(.+?)((?:~\d*|\^\d?)*)$/.exec(trimmed);
  if (!trimmed || !match) return unknown();
  const base = match[1]!;
  const suffix = match[2] ?? '';

  let oid: string | undefined;
  try {
    oid = await resolveRef({ fs: context.fs, dir: context.dir, ref: base });
  } catch {
    oid = undefined;
  }
  if (!oid && FULL_OID.test(base)) oid = base.toLowerCase();
  if (!oid && SHORT_OID.test(base)) {
    try {
      oid = await expandOid({ fs: context.fs, dir: context.dir, oid: base.toLowerCase(), cache: context.cache });
    } catch {
      oid = undefined;
    }
  }
  if (!oid) return unknown();

  // Walk the suffix: ~N is N first-parent steps, ^ or ^1 one step (^2 the second parent).
  const steps = suffix.match(/~\d*|\^\d?/g) ?? [];
  try {
    let current = (await readCommit({ fs: context.fs, dir: context.dir, oid, cache: context.cache })).oid;
    for (const step of steps) {
      if (step.startsWith('~')) {
        const count = step.length > 1 ? Number(step.slice(1)) : 1;
        for (let index = 0; index < count; index += 1) {
          const parents = (await readCommit({ fs: context.fs, dir: context.dir, oid: current, cache: context.cache })).commit.parent;
          if (parents.length === 0) {
            return failure('unknown_revision', `Unknown revision '${revision}': the history has fewer commits than that.`);
          }
          current = parents[0]!;
        }
      } else {
        const which = step.length > 1 ? Number(step.slice(1)) : 1;
        if (which === 0) continue;
        const parents = (await readCommit({ fs: context.fs, dir: context.dir, oid: current, cache: context.cache })).commit.parent;
        const parent = parents[which - 1];
        if (!parent) return failure('unknown_revision', `Unknown revision '${revision}': that commit has no parent number ${which}.`);
        current = parent;
      }
    }
    return { ok: true, data: current };
  } catch {
    return unknown();
  }
}

// ---------------------------------------------------------------- diff

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
export function renderFilePatch(change: FileVersions, contextLines = 3): { patch: string; additions: number; deletions: number } {
  const header = [`diff --git a/${change.path} b/${change.path}`];
  if (!change.old) header.push('new file mode 100644');
  if (!change.new) header.push('deleted file mode 100644');
  const oldBytes = change.old ?? new Uint8Array(0);
  const newBytes = change.new ?? new Uint8Array(0);
  if (isBinary(oldBytes) || isBinary(newBytes)) {
    const oldName = change.old ? `a/${change.path}` : '/dev/null';
    const newName = change.new ? `b/${change.path}` : '/dev/null';
    return { patch: `${header.join('\n')}\nBinary files ${oldName} and ${newName} differ\n`, additions: 0, deletions: 0 };
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
  const mode: 'workdir' | 'staged' | 'commit' | 'range' = options.commit ? (toOid ? 'range' : 'commit') : options.staged ? 'staged' : 'workdir';
  const trees =
    mode === 'range' ? [TREE({ ref: baseOid! }), TREE({ ref: toOid! })]
    : mode === 'workdir' ? [STAGE(), WORKDIR()]
      : mode === 'staged' ? (baseOid ? [TREE({ ref: baseOid }), STAGE()] : [STAGE()])
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
    return [commitEntry ?? null, indexEntry ? workdirEntry ?? null : null];
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
    return failure('git_error', `git diff failed: ${describe(error)}`);
  }
}

// ---------------------------------------------------------------- log

/** The object id at `path` inside a tree, or null; trees are read once per oid. */
async function oidAtPath(context: GitContext, treeOid: string, path: string, trees: Map<string, Map<string, string>>): Promise<string | null> {
  let current = treeOid;
  for (const segment of path.split('/')) {
    let entries = trees.get(current);
    if (!entries) {
      const tree = await readTree({ fs: context.fs, dir: context.dir, oid: current, cache: context.cache });
      entries = new Map(tree.tree.map((entry) => [entry.path, entry.oid]));
      trees.set(current, entries);
    }
    const next = entries.get(segment);
    if (!next) return null;
    current = next;
  }
  return current;
}

export async function gitLog(workspace: Workspace, options: GitLogOptions = {}): Promise<GitOutcome<GitLogData>> {
  const context = gitContext(workspace);
  if (!(await isRepository(context))) return failure('git_error', NOT_A_REPOSITORY);
  const count = Math.max(1, Math.min(Math.floor(options.count ?? 10), 1000));
  const scope = relativePathParameter(options.path, 'path');
  if (!scope.ok) return scope;
  const authorNeedle = options.author?.trim().toLowerCase() ?? '';

  let commits: ReadCommitResult[];
  try {
    const head = await resolveRevision(workspace, 'HEAD');
    if (!head.ok) return { ok: true, data: { kind: 'log', commits: [] } }; // no commits yet
    const filtering = authorNeedle !== '' || scope.data !== '.';
    commits = await log({ fs: context.fs, dir: context.dir, cache: context.cache, depth: filtering ? undefined : count });
  } catch (error) {
    return failure('git_error', `git log failed: ${describe(error)}`);
  }

  const selected: GitLogData['commits'] = [];
  const trees = new Map<string, Map<string, string>>();
  const commitTrees = new Map(commits.map((entry) => [entry.oid, entry.commit.tree]));
  for (const entry of commits) {
    if (selected.length >= count) break;
    const author = entry.commit.author;
    if (authorNeedle && !author.name.toLowerCase().includes(authorNeedle) && !author.email.toLowerCase().includes(authorNeedle)) continue;
    if (scope.data !== '.') {
      try {
        const here = await oidAtPath(context, entry.commit.tree, scope.data, trees);
        const parentOid = entry.commit.parent[0];
        let parentTree = parentOid ? commitTrees.get(parentOid) : undefined;
        if (parentOid && !parentTree) parentTree = (await readCommit({ fs: context.fs, dir: context.dir, oid: parentOid, cache: context.cache })).commit.tree;
        const before = parentTree ? await oidAtPath(context, parentTree, scope.data, trees) : null;
        if (here === before) continue;
      } catch (error) {
        return failure('git_error', `git log failed: ${describe(error)}`);
      }
    }
    selected.push({
      oid: entry.oid,
      message: entry.commit.message.trim(),
      author: author.name,
      email: author.email,
      date: new Date(author.timestamp * 1000).toISOString(),
    });
  }
  return { ok: true, data: { kind: 'log', commits: selected } };
}

// ---------------------------------------------------------------- commit

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
        if (!normalized.ok) return failure('path_outside_workspace', `Parameter '${parameter}': ${normalized.reason}: '${file}'`);
        const relative = normalized.relative;
        if (relative.split('/')[0]!.toLowerCase() === '.git') {
          return failure('protected_path', `Parameter '${parameter}': .git internals cannot be committed: '${file}'`);
        }
        const trackedBelow = [...tracked].filter((path) => isWithin(path, relative));
        if (await workspace.fs.exists(normalized.absolute)) {
          if (trackedBelow.length === 0 && relative !== '.' && (await isIgnored({ ...base, filepath: relative }))) {
            return failure('git_error', `Parameter '${parameter}': '${file}' is ignored by .gitignore, so it is not committed; take it out of .gitignore first if it is meant to be shared`);
          }
        } else if (trackedBelow.length === 0) {
          return failure('path_not_found', `Parameter '${parameter}': no such file in the working tree or the index: '${file}'`);
        }
        requested.push(relative);
      }
      const isRequested = (path: string) => requested.some((relative) => isWithin(path, relative));
      if (!options.all) setAside = await stagedEntries(base, matrix.filter(([path, head, , stage]) => !isRequested(path) && isStagedChange(head, stage)));
      for (const entry of setAside) await resetIndex({ ...base, filepath: entry.path });
      for (const relative of requested) {
        if (await workspace.fs.exists(toAbsolutePath(relative))) await add({ ...base, filepath: relative });
        for (const path of tracked) {
          if (isWithin(path, relative) && !(await workspace.fs.exists(toAbsolutePath(path)))) await remove({ ...base, filepath: path });
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
    return failure('git_error', `git commit failed: ${describe(error)}`);
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

async function stagedEntries(base: { fs: GitFsClient; dir: string; cache: object }, rows: [string, number, number, number][]): Promise<StagedEntry[]> {
  if (rows.length === 0) return [];
  const wanted = new Set(rows.map(([path]) => path));
  const found = new Map<string, { oid: string; mode: number }>();
  await walk({
    ...base,
    trees: [STAGE()],
    map: async (filepath, [entry]) => {
      if (filepath === '.' || !entry) return undefined;
      if (wanted.has(filepath) && (await entry.type()) === 'blob') found.set(filepath, { oid: await entry.oid(), mode: await entry.mode() });
      return undefined;
    },
  });
  return rows.map(([path]) => ({ path, oid: found.get(path)?.oid ?? null, mode: found.get(path)?.mode ?? 0o100644 }));
}

function toAbsolutePath(relative: string): string {
  return relative === '.' ? WORKSPACE_ROOT : `${WORKSPACE_ROOT}/${relative}`;
}

/** Stage every tracked change when `all` is set, then commit what the index holds. */
async function commitIndex(context: GitContext, options: GitCommitOptions, message: string): Promise<GitOutcome<GitCommitData>> {
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
    return failure('nothing_to_commit', options.all || options.files?.length
      ? 'Nothing to commit: the given files have no changes compared with HEAD.'
      : "Nothing to commit: nothing is staged. Pass 'files' to stage specific files or 'all: true' to stage every tracked change.");
  }
  const author = options.author ?? PLAYGROUND_AUTHOR;
  const oid = await gitCommitCommand({ ...base, message, author });
  return { ok: true, data: { kind: 'commit', oid, message, files: changed.sort() } };
}

/** Branch and tag names, for suggestions in error messages and forms. */
export async function gitRefs(workspace: Workspace): Promise<{ branches: string[]; tags: string[] }> {
  const context = gitContext(workspace);
  try {
    const [branches, tags] = await Promise.all([
      listBranches({ fs: context.fs, dir: context.dir }),
      listTags({ fs: context.fs, dir: context.dir }),
    ]);
    return { branches, tags };
  } catch {
    return { branches: [], tags: [] };
  }
}
