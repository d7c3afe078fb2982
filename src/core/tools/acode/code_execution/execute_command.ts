/** execute_command: one command line in the workspace's bash, with working directory, env and timeout. */
import type { ToolImplementation } from '../../../runtime/types';
import { destructiveCommandReason } from '../../support/destructive';
import { optionalStringArg, quote, stringArg, integerArg } from '../../support/handler';
import { runTracked, shellRuntimes, workingDirectory } from '../../support/shell';

export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 300;

function environment(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return result;
  for (const [name, entry] of Object.entries(value)) if (typeof entry === 'string') result[name] = entry;
  return result;
}

export const tool: ToolImplementation = {
  name: 'execute_command',

  summarize(args) {
    const directory = optionalStringArg(args, 'working_directory');
    const where = directory && directory !== '.' ? ` in ${directory.replace(/\/+$/, '')}/` : '';
    const timeout = integerArg(args, 'timeout_seconds') ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
    return `Run \`${quote(stringArg(args, 'command'), 100)}\`${where} (timeout ${timeout} s)`;
  },

  /** Always at least high (arbitrary code); critical when the line matches a known destructive pattern. */
  effectiveRisk(args) {
    return destructiveCommandReason(stringArg(args, 'command')) ? 'critical' : 'high';
  },

  riskReason(args) {
    return destructiveCommandReason(stringArg(args, 'command'));
  },

  async precheck(args, context) {
    const directory = await workingDirectory(context, optionalStringArg(args, 'working_directory'));
    return directory.ok ? null : directory.outcome;
  },

  async run(args, context) {
    const command = stringArg(args, 'command');
    const directory = await workingDirectory(context, optionalStringArg(args, 'working_directory'));
    if (!directory.ok) return directory.outcome;
    return runTracked(
      context,
      { command, workingDirectory: directory.relative, label: `Command \`${quote(command, 60)}\`` },
      () =>
        context.workspace.runShell(command, {
          cwd: directory.absolute,
          env: environment(args['env']),
          timeoutMs: context.timeoutMs,
          signal: context.signal,
          runtimes: shellRuntimes(context),
        }),
    );
  },
};
