/** git log: newest first, optionally by author or limited to the commits that changed a path. */
import '../buffer-polyfill';
import { log, readCommit, readTree, type ReadCommitResult } from 'isomorphic-git';
import type { Workspace } from '../types';
import {
  describeError,
  failure,
  gitContext,
  isRepository,
  NOT_A_REPOSITORY,
  relativePathParameter,
  type GitContext,
} from './context';
import { resolveRevision } from './revisions';
import type { GitLogData, GitLogOptions, GitOutcome } from './types';

/** The object id at `path` inside a tree, or null; trees are read once per oid. */
async function oidAtPath(
  context: GitContext,
  treeOid: string,
  path: string,
  trees: Map<string, Map<string, string>>,
): Promise<string | null> {
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
    commits = await log({
      fs: context.fs,
      dir: context.dir,
      cache: context.cache,
      depth: filtering ? undefined : count,
    });
  } catch (error) {
    return failure('git_error', `git log failed: ${describeError(error)}`);
  }

  const selected: GitLogData['commits'] = [];
  const trees = new Map<string, Map<string, string>>();
  const commitTrees = new Map(commits.map((entry) => [entry.oid, entry.commit.tree]));
  for (const entry of commits) {
    if (selected.length >= count) break;
    const author = entry.commit.author;
    if (
      authorNeedle &&
      !author.name.toLowerCase().includes(authorNeedle) &&
      !author.email.toLowerCase().includes(authorNeedle)
    )
      continue;
    if (scope.data !== '.') {
      try {
        const here = await oidAtPath(context, entry.commit.tree, scope.data, trees);
        const parentOid = entry.commit.parent[0];
        let parentTree = parentOid ? commitTrees.get(parentOid) : undefined;
        if (parentOid && !parentTree)
          parentTree = (await readCommit({ fs: context.fs, dir: context.dir, oid: parentOid, cache: context.cache }))
            .commit.tree;
        const before = parentTree ? await oidAtPath(context, parentTree, scope.data, trees) : null;
        if (here === before) continue;
      } catch (error) {
        return failure('git_error', `git log failed: ${describeError(error)}`);
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
