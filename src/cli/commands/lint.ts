import { lintToolset, sortFindings, type AuditFinding } from '../../core/audit';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { columns } from '../format';
import { unknownToolMessage } from '../suggest';
import { lintProvider } from './lint-provider';
import { createStyle, type Style } from '../style';
import { EXIT_FAILURE, EXIT_OK, lines, ok, usageError, type CommandContext, type CommandResult } from '../types';

export const LINT_USAGE = `Usage: tool-schemas lint [tool] [--json] [--strict] [--provider openai-strict|gemini|anthropic|mcp]

  Audits tool schemas against the security checklist, best practices and description standards.
  Findings are a report: the exit status is 0 unless --strict is given and errors exist.

  --json     print the audit report as JSON
  --strict   exit 1 when any finding is an error
  --provider whether each tool is accepted by a provider: OpenAI strict mode (every property required,
             additionalProperties false, its keywords and size limits), Gemini's schema subset, Anthropic,
             MCP's tool fields; each finding with keyword and JSON pointer, and what the converted form
             (export --format …) changes`;

const severityLabel = (finding: AuditFinding, style: Style) =>
  finding.severity === 'error' ? style.red('error') : finding.severity === 'warning' ? style.yellow('warning') : style.cyan('info');

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const lintCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: ['provider'], switches: ['json', 'strict'] });
  if (hasFlag(parsed, 'help')) return ok(`${LINT_USAGE}\n`);
  const problem = argumentProblem(parsed) ?? (parsed.positionals.length > 1 ? 'Give at most one tool name' : undefined);
  if (problem) return usageError(problem, LINT_USAGE);

  let bundle = context.bundle;
  const name = parsed.positionals[0];
  if (name !== undefined) {
    const tool = bundle.tools.find((candidate) => candidate.name === name);
    if (!tool) return usageError(unknownToolMessage(bundle, name));
    bundle = { ...bundle, tools: [tool] };
  }
  const provider = flagValue(parsed, 'provider');
  if (provider !== undefined) return lintProvider(provider, bundle.tools, { json: hasFlag(parsed, 'json'), strict: hasFlag(parsed, 'strict'), color: context.color }, LINT_USAGE);
  const report = lintToolset(bundle);
  const exitCode = hasFlag(parsed, 'strict') && report.summary.errors > 0 ? EXIT_FAILURE : EXIT_OK;
  if (hasFlag(parsed, 'json')) return { stdout: `${JSON.stringify(report, null, 2)}\n`, stderr: '', exitCode };

  const style = createStyle(context.color);
  const out: string[] = [];
  // One table for the whole report so columns line up across tools.
  const ordered = bundle.tools.map((tool) => ({ tool, findings: sortFindings(report.byTool[tool.name] ?? []) }));
  const table = columns(ordered.flatMap(({ findings }) => findings.map((finding) => [`  ${severityLabel(finding, style)}`, finding.rule, finding.parameter ?? '(tool)', finding.message])));
  let row = 0;
  for (const { tool, findings } of ordered) {
    if (findings.length === 0) {
      out.push(`${style.bold(tool.name)}  ${style.green('✓ no findings')}`);
      continue;
    }
    out.push(`${style.bold(tool.name)}  (${plural(findings.length, 'finding')})`);
    out.push(...table.slice(row, row + findings.length));
    row += findings.length;
  }
  const { summary } = report;
  out.push('', `Summary: ${plural(summary.tools, 'tool')} audited, ${plural(summary.findings, 'finding')}: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${summary.infos} info`);
  return { stdout: lines(out), stderr: '', exitCode };
};
