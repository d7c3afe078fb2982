/** ExecuteShell: a bash command line whose every program is on the whitelist, run in the workspace shell. */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, quote, stringArg } from '../../support/handler';
import { directoryArg, runCommand } from './run';
import { checkWhitelist } from './whitelist';

export const tool: ToolImplementation = {
  name: 'ExecuteShell',

  summarize: (args) =>
    `Run \`${quote(stringArg(args, 'command'), 80)}\` in '${quote(stringArg(args, 'workingDirectory', '.'))}'`,

  async precheck(args, context) {
    const verdict = checkWhitelist(stringArg(args, 'command'));
    if (!verdict.ok) return fail('command_not_allowed', verdict.message);
    const directory = await directoryArg(context, stringArg(args, 'workingDirectory', '.'), 'workingDirectory');
    return directory.ok ? null : directory.outcome;
  },

  async run(args, context) {
    const command = stringArg(args, 'command');
    const verdict = checkWhitelist(command);
    if (!verdict.ok) return fail('command_not_allowed', verdict.message);
    const directory = await directoryArg(context, stringArg(args, 'workingDirectory', '.'), 'workingDirectory');
    if (!directory.ok) return directory.outcome;
    return runCommand(context, command, directory, 'Command');
  },
};
