/** GetBranches: every local branch with its last commit, the current one marked. */
import picomatch from 'picomatch';
import type { ToolImplementation } from '../../../runtime/types';
import { optionalStringArg, quote, succeed } from '../../support/handler';
import { branchDetails } from './refs';

export const tool: ToolImplementation = {
  name: 'GetBranches',

  summarize: (args) => {
    const pattern = optionalStringArg(args, 'pattern');
    return `List branches${pattern ? ` matching '${quote(pattern, 40)}'` : ''}`;
  },

  async run(args, context) {
    const pattern = optionalStringArg(args, 'pattern');
    const matches = pattern ? picomatch(pattern) : () => true;
    const branches = (await branchDetails(context.workspace)).filter((branch) => matches(branch.name));
    const text = branches
      .map((branch) => `${branch.current ? '*' : ' '} ${branch.name}  ${branch.oid.slice(0, 7)}  ${branch.subject}`)
      .join('\n');
    const current = branches.find((branch) => branch.current)?.name;
    return succeed(
      {
        kind: 'output',
        text: text || 'No branches.',
        facts: [
          { label: 'Branches', value: String(branches.length) },
          ...(current ? [{ label: 'Current', value: current }] : []),
        ],
      },
      `${branches.length} branch${branches.length === 1 ? '' : 'es'}${pattern ? ` matching '${pattern}'` : ''}${current ? `; on ${current}` : ''}`,
    );
  },
};
