import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import { lintToolset } from './index';

// Not a snapshot: specific findings the bundled seed data is known to have (and not to have).
describe('audit of the bundled toolset', () => {
  const report = lintToolset(bundle);
  const has = (tool: string, parameter: string | undefined, rule: string) =>
    report.findings.some((finding) => finding.tool === tool && finding.parameter === parameter && finding.rule === rule);

  it('covers every tool and counts truthfully', () => {
    expect(Object.keys(report.byTool)).toEqual(bundle.tools.map((tool) => tool.name));
    expect(report.summary.findings).toBe(report.findings.length);
    expect(report.summary.errors + report.summary.warnings + report.summary.infos).toBe(report.findings.length);
  });

  it('reports the seed’s own gaps', () => {
    expect(has('get_definition', 'line', 'number-bounds')).toBe(true);
    expect(has('get_definition', 'column', 'number-bounds')).toBe(true);
    expect(has('read_file', 'start_line', 'number-bounds')).toBe(true);
    const overwrite = report.findings.find((finding) => finding.tool === 'write_file' && finding.parameter === 'overwrite' && finding.rule === 'boolean-safe-default');
    expect(overwrite?.severity).toBe('error');
    expect(has('execute_command', 'env.*', 'string-max-length')).toBe(true);
    const env = report.findings.find((finding) => finding.tool === 'execute_command' && finding.parameter === 'env' && finding.rule === 'map-bounds');
    expect(env?.severity).toBe('warning');
    expect(has('git_commit', 'files', 'array-bounds')).toBe(true);
  });

  it('does not report what the seed gets right', () => {
    expect(report.findings.filter((finding) => finding.rule === 'destructive-confirm')).toEqual([]);
    // Every invalid example is rejected with the code it declares, on the parameter it declares.
    expect(report.findings.filter((finding) => finding.rule === 'examples-validate')).toEqual([]);
    // The seed's descriptions hold its own 30-200 character standard and carry no secrets.
    expect(report.findings.filter((finding) => finding.rule === 'description-length')).toEqual([]);
    expect(report.findings.filter((finding) => finding.rule === 'description-no-secrets')).toEqual([]);
    expect(report.findings.filter((finding) => finding.rule === 'path-max-length')).toEqual([]);
    expect(report.findings.filter((finding) => finding.rule === 'timeout-bounds')).toEqual([]);
    expect(has('move_file', 'overwrite', 'boolean-safe-default')).toBe(false);
  });
});
