/**
 * Commands the workspace shell adds to just-bash's built-ins: `node` (QuickJS), `npm` (package.json
 * scripts), `python`/`python3` (the Pyodide runner, when the host provides one), `dotnet build` (a C#
 * syntax check, when the host provides a parser), `git` over the workspace's repository, and an honest "not available" for toolchains a
 * browser cannot run.
 */
import type { Command, IFileSystem, ResolvedCommandContext } from 'just-bash';
import type { ShellRuntimes, Workspace } from '../types';
import { createDotnetCommand } from './dotnet-command';
import { createGitCommand } from './git-command';
import { createNodeCommand } from './node-command';
import { createNpmCommand } from './npm-command';
import { createPythonCommands } from './python-command';
import { createUnavailableCommands } from './unavailable';

export interface ShellCommandOptions {
  /** Epoch milliseconds at which the shell's time limit ends (node and python stop there). */
  deadline: number;
  signal?: AbortSignal;
  runtimes?: ShellRuntimes;
  /** The workspace whose repository `git` works on (absent: no git command). */
  workspace?: Workspace;
}

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

/** A command's stdin as text (just-bash hands it over as a latin1 byte string). */
export function stdinText(context: Pick<ResolvedCommandContext, 'stdin'>): string {
  const latin1 = String(context.stdin as unknown);
  if (latin1 === '') return '';
  const bytes = new Uint8Array(latin1.length);
  for (let index = 0; index < latin1.length; index++) bytes[index] = latin1.charCodeAt(index) & 0xff;
  return new TextDecoder('utf-8').decode(bytes);
}

/** Quote one word for a bash command line. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
