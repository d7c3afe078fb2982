/** CreateBranch: a new branch at a commit (HEAD by default), checked out unless asked not to. */
import type { ToolImplementation } from '../../../runtime/types';
import { booleanArg, fail, quote, stringArg, succeed } from '../../support/handler';
import { branchNames, createBranch } from './refs';

/** git check-ref-format's rules for a branch name, as messages. */
export function branchNameProblem(name: string): string | null {
  if (name === '') return 'a branch name is required';
  if (name.startsWith('-')) return 'it must not start with -';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'it must not start or end with / or contain //';
  if (name.includes('..') || name.includes('@{') || name === '@') return "it must not contain '..' or '@{'";
  if (name.endsWith('.lock') || name.endsWith('.')) return "it must not end with '.lock' or '.'";
  if (name.split('/').some((part) => part.startsWith('.'))) return 'no part of it may start with a dot';
  if (/[\s~^:?*[\\\x00-\x1f\x7f]/.test(name))
    return 'it must not contain spaces, control characters or any of ~ ^ : ? * [ \\';
  return null;
}

export const tool: ToolImplementation = {
  name: 'CreateBranch',

  summarize: (args) =>
    `Create branch '${quote(stringArg(args, 'branchName'), 60)}' at ${quote(stringArg(args, 'startPoint', 'HEAD'), 40)}${booleanArg(args, 'checkout', true) ? ' and check it out' : ''}`,

  async run(args, context) {
    const name = stringArg(args, 'branchName');
    const startPoint = stringArg(args, 'startPoint', 'HEAD') || 'HEAD';
    const switchTo = booleanArg(args, 'checkout', true);
    const problem = branchNameProblem(name);
    if (problem)
      return fail(
        'validation_failed',
        `Parameter 'branchName': '${quote(name, 60)}' is not a valid branch name: ${problem}`,
      );
    const { names } = await branchNames(context.workspace);
    if (names.includes(name))
      return fail('already_exists', `Parameter 'branchName': branch '${name}' already exists`, undefined, [
        'List branches with GetBranches, or choose another name',
      ]);
    const created = await createBranch(context.workspace, name, startPoint, switchTo);
    if (!created.ok) return fail(created.code, created.message);
    return succeed(
      {
        kind: 'output',
        text: `${name} → ${created.oid}`,
        facts: [
          { label: 'Branch', value: name },
          { label: 'At', value: created.oid.slice(0, 7) },
          { label: 'Checked out', value: switchTo ? 'yes' : 'no' },
        ],
      },
      `Created branch '${name}' at ${created.oid.slice(0, 7)}${switchTo ? ' and checked it out' : ''}`,
    );
  },
};
