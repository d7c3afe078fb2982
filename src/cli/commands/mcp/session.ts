/** What every `mcp` subcommand shares: its shape, the session it runs in, and the options passed on to the file commands. */
import { EXIT_FAILURE, EXIT_OK, type CommandContext, type CommandResult } from '../../types';
import type { Bridge } from './bridge';
import type { Terminal } from './elicit';
import { isResult, openLive, problemLines, type LiveSession } from './live';
import type { McpArgs } from './target';

export interface McpIo {
  env?: Record<string, string | undefined>;
  readFile?: (path: string) => string;
  /** The bridge runs until this resolves (main.ts: a signal). */
  untilStopped?: (bridge: Bridge) => Promise<void>;
  /** Lines the bridge prints while it runs. */
  print?: (line: string) => void;
  /** Where an elicitation asks field by field; without one, answers come from --input/--inputs. */
  terminal?: Terminal;
  /** Calls back on Ctrl-C while a task runs; returns what stops listening. */
  onInterrupt?: (handler: () => void) => () => void;
}

/** One `mcp` subcommand: one file exporting `subcommand`, and one line in `MCP_COMMANDS` (index.ts). */
export interface McpCommand {
  name: string;
  /** The family's help text. */
  usage: string;
  /** What it does, in a line. */
  summary: string;
  /** Runs on the parsed target and options. */
  run: (args: McpArgs, context: CommandContext, io: McpIo) => Promise<CommandResult>;
}

export type Run = (
  session: LiveSession,
  args: McpArgs,
  context: CommandContext,
) => Promise<CommandResult> | CommandResult;

/** Opens the session, runs, and always closes (a stdio server is a child process). */
export async function withSession(
  args: McpArgs,
  run: Run,
  context: CommandContext,
  terminal?: Terminal,
): Promise<CommandResult> {
  const session = await openLive(args, context, terminal);
  if (isResult(session)) return session;
  try {
    return await run(session, args, context);
  } finally {
    await session.connection.close().catch(() => undefined);
  }
}

export const withProblems = (session: LiveSession, result: CommandResult): CommandResult => {
  const problems = problemLines(session.live);
  if (problems.length === 0) return result;
  const refused = session.live.problems.some((problem) => problem.severity === 'error');
  return {
    ...result,
    stderr: `${problems.join('\n')}\n${result.stderr}`,
    exitCode: refused && result.exitCode === EXIT_OK ? EXIT_FAILURE : result.exitCode,
  };
};

/** Flags the file commands take, passed through (`--json`, `--strict`, `--provider …`, `--category …`). */
const PASSED_SWITCHES = new Set(['json', 'strict', 'count', 'show-versions']);
const PASSED_VALUES = new Set(['provider', 'category', 'max-warnings']);
export const passThrough = (args: McpArgs): string[] =>
  [...args.flags].flatMap(([name, value]) =>
    value === true
      ? PASSED_SWITCHES.has(name)
        ? [`--${name}`]
        : []
      : PASSED_VALUES.has(name)
        ? [`--${name}`, value]
        : [],
  );

/** What the server asked of the client during a request, and why an answer was not sent. */
export const askedLines = (session: LiveSession): string =>
  [...session.asked.notes, ...session.asked.problems].map((line) => `${line}\n`).join('');

export const lockPath = (args: McpArgs): string | undefined => {
  const value = args.flags.get('lock');
  return typeof value === 'string' ? value : undefined;
};
