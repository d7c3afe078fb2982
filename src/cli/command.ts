/**
 * One CLI command: a module exporting `command`, and one line in `COMMANDS` (commands/index.ts). The dispatch
 * (run.ts) loads only the module of the command asked for, so a `validate` never parses the MCP SDK or the site code.
 */
import type { Tokenizer } from '../core/tokens/types';
import type { ToolsetBundle } from '../core/toolset/types';
import type { Validator } from '../core/validation/validator';
import type { Terminal } from './commands/mcp/elicit';
import type { OpenLines } from './commands/validate-batch';
import type { CliRuntime } from './measure';
import type { CommandResult } from './types';

/** What every command is given: the host's input, output and state, built once by the entry point. */
export interface CliContext {
  /** The one validator of the run. */
  validator: Validator;
  /** The default toolset, or why the bundle could not be loaded. */
  bundle: ToolsetBundle | { error: string };
  /** Every bundled toolset (the default one included). */
  toolsets: ToolsetBundle[];
  /** ANSI colours on: stdout is a terminal and NO_COLOR is unset. */
  color: boolean;
  /** Text piped on standard input, read when asked for (undefined when stdin is a terminal). */
  stdin: () => string | undefined;
  readFile?: (path: string) => string;
  writeFile?: (path: string, text: string) => void;
  /** The environment (keys of the providers, MCP tokens). */
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C or SIGTERM; the handlers are installed on the first call, by the commands that run until stopped. */
  stopSignal?: () => AbortSignal;
  /** Lines written while a command runs (progress, greetings), on standard error. */
  progress?: (text: string) => void;
  /** Text written while a command runs, on standard output. */
  write?: (text: string) => void;
  /** Where an MCP elicitation asks field by field; none when piped. */
  terminal?: () => Promise<Terminal | undefined>;
  /** Memory usage and garbage collection of the host, for the commands that measure. */
  runtime?: CliRuntime;
  /** The tokenizer, when already loaded (tests); otherwise `loadTokenizer` loads it for `stats --tokens`. */
  tokenizer?: Tokenizer;
  loadTokenizer?: () => Promise<Tokenizer>;
  /** Opens a file or standard input ('-') line by line, for `validate --batch`. */
  openLines?: OpenLines;
  /** The prebuilt site shell `site build` copies. */
  siteShell?: string;
  /** The command list, for `help`. */
  commands: readonly CommandEntry[];
}

export interface Command {
  name: string;
  /** The command's own help text (`help <name>`, and after a usage error). */
  usage: string;
  /** Its line(s) in the list of commands `help` prints, aligned as the others. */
  summary: string;
  /** Further `help <topic>` texts the command answers for. */
  topics?: Record<string, string>;
  /** Runs on the arguments after the command's name; never throws for bad input, which is a CommandResult. */
  run: (argv: readonly string[], context: CliContext) => CommandResult | Promise<CommandResult>;
}

/** One line of the command list: the name, and the module loaded when it runs. */
export interface CommandEntry {
  name: string;
  load: () => Promise<{ command: Command }>;
}
