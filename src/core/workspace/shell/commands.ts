/**
 * Commands the workspace shell adds to just-bash's built-ins: `node` (QuickJS), `npm` (package.json
 * scripts), `python`/`python3` (the Pyodide runner, when the host provides one), `dotnet build` (a C#
 * syntax check, when the host provides a parser), `git` over the workspace's repository, and an honest "not available" for toolchains a
 * browser cannot run.
 */
import type { Command, IFileSystem } from 'just-bash';
import type { ShellCommandOptions } from './command-options';
import { createDotnetCommand } from './dotnet-command';
import { createGitCommand } from './git-command';
import { createNodeCommand } from './node-command';
import { createNpmCommand } from './npm-command';
import { createPythonCommands } from './python-command';
import { createUnavailableCommands } from './unavailable';

export function createShellCommands(fileSystem: IFileSystem, options: ShellCommandOptions): Command[] {
  return [
    createNodeCommand(options, fileSystem),
    createNpmCommand(),
    ...createPythonCommands(options),
    createDotnetCommand(options),
    ...(options.workspace ? [createGitCommand(options.workspace)] : []),
    ...createUnavailableCommands(),
  ];
}
