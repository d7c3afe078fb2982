/**
 * A program allow-list held where the shell dispatches commands. just-bash looks every command up in
 * its command registry — the top-level command line, pipelines, `$(…)`, `eval`, `source`d scripts,
 * `sh -c`, `xargs`, `find -exec`, `env`, `timeout`, and awk's `cmd | getline` (tried: each of these
 * reaches a registered command by name, `/bin/rm` included). So the registry given to a restricted
 * shell holds only the allowed programs, and every other known name is a command that refuses and
 * records the refusal; an unknown name stays "command not found".
 */
import { defineCommand, getCommandNames, type CommandName, type Command } from 'just-bash';

/** Exit status of a refused program, as bash gives for a command found but not executable. */
const REFUSED_EXIT_CODE = 126;

export interface AllowList {
  /** just-bash's own commands to register (the allowed ones). */
  builtins: CommandName[];
  /** The workspace's commands that are allowed, plus a refusing command for every other known name. */
  commands: Command[];
  /** Names refused during the run, in order, each once. */
  refused: string[];
}

/**
 * Names a shell could dispatch that are not just-bash built-ins: its optional commands and the
 * common programs an agent reaches for, so their refusal says "not allowed" rather than "not found".
 */
const OTHER_KNOWN = [
  'curl',
  'wget',
  'js-exec',
  'python',
  'python3',
  'node',
  'npm',
  'npx',
  'dotnet',
  'git',
  'sudo',
  'su',
  'nc',
  'ssh',
  'scp',
  'zsh',
  'dash',
  'perl',
  'ruby',
  'php',
  'chown',
  'dd',
  'kill',
  'shred',
  'truncate',
  'install',
  'rsync',
];

export function createAllowList(allowed: readonly string[], workspaceCommands: Command[]): AllowList {
  const allowedNames = new Set(allowed);
  const refused: string[] = [];
  const builtinNames = getCommandNames();
  const builtins = builtinNames.filter((name) => allowedNames.has(name)) as CommandName[];
  const commands = workspaceCommands.filter((command) => allowedNames.has(command.name));
  const provided = new Set([...builtins, ...commands.map((command) => command.name)]);
  const known = new Set([...builtinNames, ...OTHER_KNOWN, ...workspaceCommands.map((command) => command.name)]);
  for (const name of known) {
    if (allowedNames.has(name) && provided.has(name)) continue;
    commands.push(
      defineCommand(name, async () => {
        if (!refused.includes(name)) refused.push(name);
        return {
          stdout: '',
          stderr: `${name}: not on the whitelist; refused where the shell started it\n`,
          exitCode: REFUSED_EXIT_CODE,
        };
      }),
    );
  }
  return { builtins, commands, refused };
}
