/** What every shell command shares: its options and small helpers (apart from commands.ts, which imports each command). */
import type { ResolvedCommandContext } from 'just-bash';
import type { ShellRuntimes, Workspace } from '../types';

export interface ShellCommandOptions {
  /** Epoch milliseconds at which the shell's time limit ends (node and python stop there). */
  deadline: number;
  signal?: AbortSignal;
  runtimes?: ShellRuntimes;
  /** The workspace whose repository `git` works on (absent: no git command). */
  workspace?: Workspace;
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
