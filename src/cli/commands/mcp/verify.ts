/** `mcp verify <target> --lock <file>`: drift per tool against the lockfile, with its semver class; exit 1 on drift. */
import { parseLockfile } from '../../../core/mcp/pin/lockfile';
import { verifyTools, type DriftReport } from '../../../core/mcp/pin/verify';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../types';
import { lockPath, withSession, type McpCommand, type Run } from './session';
import { MCP_USAGE } from './usage';

function formatDrift(report: DriftReport): string {
  if (!report.drifted) return `No drift: ${report.unchanged.length} tools match the lockfile.\n`;
  const out = [
    `Drift in ${report.tools.length} tools (${report.counts.breaking} breaking, ${report.counts.minor} minor, ${report.counts.patch} patch changes; a ${report.required} version):`,
  ];
  for (const tool of report.tools) {
    out.push(`  ${tool.name}: ${tool.status}, ${tool.class}`);
    for (const change of tool.changes)
      out.push(`    ${change.class} ${change.rule} ${change.pointer}: ${change.message}`);
    if (tool.description)
      out.push(
        `    description: ${tool.description.map((part) => (part.kind === 'added' ? `{+${part.text}+}` : part.kind === 'removed' ? `[-${part.text}-]` : part.text)).join('')}`,
      );
  }
  return `${out.join('\n')}\n`;
}

const mcpVerify =
  (readFile: (path: string) => string): Run =>
  async (session, args) => {
    const path = lockPath(args);
    if (!path) return { stdout: '', stderr: '--lock: give the lockfile to check against\n', exitCode: EXIT_USAGE };
    let text: string;
    try {
      text = readFile(path);
    } catch (error) {
      return {
        stdout: '',
        stderr: `--lock: cannot read ${path} (${(error as Error).message})\n`,
        exitCode: EXIT_USAGE,
      };
    }
    const parsed = parseLockfile(text);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n`, exitCode: EXIT_USAGE };
    const report = await verifyTools(parsed.lockfile, session.tools as unknown as Record<string, unknown>[]);
    if (args.flags.has('json'))
      return {
        stdout: `${JSON.stringify(report, null, 2)}\n`,
        stderr: '',
        exitCode: report.drifted ? EXIT_FAILURE : EXIT_OK,
      };
    return { stdout: formatDrift(report), stderr: '', exitCode: report.drifted ? EXIT_FAILURE : EXIT_OK };
  };

export const subcommand: McpCommand = {
  name: 'verify',
  usage: MCP_USAGE,
  summary: 'drift per tool against the lockfile, with its semver class; exit 1 on drift',
  run: (args, context, io) =>
    withSession(
      args,
      mcpVerify(
        io.readFile ??
          context.readFile ??
          (() => {
            throw new Error('no file reader');
          }),
      ),
      context,
    ),
};
