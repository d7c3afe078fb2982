/**
 * CreatePullRequest: opens a pull request on the in-browser platform (stored with the workspace): the
 * source branch's commits compared with the target branch, with the files it changes.
 */
import type { ToolImplementation } from '../../../runtime/types';
import { gitDiff } from '../../../workspace/git';
import { booleanArg, fail, quote, stringArg, succeed } from '../../support/handler';
import { readStore, writeStore } from '../store';
import { branchNames } from './refs';

interface PullRequest {
  number: number;
  title: string;
  description: string;
  sourceBranch: string;
  targetBranch: string;
  draft: boolean;
  state: 'open';
  createdAt: string;
  files: { path: string; additions: number; deletions: number }[];
}

const PULLS = 'pull-requests.json';
const isPullList = (value: unknown): value is PullRequest[] =>
  Array.isArray(value) &&
  value.every(
    (entry) => typeof entry === 'object' && entry !== null && typeof (entry as PullRequest).number === 'number',
  );

export const tool: ToolImplementation = {
  name: 'CreatePullRequest',

  summarize: (args) =>
    `Open pull request '${quote(stringArg(args, 'title'), 60)}' into ${quote(stringArg(args, 'targetBranch', 'main'), 40)}`,

  async run(args, context) {
    const { workspace } = context;
    const title = stringArg(args, 'title').trim();
    if (title === '') return fail('validation_failed', `Parameter 'title': a title is required`);
    const { names, current } = await branchNames(workspace);
    const source = stringArg(args, 'sourceBranch') || current;
    const target = stringArg(args, 'targetBranch', 'main') || 'main';
    if (!source)
      return fail(
        'git_error',
        `Parameter 'sourceBranch': HEAD is detached, so there is no current branch; name the source branch`,
      );
    for (const [parameter, name] of [
      ['sourceBranch', source],
      ['targetBranch', target],
    ] as const) {
      if (!names.includes(name))
        return fail(
          'unknown_revision',
          `Parameter '${parameter}': there is no branch '${name}'; branches: ${names.join(', ')}`,
          undefined,
          ['Create it with CreateBranch, or list branches with GetBranches'],
        );
    }
    if (source === target)
      return fail(
        'validation_failed',
        `Parameter 'sourceBranch': the source and target are both '${source}'; create a branch for the change first`,
      );
    const diff = await gitDiff(workspace, { commit: target, to: source });
    if (!diff.ok) return fail(diff.code, diff.message);
    if (diff.data.files.length === 0)
      return fail(
        'no_changes',
        `'${source}' has no changes compared with '${target}'; commit to '${source}' first`,
        undefined,
        ['Commit your work with GitCommit'],
      );

    const stored = await readStore<PullRequest[]>(workspace, PULLS, () => [], isPullList);
    if (!stored.ok) return fail('execution_failed', stored.message);
    const open = stored.value.find((pull) => pull.sourceBranch === source && pull.targetBranch === target);
    if (open)
      return fail('already_exists', `Pull request #${open.number} already proposes '${source}' into '${target}'`);
    const pull: PullRequest = {
      number: stored.value.reduce((max, entry) => Math.max(max, entry.number), 0) + 1,
      title,
      description: stringArg(args, 'description'),
      sourceBranch: source,
      targetBranch: target,
      draft: booleanArg(args, 'draft', false),
      state: 'open',
      createdAt: new Date().toISOString(),
      files: diff.data.files,
    };
    await writeStore(workspace, PULLS, [...stored.value, pull]);
    const additions = pull.files.reduce((sum, file) => sum + file.additions, 0);
    const deletions = pull.files.reduce((sum, file) => sum + file.deletions, 0);
    return succeed(
      {
        kind: 'output',
        text: diff.data.patch,
        language: 'diff',
        facts: [
          { label: 'Pull request', value: `#${pull.number}${pull.draft ? ' (draft)' : ''}` },
          { label: 'Branches', value: `${source} → ${target}` },
          { label: 'Files', value: `${pull.files.length} (+${additions} −${deletions})` },
        ],
      },
      `Created pull request #${pull.number}: ${title} (${source} → ${target}), ${pull.files.length} file(s) changed, +${additions} -${deletions}`,
    );
  },
};
