/** `lint --provider <p>`: whether each tool is accepted by a provider, finding by finding, and what the converted form changes. */
import {
  checkCompatibility,
  COMPAT_PROVIDER_LABELS,
  COMPAT_PROVIDERS,
  isCompatProvider,
  type CompatFinding,
} from '../../core/compat';
import type { ToolDefinition } from '../../core/toolset/types';
import { columns, plural } from '../format';
import { createStyle, type Style } from '../style';
import { EXIT_FAILURE, EXIT_OK, lines, usageError, type CommandResult } from '../types';

const severityLabel = (finding: CompatFinding, style: Style): string =>
  finding.severity === 'error'
    ? style.red('error')
    : finding.severity === 'warning'
      ? style.yellow('warning')
      : style.cyan('info');

export function lintProvider(
  provider: string,
  tools: readonly ToolDefinition[],
  options: { json: boolean; strict: boolean; color: boolean },
  usage: string,
): CommandResult {
  if (!isCompatProvider(provider))
    return usageError(`--provider must be one of ${COMPAT_PROVIDERS.join(', ')}, not '${provider}'`, usage);
  const reports = tools.map((tool) => checkCompatibility(tool, provider));
  const errors = reports.reduce(
    (sum, report) => sum + report.findings.filter((finding) => finding.severity === 'error').length,
    0,
  );
  const exitCode = options.strict && errors > 0 ? EXIT_FAILURE : EXIT_OK;
  if (options.json) return { stdout: `${JSON.stringify({ provider, reports }, null, 2)}\n`, stderr: '', exitCode };

  const style = createStyle(options.color);
  const out: string[] = [style.bold(COMPAT_PROVIDER_LABELS[provider]), ''];
  for (const report of reports) {
    const verdict = report.compatible
      ? style.green('✓ accepted as is')
      : report.converted.compatible
        ? style.yellow('✗ not as is; the converted form is accepted')
        : style.red('✗ not accepted, and no conversion fixes it');
    out.push(`${style.bold(report.tool)}  ${verdict}`);
    if (report.findings.length > 0)
      out.push(
        ...columns(
          report.findings.map((finding) => [
            `  ${severityLabel(finding, style)}`,
            finding.keyword,
            finding.pointer,
            finding.message,
          ]),
        ),
      );
    if (!report.compatible && report.converted.changes.length > 0) {
      out.push(
        style.dim(
          '  converted form (export --format ' +
            report.converted.format +
            (provider === 'openai-strict' ? ' --strict' : '') +
            '):',
        ),
      );
      out.push(...report.converted.changes.map((change) => style.dim(`    - ${change}`)));
    }
  }
  const accepted = reports.filter((report) => report.compatible).length;
  const convertible = reports.filter((report) => !report.compatible && report.converted.compatible).length;
  out.push(
    '',
    `Summary: ${accepted} of ${plural(reports.length, 'tool')} accepted as is, ${convertible} after conversion, ${reports.length - accepted - convertible} not at all; ${errors} error${errors === 1 ? '' : 's'}.`,
  );
  return { stdout: lines(out), stderr: '', exitCode };
}
