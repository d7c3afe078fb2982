import { describe, expect, it } from 'vitest';
import { bundle, collection } from '../toolset/bundle';
import { riskRank } from '../toolset/risk';
import type { ToolDefinition } from '../toolset/types';
import { AVAILABILITY_PRESETS, PLAYGROUND_CAPABILITIES, capabilitiesNeeded, missingCapabilities } from './capabilities';
import { matchesFilter } from './filter';

const tool = (name: string): ToolDefinition => bundle.tools.find((each) => each.name === name)!;
const filtered = (filter: Parameters<typeof matchesFilter>[1]) =>
  bundle.tools.filter((each) => matchesFilter(each, filter)).map((each) => each.name);

describe('filters', () => {
  it('filter by category, exact risk level, a risk ceiling and tags', () => {
    expect(filtered({ category: 'version_control' })).toEqual(['git_status', 'git_diff', 'git_log', 'git_commit']);
    const safe = filtered({ maxRiskLevel: 'safe' });
    expect(safe.length).toBeGreaterThan(0);
    expect(safe.every((name) => tool(name).riskLevel === 'safe')).toBe(true);
    expect(filtered({ maxRiskLevel: 'low' }).length).toBeGreaterThan(safe.length);
    expect(filtered({ riskLevel: 'low' }).every((name) => tool(name).riskLevel === 'low')).toBe(true);
    expect(filtered({})).toHaveLength(bundle.tools.length);
    const tagged = bundle.tools.find((each) => (each.tags ?? []).length > 0)!;
    expect(filtered({ tags: [tagged.tags![0]!.toUpperCase()] })).toContain(tagged.name);
    expect(filtered({ tags: ['no-such-tag'] })).toEqual([]);
  });
});

describe('availability by capability', () => {
  it('maps categories to what they need: workspace, terminal, git repository; the editor by tag', () => {
    expect(capabilitiesNeeded(tool('read_file'))).toEqual(['workspace']);
    expect(capabilitiesNeeded(tool('execute_command'))).toEqual(['terminal']);
    expect(capabilitiesNeeded(tool('git_log'))).toEqual(['gitRepository']);
    expect(capabilitiesNeeded(tool('ask_user'))).toEqual([]);
    expect(capabilitiesNeeded({ category: 'custom', tags: ['Editor'] })).toEqual(['editor']);
  });

  it('applies the presets: the default has no git repository, safe-only has a workspace and safe tools', () => {
    const runsIn = (context: typeof PLAYGROUND_CAPABILITIES) =>
      bundle.tools
        .filter(
          (each) =>
            missingCapabilities(each, context).length === 0 &&
            (context.maxRiskLevel === undefined || riskRank(each.riskLevel) <= riskRank(context.maxRiskLevel)),
        )
        .map((each) => each.name);
    const byDefault = runsIn(AVAILABILITY_PRESETS.default);
    expect(byDefault).toContain('execute_command');
    expect(byDefault.some((name) => name.startsWith('git_'))).toBe(false);
    const safeOnly = runsIn(AVAILABILITY_PRESETS.safeOnly);
    expect(safeOnly.length).toBeGreaterThan(0);
    expect(safeOnly.every((name) => tool(name).riskLevel === 'safe')).toBe(true);
    expect(safeOnly).not.toContain('execute_command');
    // The playground has all four: every bundled tool of every toolset can run here.
    for (const toolset of collection.toolsets)
      for (const each of toolset.tools)
        expect(missingCapabilities(each, PLAYGROUND_CAPABILITIES), each.name).toEqual([]);
  });
});
