import { describe, expect, it } from 'vitest';
import type { ToolsetBundle } from '../../toolset/types';
import { auditToolset } from './index';

const toolset = (
  count: number,
  name: (index: number) => string,
  description: (index: number) => string,
): ToolsetBundle =>
  ({
    manifest: { id: 'many', name: 'Many tools', version: '1.0.0', description: 'Generated.', categories: [] },
    tools: Array.from({ length: count }, (_, index) => ({
      name: name(index),
      description: description(index),
      inputSchema: { type: 'object' },
    })),
  }) as unknown as ToolsetBundle;

describe('the audit across tools on a large toolset', () => {
  it('audits 10,000 near-copies, listing at most five look-alikes after each tool and saying there are more', () => {
    const many = toolset(
      10_000,
      (index) => `tool_${index}`,
      (index) => `Reads the file number ${index} from the workspace and returns its content as text.`,
    );
    const findings = auditToolset(many, []).filter((finding) => finding.rule === 'similar-tools');
    const pairs = findings.filter((finding) => finding.tools.length === 2);
    const perTool = new Map<string, number>();
    for (const finding of pairs) perTool.set(finding.tools[0]!.tool, (perTool.get(finding.tools[0]!.tool) ?? 0) + 1);
    expect(Math.max(...perTool.values())).toBe(5);
    expect(pairs[0]!.message).toBe(
      "'tool_0' and 'tool_1' are hard for a model to tell apart: their descriptions share 100% of their words. Say in each description what sets it apart and when to use it instead of the other.",
    );
    expect(findings.at(-1)!.message).toMatch(
      /^9,99\d tools \('tool_0', 'tool_1', 'tool_2'…\) have more look-alikes after them than the 5 listed for each/,
    );
  });

  it('audits 10,000 distinct tools, and still finds the pair that is alike and the names another toolset shadows', () => {
    const distinct = toolset(
      10_000,
      (index) => `t${index.toString(36)}_${(index * 7919).toString(36)}`,
      (index) => `Tool number ${index} does its own task ${index * 13} for the user alone.`,
    );
    const twin = {
      ...distinct,
      tools: [...distinct.tools, { ...distinct.tools[42]!, name: `${distinct.tools[42]!.name}s` }],
    } as ToolsetBundle;
    const other = {
      ...distinct,
      manifest: { ...distinct.manifest, id: 'other' },
      tools: [distinct.tools[7]!],
    } as ToolsetBundle;
    const findings = auditToolset(twin, [other]);
    expect(findings.filter((finding) => finding.rule === 'shadowing').map((finding) => finding.tools[0]!.tool)).toEqual(
      [distinct.tools[7]!.name],
    );
    expect(
      findings
        .filter((finding) => finding.rule === 'similar-tools')
        .map((finding) => finding.tools.map((ref) => ref.tool)),
    ).toContainEqual([distinct.tools[42]!.name, `${distinct.tools[42]!.name}s`]);
  });
});
