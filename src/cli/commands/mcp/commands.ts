/** `mcp list|lint|call|pin|verify`: the file commands, on a live server's tools. */
import { writeFileSync } from 'node:fs';
import { readResult, resultToText } from '../../../core/mcp/results';
import { createLockfile, parseLockfile, serializeLockfile } from '../../../core/mcp/pin/lockfile';
import { verifyTools, type DriftReport } from '../../../core/mcp/pin/verify';
import { parseArguments as parseJson } from '../../../core/validation/validator';
import type { ValidationError } from '../../../core/validation/types';

const errorLine = (error: ValidationError): string => `  ${error.code}: ${error.parameter || '(arguments)'}: ${error.message}`;
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CommandContext, type CommandResult } from '../../types';
import { lintCommand } from '../lint';
import { listCommand } from '../list';
import { connectionLine, isResult, openLive, problemLines, type LiveSession } from './live';
import type { Terminal } from './elicit';
import type { McpArgs } from './target';
import { callAsTask, planTask, type CallIo } from './task';

export type Run = (session: LiveSession, args: McpArgs, context: CommandContext) => Promise<CommandResult> | CommandResult;

/** Opens the session, runs, and always closes (a stdio server is a child process). */
export async function withSession(args: McpArgs, run: Run, context: CommandContext, terminal?: Terminal): Promise<CommandResult> {
  const session = await openLive(args, context, terminal);
  if (isResult(session)) return session;
  try {
    return await run(session, args, context);
  } finally {
    await session.connection.close().catch(() => undefined);
  }
}

const withProblems = (session: LiveSession, result: CommandResult): CommandResult => {
  const problems = problemLines(session.live);
  if (problems.length === 0) return result;
  const refused = session.live.problems.some((problem) => problem.severity === 'error');
  return { ...result, stderr: `${problems.join('\n')}\n${result.stderr}`, exitCode: refused && result.exitCode === EXIT_OK ? EXIT_FAILURE : result.exitCode };
};

/** Flags the file commands take, passed through (`--json`, `--strict`, `--provider …`, `--category …`). */
const PASSED_SWITCHES = new Set(['json', 'strict', 'count', 'show-versions']);
const PASSED_VALUES = new Set(['provider', 'category', 'max-warnings']);
const passThrough = (args: McpArgs): string[] =>
  [...args.flags].flatMap(([name, value]) => (value === true ? (PASSED_SWITCHES.has(name) ? [`--${name}`] : []) : PASSED_VALUES.has(name) ? [`--${name}`, value] : []));

/** What the server asked of the client during a request, and why an answer was not sent. */
export const askedLines = (session: LiveSession): string => [...session.asked.notes, ...session.asked.problems].map((line) => `${line}\n`).join('');

export const mcpList: Run = (session, args, context) => {
  const server = connectionLine(session.connection);
  const result = listCommand(passThrough(args), { ...context, bundle: session.live.toolset, toolsets: [session.live.toolset] });
  const header = args.flags.has('json') ? '' : `${server}: ${session.live.toolset.tools.length} of ${session.tools.length} tools usable\n`;
  return withProblems(session, { ...result, stdout: `${header}${result.stdout}` });
};

export const mcpLint: Run = (session, args, context) =>
  withProblems(session, lintCommand([...args.positionals, ...passThrough(args)], { ...context, bundle: session.live.toolset, toolsets: [session.live.toolset] }));

export const mcpCall = (io: CallIo = {}): Run => async (session, args, context) => {
  const name = args.positionals[0];
  if (!name) return { stdout: '', stderr: 'tool: give the name of the tool to call\n', exitCode: EXIT_USAGE };
  const text = args.flags.get('args');
  const parsed = parseJson(typeof text === 'string' ? text : '{}');
  if (!parsed.ok) return { stdout: '', stderr: `--args: not JSON (${parsed.error.message})\n`, exitCode: EXIT_USAGE };
  const tool = session.live.toolset.tools.find((candidate) => candidate.name === name);
  if (!tool && !session.tools.some((candidate) => candidate.name === name)) return { stdout: '', stderr: `tool: '${name}' is not among the server's tools (${session.tools.map((candidate) => candidate.name).join(', ')})\n`, exitCode: EXIT_USAGE };
  const notes: string[] = [];
  if (tool) {
    const checked = context.validator.validate(tool, parsed.value, { duplicateKeys: parsed.duplicateKeys });
    if (!checked.valid) {
      const messages = checked.errors.map(errorLine);
      if (!args.flags.has('send-invalid')) return { stdout: '', stderr: `--args: refused by the tool's schema (not sent; --send-invalid sends it anyway):\n${messages.join('\n')}\n`, exitCode: EXIT_FAILURE };
      notes.push(`Sent although the schema refuses it:\n${messages.join('\n')}`);
    }
  } else notes.push(`'${name}' was refused by the import checks; its arguments were not validated.`);
  const plan = planTask(session, name, args);
  if ('error' in plan) return { stdout: '', stderr: `${plan.error}\n`, exitCode: EXIT_USAGE };
  if (plan.asTask && plan.note) notes.push(plan.note);
  const progress: string[] = [];
  const called = plan.asTask ? await callAsTask(session, name, parsed.value, plan.ttlMs, io) : await session.connection.callTool(name, parsed.value, { onProgress: (update) => progress.push(`progress ${update.progress}${update.total !== undefined ? `/${update.total}` : ''}${update.message ? ` ${update.message}` : ''}`) });
  const header = `${connectionLine(session.connection)}\n${askedLines(session)}`;
  // An answer the CLI could not give is the reason, whatever the server made of its absence.
  if (session.asked.problems.length > 0) return { stdout: '', stderr: `${header}${[...notes, ...progress].map((line) => `${line}\n`).join('')}`, exitCode: EXIT_FAILURE };
  if (!called.ok) return { stdout: '', stderr: `${header}${[...notes, ...progress].map((line) => `${line}\n`).join('')}${called.failure.message}\n`, exitCode: EXIT_FAILURE };
  const read = readResult(called.value, tool, context.validator);
  if (args.flags.has('json')) return { stdout: `${JSON.stringify(called.value, null, 2)}\n`, stderr: `${header}${notes.map((line) => `${line}\n`).join('')}`, exitCode: read.isError ? EXIT_FAILURE : EXIT_OK };
  const out = [resultToText(read)];
  if (read.structuredContent) out.push(`structuredContent: ${JSON.stringify(read.structuredContent)}`);
  const check = read.structured;
  if (check.status === 'valid') out.push('structuredContent matches the output schema');
  if (check.status === 'missing') notes.push('The tool declares an output schema but the result has no structuredContent.');
  if (check.status === 'invalid') notes.push(`structuredContent does not match the output schema:\n${check.errors.map(errorLine).join('\n')}`);
  if (read.isError) notes.push('The tool reported an error (isError).');
  const failing = read.isError || check.status === 'invalid' || check.status === 'missing';
  return { stdout: `${out.join('\n')}\n`, stderr: `${header}${[...progress, ...notes].map((line) => `${line}\n`).join('')}`, exitCode: failing ? EXIT_FAILURE : EXIT_OK };
};

const lockPath = (args: McpArgs): string | undefined => {
  const value = args.flags.get('lock');
  return typeof value === 'string' ? value : undefined;
};

export const mcpPin: Run = async (session, args) => {
  const path = lockPath(args);
  if (!path) return { stdout: '', stderr: '--lock: give the lockfile to write\n', exitCode: EXIT_USAGE };
  const lockfile = await createLockfile(session.connection.serverInfo, session.tools as unknown as Record<string, unknown>[]);
  writeFileSync(path, serializeLockfile(lockfile));
  return { stdout: `Pinned ${Object.keys(lockfile.tools).length} tools of ${lockfile.server.name} ${lockfile.server.version} in ${path}\n`, stderr: '', exitCode: EXIT_OK };
};

export function formatDrift(report: DriftReport): string {
  if (!report.drifted) return `No drift: ${report.unchanged.length} tools match the lockfile.\n`;
  const out = [`Drift in ${report.tools.length} tools (${report.counts.breaking} breaking, ${report.counts.minor} minor, ${report.counts.patch} patch changes; a ${report.required} version):`];
  for (const tool of report.tools) {
    out.push(`  ${tool.name}: ${tool.status}, ${tool.class}`);
    for (const change of tool.changes) out.push(`    ${change.class} ${change.rule} ${change.pointer}: ${change.message}`);
    if (tool.description) out.push(`    description: ${tool.description.map((part) => (part.kind === 'added' ? `{+${part.text}+}` : part.kind === 'removed' ? `[-${part.text}-]` : part.text)).join('')}`);
  }
  return `${out.join('\n')}\n`;
}

export const mcpVerify =
  (readFile: (path: string) => string): Run =>
  async (session, args) => {
    const path = lockPath(args);
    if (!path) return { stdout: '', stderr: '--lock: give the lockfile to check against\n', exitCode: EXIT_USAGE };
    let text: string;
    try {
      text = readFile(path);
    } catch (error) {
      return { stdout: '', stderr: `--lock: cannot read ${path} (${(error as Error).message})\n`, exitCode: EXIT_USAGE };
    }
    const parsed = parseLockfile(text);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n`, exitCode: EXIT_USAGE };
    const report = await verifyTools(parsed.lockfile, session.tools as unknown as Record<string, unknown>[]);
    if (args.flags.has('json')) return { stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '', exitCode: report.drifted ? EXIT_FAILURE : EXIT_OK };
    return { stdout: formatDrift(report), stderr: '', exitCode: report.drifted ? EXIT_FAILURE : EXIT_OK };
  };
