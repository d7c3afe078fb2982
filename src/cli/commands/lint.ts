import { AUDIT_RULES, lintToolset, type AuditFinding, type AuditReport } from '../../core/audit';
import { applyLintConfig, LINT_CONFIG_FILE, parseLintConfig, type LintConfig } from '../../core/audit/config';
import { toSarif } from '../../core/audit/sarif';
import { auditToolset, TOOLSET_RULES, type ToolsetFinding } from '../../core/audit/toolset';
import type { ToolsetBundle } from '../../core/toolset/types';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { loadToolsetFile } from '../toolset-option';
import { columns, plural } from '../format';
import { unknownToolMessage } from '../suggest';
import { lintProvider } from './lint-provider';
import { createStyle, type Style } from '../style';
import { EXIT_FAILURE, EXIT_OK, lines, ok, usageError, type CommandContext, type CommandResult } from '../types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';
import { checkJsonText } from '../../core/json/text-limits';

/** A configuration names rules and settings: a few kilobytes. Past these it is refused before it is parsed. */
const CONFIG_LIMITS = { maxCharacters: 64 * 1024, maxDepth: 8 };

export const LINT_USAGE = `Usage: tool-schemas lint [tool] [--format text|json|sarif] [--config <file>] [--with <toolsets>] [--max-warnings <n>] [--provider openai-strict|gemini|anthropic|mcp [--strict]]

  Audits tool schemas against the security checklist, best practices, description standards and poisoning
  (hidden characters, pseudo-tags, instructions to the model, encoded blobs); without a tool name, also the
  toolset as a whole (look-alike tools, names shadowed by another toolset, references to other tools, the
  "lethal trifecta" of untrusted content, private data and a way out). Findings print grouped by rule.
  Exit status: 1 when any finding is an error, or when there are more warnings than --max-warnings allows;
  0 otherwise; 2 for a usage error.

  --format        text (default), json (the report), or sarif (SARIF 2.1.0 for code-scanning); --json = --format json
  --config        a lint configuration file; ${LINT_CONFIG_FILE} in the current directory is read when present.
                  {"rules": {"naming": "off", "string-max-length": "warning"}}: off, info, warning or error per rule
  --with          toolsets loaded beside this one, for names they shadow and tools they name: bundled ids or
                  definition files, comma-separated (a bundled toolset is audited beside the other bundled ones)
  --max-warnings  exit 1 when there are more than this many warnings (--max-warnings 0: any warning fails)
  --provider      whether each tool is accepted by a provider: OpenAI strict mode (every property required,
                  additionalProperties false, its keywords and size limits), Gemini's schema subset, Anthropic,
                  MCP's tool fields; each finding with keyword and JSON pointer, and what the converted form
                  (export --format …) changes. A report: exit status 0 unless --strict is given and errors exist
  --strict        with --provider: exit 1 when any finding is an error (the audit itself always does)`;

const severityLabel = (finding: { severity: AuditFinding['severity'] }, style: Style) =>
  finding.severity === 'error'
    ? style.red('error')
    : finding.severity === 'warning'
      ? style.yellow('warning')
      : style.cyan('info');

const ALL_RULE_IDS = [...AUDIT_RULES, ...TOOLSET_RULES].map((rule) => rule.id);

/** The configuration named by --config, or the default file when it exists; an error result when it is wrong. */
function loadConfig(path: string | undefined, context: CommandContext): { config?: LintConfig } | { error: string } {
  if (!context.readFile) return path === undefined ? {} : { error: `--config: files cannot be read here` };
  let text: string;
  try {
    text = context.readFile(path ?? LINT_CONFIG_FILE);
  } catch (error) {
    if (path === undefined) return {};
    return { error: `--config: '${path}' could not be read: ${(error as Error).message}` };
  }
  const tooMuch = checkJsonText(text, CONFIG_LIMITS);
  if (tooMuch) return { error: `--config: '${path ?? LINT_CONFIG_FILE}': ${tooMuch.message}` };
  const parsed = parseLintConfig(text, ALL_RULE_IDS, path ?? LINT_CONFIG_FILE);
  return parsed.ok ? { config: parsed.config } : { error: parsed.message };
}

/** The toolsets loaded beside the audited one: the bundled collection for a bundled toolset, and what --with names. */
function besides(
  bundle: ToolsetBundle,
  wanted: string | undefined,
  context: CommandContext,
): { others: ToolsetBundle[] } | { error: string } {
  const others = context.toolsets.some((toolset) => toolset.manifest.id === bundle.manifest.id)
    ? [...context.toolsets]
    : [];
  for (const name of (wanted ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const bundled = context.toolsets.find(
      (toolset) => toolset.manifest.id === name || toolset.manifest.name.toLowerCase() === name.toLowerCase(),
    );
    if (bundled) {
      if (!others.includes(bundled)) others.push(bundled);
      continue;
    }
    if (!context.readFile) return { error: `--with: no bundled toolset '${name}', and files cannot be read here` };
    const loaded = loadToolsetFile(name, context.readFile, context.validator);
    if (!loaded.ok) return { error: loaded.message.replace(/^--toolset/, '--with') };
    // Two files may derive the same id from their names: the path keeps them apart.
    others.push({
      ...loaded.bundle,
      manifest: {
        ...loaded.bundle.manifest,
        id: loaded.bundle.manifest.id === bundle.manifest.id ? name : loaded.bundle.manifest.id,
      },
    });
  }
  return { others };
}

const configured = (report: AuditReport, config: LintConfig | undefined): AuditReport => {
  if (!config) return report;
  const byTool: Record<string, AuditFinding[]> = {};
  for (const [tool, findings] of Object.entries(report.byTool)) byTool[tool] = applyLintConfig(findings, config);
  const findings = Object.values(byTool).flat();
  const count = (severity: AuditFinding['severity']) =>
    findings.filter((finding) => finding.severity === severity).length;
  return {
    findings,
    byTool,
    summary: {
      tools: report.summary.tools,
      findings: findings.length,
      errors: count('error'),
      warnings: count('warning'),
      infos: count('info'),
    },
  };
};

const SEVERITY_RANK: Record<AuditFinding['severity'], number> = { error: 0, warning: 1, info: 2 };

/** "3 findings: 1 error, 2 warnings": a group's count and what it is made of. */
const counted = (findings: readonly { severity: AuditFinding['severity'] }[]): string => {
  const of = (severity: AuditFinding['severity']) => findings.filter((finding) => finding.severity === severity).length;
  const parts = [plural(of('error'), 'error'), plural(of('warning'), 'warning'), `${of('info')} info`].filter(
    (part) => !part.startsWith('0 '),
  );
  return `${plural(findings.length, 'finding')}: ${parts.join(', ')}`;
};

/** Findings grouped by rule, groups with errors first, then in rule order; within a group most severe first, in the order given. */
function byRule<Finding extends { rule: string; severity: AuditFinding['severity'] }>(
  findings: readonly Finding[],
): [string, Finding[]][] {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.rule, [...(groups.get(finding.rule) ?? []), finding]);
  const order = (rule: string) => ALL_RULE_IDS.indexOf(rule);
  const worst = (group: readonly Finding[]) => Math.min(...group.map((finding) => SEVERITY_RANK[finding.severity]));
  return [...groups]
    .map(([rule, group]): [string, Finding[]] => [
      rule,
      group
        .map((finding, index) => ({ finding, index }))
        .sort((a, b) => SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] || a.index - b.index)
        .map(({ finding }) => finding),
    ])
    .sort(([ruleA, a], [ruleB, b]) => worst(a) - worst(b) || order(ruleA) - order(ruleB));
}

/** Grouped findings as lines: a heading per rule with its counts, then one aligned row per finding. */
function groupedLines<Finding extends { rule: string; severity: AuditFinding['severity'] }>(
  findings: readonly Finding[],
  cells: (finding: Finding) => string[],
  style: Style,
): string[] {
  const groups = byRule(findings);
  const rows = columns(
    groups.flatMap(([, group]) => group.map((finding) => [`  ${severityLabel(finding, style)}`, ...cells(finding)])),
  );
  const out: string[] = [];
  let row = 0;
  for (const [rule, group] of groups) {
    out.push(`${style.bold(rule)}  (${counted(group)})`);
    for (const line of rows.slice(row, row + group.length)) out.push(line);
    row += group.length;
  }
  return out;
}

/** --max-warnings as a count, or a usage problem. */
function maxWarningsOf(value: string | undefined): { max?: number } | { problem: string } {
  if (value === undefined) return {};
  return /^\d+$/.test(value)
    ? { max: Number(value) }
    : { problem: `--max-warnings must be a whole number of 0 or more, not '${value}'` };
}

export const lintCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, {
    values: ['provider', 'format', 'config', 'with', 'max-warnings'],
    switches: ['json', 'strict'],
  });
  if (hasFlag(parsed, 'help')) return ok(`${LINT_USAGE}\n`);
  const format = hasFlag(parsed, 'json') ? 'json' : (flagValue(parsed, 'format') ?? 'text');
  const maxWarnings = maxWarningsOf(flagValue(parsed, 'max-warnings'));
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length > 1 ? 'Give at most one tool name' : undefined) ??
    (['text', 'json', 'sarif'].includes(format)
      ? undefined
      : `--format must be text, json or sarif, not '${format}'`) ??
    ('problem' in maxWarnings ? maxWarnings.problem : undefined);
  if (problem) return usageError(problem, LINT_USAGE);

  let bundle = context.bundle;
  const name = parsed.positionals[0];
  if (name !== undefined) {
    const tool = bundle.tools.find((candidate) => candidate.name === name);
    if (!tool) return usageError(unknownToolMessage(bundle, name));
    bundle = { ...bundle, tools: [tool] };
  }
  const provider = flagValue(parsed, 'provider');
  if (provider !== undefined)
    return lintProvider(
      provider,
      bundle.tools,
      { json: format === 'json', strict: hasFlag(parsed, 'strict'), color: context.color },
      LINT_USAGE,
    );
  const loaded = loadConfig(flagValue(parsed, 'config'), context);
  if ('error' in loaded) return usageError(loaded.error);
  const loadedBeside = besides(bundle, flagValue(parsed, 'with'), context);
  if ('error' in loadedBeside) return usageError(loadedBeside.error);
  const report = configured(lintToolset(bundle, { validator: context.validator }), loaded.config);
  // The toolset as a whole only when it is audited whole.
  const acrossTools: ToolsetFinding[] =
    name === undefined ? applyLintConfig(auditToolset(bundle, loadedBeside.others), loaded.config) : [];
  const errors = report.summary.errors + acrossTools.filter((finding) => finding.severity === 'error').length;
  const warnings = report.summary.warnings + acrossTools.filter((finding) => finding.severity === 'warning').length;
  // As ESLint: errors fail the run, and warnings do past --max-warnings.
  const tooManyWarnings = 'max' in maxWarnings && maxWarnings.max !== undefined && warnings > maxWarnings.max;
  const exitCode = errors > 0 || tooManyWarnings ? EXIT_FAILURE : EXIT_OK;
  if (format === 'json')
    return { stdout: `${JSON.stringify({ ...report, acrossTools }, null, 2)}\n`, stderr: '', exitCode };
  if (format === 'sarif') {
    const sarif = toSarif({
      rules: [...AUDIT_RULES, ...TOOLSET_RULES],
      findings: report.findings,
      toolsetFindings: acrossTools,
      version: bundle.manifest.version,
    });
    return { stdout: `${JSON.stringify(sarif, null, 2)}\n`, stderr: '', exitCode };
  }

  const style = createStyle(context.color);
  const out: string[] = [];
  const toolOrder = new Map(bundle.tools.map((tool, index) => [tool.name, index]));
  const findings = [...report.findings].sort((a, b) => (toolOrder.get(a.tool) ?? 0) - (toolOrder.get(b.tool) ?? 0));
  // Line by line: a spread of tens of thousands of lines overflows the call stack.
  for (const line of groupedLines(
    findings,
    (finding) => [finding.tool, finding.parameter ?? '(tool)', finding.message],
    style,
  ))
    out.push(line);
  const clean = bundle.tools.filter((tool) => (report.byTool[tool.name] ?? []).length === 0).map((tool) => tool.name);
  if (clean.length > 0)
    out.push(...(out.length > 0 ? [''] : []), `${style.green('✓ no findings')}: ${clean.join(', ')}`);
  if (name === undefined) {
    out.push(
      '',
      `${style.bold('Across tools')}  (${acrossTools.length === 0 ? style.green('✓ no findings') : plural(acrossTools.length, 'finding')})`,
    );
    const toolsOf = (finding: ToolsetFinding) =>
      finding.tools
        .map((ref) => (ref.toolset === bundle.manifest.id ? ref.tool : `${ref.toolset}/${ref.tool}`))
        .join(', ');
    for (const line of groupedLines(acrossTools, (finding) => [toolsOf(finding), finding.message], style))
      out.push(line);
  }
  // The totals count the findings across tools too: they are what the exit status is decided on.
  const { summary } = report;
  const infos = summary.infos + acrossTools.filter((finding) => finding.severity === 'info').length;
  const across = acrossTools.length > 0 ? ` (${acrossTools.length} across tools)` : '';
  out.push(
    '',
    `Summary: ${plural(summary.tools, 'tool')} audited, ${plural(summary.findings + acrossTools.length, 'finding')}${across}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${infos} info`,
  );
  if (tooManyWarnings)
    out.push(style.red(`${plural(warnings, 'warning')}, more than --max-warnings ${maxWarnings.max} allows.`));
  return { stdout: lines(out), stderr: '', exitCode };
};

export const command: Command = {
  name: 'lint',
  usage: LINT_USAGE,
  summary: `lint [tool] [--json] [--max-warnings <n>] [--provider <p>]    audit the schemas (exit 1 on errors), or check a provider's rules
  lint [tool] --format sarif [--config <file>]                  SARIF 2.1.0 for code-scanning; rules off or re-ranked`,
  run: withToolset(lintCommand),
};
