import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { bundle, collection } from '../toolset/bundle';
import { lintToolset } from './index';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

// Not a snapshot: specific findings the bundled seed data is known to have (and not to have).
describe('audit of the bundled toolset', () => {
  const report = lintToolset(bundle, { validator });
  const has = (tool: string, parameter: string | undefined, rule: string) =>
    report.findings.some(
      (finding) => finding.tool === tool && finding.parameter === parameter && finding.rule === rule,
    );

  it('covers every tool and counts truthfully', () => {
    expect(Object.keys(report.byTool)).toEqual(bundle.tools.map((tool) => tool.name));
    expect(report.summary.findings).toBe(report.findings.length);
    expect(report.summary.errors + report.summary.warnings + report.summary.infos).toBe(report.findings.length);
  });

  it('reports the seed’s own gaps', () => {
    expect(has('get_definition', 'line', 'number-bounds')).toBe(true);
    expect(has('get_definition', 'column', 'number-bounds')).toBe(true);
    expect(has('read_file', 'start_line', 'number-bounds')).toBe(true);
    const overwrite = report.findings.find(
      (finding) =>
        finding.tool === 'write_file' && finding.parameter === 'overwrite' && finding.rule === 'boolean-safe-default',
    );
    expect(overwrite?.severity).toBe('error');
    expect(has('execute_command', 'env.*', 'string-max-length')).toBe(true);
    const env = report.findings.find(
      (finding) => finding.tool === 'execute_command' && finding.parameter === 'env' && finding.rule === 'map-bounds',
    );
    expect(env?.severity).toBe('warning');
    expect(has('git_commit', 'files', 'array-bounds')).toBe(true);
  });

  it('does not report what the seed gets right', () => {
    expect(report.findings.filter((finding) => finding.rule === 'destructive-confirm')).toEqual([]);
    // Every invalid example is rejected with the code it declares, on the parameter it declares.
    expect(report.findings.filter((finding) => finding.rule === 'examples-validate')).toEqual([]);
    // The bundled descriptions hold the 30-200 character standard and carry no secrets.
    expect(report.findings.filter((finding) => finding.rule === 'description-length')).toEqual([]);
    expect(report.findings.filter((finding) => finding.rule === 'description-no-secrets')).toEqual([]);
    expect(report.findings.filter((finding) => finding.rule === 'path-max-length')).toEqual([]);
    expect(report.findings.filter((finding) => finding.rule === 'timeout-bounds')).toEqual([]);
    expect(has('move_file', 'overwrite', 'boolean-safe-default')).toBe(false);
  });
});

describe('audit of the PRFactory toolset', () => {
  const prfactory = collection.toolsets.find((toolset) => toolset.manifest.id === 'prfactory-agent-tools')!;
  const report = lintToolset(prfactory, { validator });

  it('is clean under its own naming style, its two kept findings accepted with the reason', () => {
    expect(prfactory.tools).toHaveLength(26);
    expect(report.summary.errors + report.summary.warnings).toBe(0);
    expect(
      report.findings.map((finding) => `${finding.severity}:${finding.tool}.${finding.parameter}:${finding.rule}`),
    ).toEqual(['info:GitCommit.stageAll:boolean-safe-default', 'info:CreateBranch.branchName:pattern-portability']);
    expect(report.findings[0]?.message).toMatch(/^Accepted: PRFactory's CommitTool stages everything by default/);
    expect(report.findings[1]?.message).toMatch(/^Accepted: The lookaheads state git's ref-name rules/);
  });

  it('would be warned about under the snake_case default, so the declared style is what keeps it clean', () => {
    const undeclared = lintToolset(
      { ...prfactory, manifest: { ...prfactory.manifest, naming: undefined } },
      { validator },
    );
    expect(undeclared.findings.filter((finding) => finding.rule === 'naming').length).toBeGreaterThan(26);
  });

  it('takes the seven fully specified tools exactly from the seed', () => {
    const tool = (name: string) => prfactory.tools.find((candidate) => candidate.name === name)!;
    const shape = (name: string) => {
      const schema = tool(name).inputSchema as {
        properties: Record<string, { type: string; default?: unknown }>;
        required: string[];
      };
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [
          key,
          `${value.type}${schema.required.includes(key) ? '!' : ''}${value.default === undefined ? '' : `=${JSON.stringify(value.default)}`}`,
        ]),
      );
    };
    expect(shape('ReadFile')).toEqual({ filePath: 'string!' });
    expect(shape('WriteFile')).toEqual({ filePath: 'string!', content: 'string!' });
    expect(shape('Grep')).toEqual({
      pattern: 'string!',
      directory: 'string="."',
      filePattern: 'string="*.*"',
      caseSensitive: 'boolean=false',
    });
    expect(shape('Glob')).toEqual({ pattern: 'string!', directory: 'string="."' });
    expect(shape('GitCommit')).toEqual({ message: 'string!', stageAll: 'boolean=true' });
    expect(shape('GetJiraTicket')).toEqual({ ticketKey: 'string!' });
    expect(shape('CodeSearch')).toEqual({ query: 'string!', language: 'string="csharp"' });
    expect(tool('ReadFile').description).toMatch(/^Read the contents of a file from the workspace/);
    expect(tool('WriteFile').description).toMatch(/^Write content to a file \(atomic operation\)/);
  });
});
