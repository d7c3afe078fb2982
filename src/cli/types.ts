import type { ToolsetBundle } from '../core/toolset/types';
import type { Validator } from '../core/validation/validator';
import type { Tokenizer } from '../core/tokens/types';
import type { CliRuntime } from './measure';

/** What a command produces; main.ts writes it out and exits with the code. */
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export const EXIT_OK = 0;
/** Invalid arguments, or findings under --strict. */
export const EXIT_FAILURE = 1;
/** Usage error, unknown command, unknown tool, missing bundle. */
export const EXIT_USAGE = 2;

export interface CommandContext {
  /** The validator main.ts (or runCli) built: every command validates and imports with it. */
  validator: Validator;
  /** The toolset the command works on (the default one unless `--toolset` says otherwise). */
  bundle: ToolsetBundle;
  /** Every bundled toolset. */
  toolsets: ToolsetBundle[];
  /** ANSI colours on: stdout is a terminal and NO_COLOR is unset. */
  color: boolean;
  /** Text piped on standard input, read lazily (undefined when stdin is a terminal). */
  readStdin: () => string | undefined;
  /** Memory usage and garbage collection of the host, for `stats --memory` and `benchmark`. */
  runtime?: CliRuntime;
  /** Reads a file named on the command line (`import <file>`, `--toolset <file>`). */
  readFile?: (path: string) => string;
  /** The tokenizer for `stats --tokens`, loaded by main.ts only when that is asked for. */
  tokenizer?: Tokenizer;
  /** Writes a file named on the command line (`eval --junit <file>`); main.ts gives Node's. */
  writeFile?: (path: string, text: string) => void;
}

export const ok = (stdout: string): CommandResult => ({ stdout, stderr: '', exitCode: EXIT_OK });
export const usageError = (message: string, usage?: string): CommandResult => ({
  stdout: '',
  stderr: usage ? `${message}\n\n${usage}` : message,
  exitCode: EXIT_USAGE,
});

/** Joins lines and ends the text with one newline. */
export const lines = (...parts: (string | string[])[]): string => `${parts.flat().join('\n')}\n`;
