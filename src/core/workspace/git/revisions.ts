/** Revisions (HEAD~2, main^, v1.0, a short id) to commit ids. */
import '../buffer-polyfill';
import { expandOid, readCommit, resolveRef } from 'isomorphic-git';
import type { Workspace } from '../types';
import { failure, gitContext } from './context';
import type { GitOutcome } from './types';

const FULL_OID = /^[0-9a-f]{40}$/i;
const SHORT_OID = /^[0-9a-f]{4,39}$/i;

/** Resolve a revision (HEAD, HEAD~2, HEAD^, main, main~1, v1.0, abc1234, a full oid) to a commit oid. */
export async function resolveRevision(workspace: Workspace, revision: string): Promise<GitOutcome<string>> {
  const context = gitContext(workspace);
  const unknown = (): GitOutcome<string> =>
    failure(
      'unknown_revision',
      `Unknown revision '${revision}': not a commit id, branch or tag in this repository. Try HEAD, HEAD~1, a branch name or an id from git_log.`,
    );
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
          const parents = (await readCommit({ fs: context.fs, dir: context.dir, oid: current, cache: context.cache }))
            .commit.parent;
          if (parents.length === 0) {
            return failure(
              'unknown_revision',
              `Unknown revision '${revision}': the history has fewer commits than that.`,
            );
          }
          current = parents[0]!;
        }
      } else {
        const which = step.length > 1 ? Number(step.slice(1)) : 1;
        if (which === 0) continue;
        const parents = (await readCommit({ fs: context.fs, dir: context.dir, oid: current, cache: context.cache }))
          .commit.parent;
        const parent = parents[which - 1];
        if (!parent)
          return failure(
            'unknown_revision',
            `Unknown revision '${revision}': that commit has no parent number ${which}.`,
          );
        current = parent;
      }
    }
    return { ok: true, data: current };
  } catch {
    return unknown();
  }
}
