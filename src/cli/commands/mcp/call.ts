/** `mcp call <target> <tool> --args '<json>'`: validates the arguments, sends tools/call and reads the result. */
import { readResult, resultToText } from '../../../core/mcp/results';
import { parseArguments as parseJson } from '../../../core/validation/validator';
import type { ValidationError } from '../../../core/validation/types';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../types';
import { connectionLine } from './live';
import { askedLines, withSession, type McpCommand, type Run } from './session';
import { callAsTask, planTask, type CallIo } from './task';
import { MCP_USAGE } from './usage';

const errorLine = (error: ValidationError): string =>
  `  ${error.code}: ${error.parameter || '(arguments)'}: ${error.message}`;

const mcpCall =
  (io: CallIo = {}): Run =>
  async (session, args, context) => {
    const name = args.positionals[0];
    if (!name) return { stdout: '', stderr: 'tool: give the name of the tool to call\n', exitCode: EXIT_USAGE };
    const text = args.flags.get('args');
    const parsed = parseJson(typeof text === 'string' ? text : '{}');
    if (!parsed.ok) return { stdout: '', stderr: `--args: not JSON (${parsed.error.message})\n`, exitCode: EXIT_USAGE };
    const tool = session.live.toolset.tools.find((candidate) => candidate.name === name);
    if (!tool && !session.tools.some((candidate) => candidate.name === name))
      return {
        stdout: '',
        stderr: `tool: '${name}' is not among the server's tools (${session.tools.map((candidate) => candidate.name).join(', ')})\n`,
        exitCode: EXIT_USAGE,
      };
    const notes: string[] = [];
    if (tool) {
      const checked = context.validator.validate(tool, parsed.value, { duplicateKeys: parsed.duplicateKeys });
      if (!checked.valid) {
        const messages = checked.errors.map(errorLine);
        if (!args.flags.has('send-invalid'))
          return {
            stdout: '',
            stderr: `--args: refused by the tool's schema (not sent; --send-invalid sends it anyway):\n${messages.join('\n')}\n`,
            exitCode: EXIT_FAILURE,
          };
        notes.push(`Sent although the schema refuses it:\n${messages.join('\n')}`);
      }
    } else notes.push(`'${name}' was refused by the import checks; its arguments were not validated.`);
    const plan = planTask(session, name, args);
    if ('error' in plan) return { stdout: '', stderr: `${plan.error}\n`, exitCode: EXIT_USAGE };
    if (plan.asTask && plan.note) notes.push(plan.note);
    const progress: string[] = [];
    const called = plan.asTask
      ? await callAsTask(session, name, parsed.value, plan.ttlMs, io)
      : await session.connection.callTool(name, parsed.value, {
          onProgress: (update) =>
            progress.push(
              `progress ${update.progress}${update.total !== undefined ? `/${update.total}` : ''}${update.message ? ` ${update.message}` : ''}`,
            ),
        });
    const header = `${connectionLine(session.connection)}\n${askedLines(session)}`;
    // An answer the CLI could not give is the reason, whatever the server made of its absence.
    if (session.asked.problems.length > 0)
      return {
        stdout: '',
        stderr: `${header}${[...notes, ...progress].map((line) => `${line}\n`).join('')}`,
        exitCode: EXIT_FAILURE,
      };
    if (!called.ok)
      return {
        stdout: '',
        stderr: `${header}${[...notes, ...progress].map((line) => `${line}\n`).join('')}${called.failure.message}\n`,
        exitCode: EXIT_FAILURE,
      };
    const read = readResult(called.value, tool, context.validator);
    if (args.flags.has('json'))
      return {
        stdout: `${JSON.stringify(called.value, null, 2)}\n`,
        stderr: `${header}${notes.map((line) => `${line}\n`).join('')}`,
        exitCode: read.isError ? EXIT_FAILURE : EXIT_OK,
      };
    const out = [resultToText(read)];
    if (read.structuredContent) out.push(`structuredContent: ${JSON.stringify(read.structuredContent)}`);
    const check = read.structured;
    if (check.status === 'valid') out.push('structuredContent matches the output schema');
    if (check.status === 'missing')
      notes.push('The tool declares an output schema but the result has no structuredContent.');
    if (check.status === 'invalid')
      notes.push(`structuredContent does not match the output schema:\n${check.errors.map(errorLine).join('\n')}`);
    if (read.isError) notes.push('The tool reported an error (isError).');
    const failing = read.isError || check.status === 'invalid' || check.status === 'missing';
    return {
      stdout: `${out.join('\n')}\n`,
      stderr: `${header}${[...progress, ...notes].map((line) => `${line}\n`).join('')}`,
      exitCode: failing ? EXIT_FAILURE : EXIT_OK,
    };
  };

export const subcommand: McpCommand = {
  name: 'call',
  usage: MCP_USAGE,
  summary: 'validate, then send tools/call; prints the result by content type',
  run: (args, context, io) =>
    withSession(
      args,
      mcpCall({ ...(io.print ? { print: io.print } : {}), ...(io.onInterrupt ? { onInterrupt: io.onInterrupt } : {}) }),
      context,
      io.terminal,
    ),
};
