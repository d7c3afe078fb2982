import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import { toolSummary, type JsonObject, type ToolDefinition } from '../toolset/types';
import {
  AVAILABILITY_PRESETS,
  PLAYGROUND_CAPABILITIES,
  capabilitiesNeeded,
  createRegistry,
  missingCapabilities,
  searchTools,
  type RegistryChange,
} from './index';
import { collection } from '../toolset/bundle';

const makeTool = (name: string, overrides: Partial<ToolDefinition> = {}): ToolDefinition => ({
  name,
  title: name.replace(/_/g, ' '),
  description: `The ${name} tool.`,
  version: '1.0.0',
  category: 'testing',
  riskLevel: 'safe',
  tags: [],
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  examples: [],
  invalidExamples: [],
  ...overrides,
});

describe('createRegistry over the bundled toolset', () => {
  const registry = createRegistry(bundle);

  it('holds every bundled tool in bundle order and looks them up case-insensitively', () => {
    expect(registry.all().map((tool) => tool.name)).toEqual(bundle.tools.map((tool) => tool.name));
    expect(registry.count()).toBe(17);
    expect(registry.get('read_file')?.name).toBe('read_file');
    expect(registry.get('READ_FILE')?.name).toBe('read_file');
    expect(registry.get('read_fil')).toBeUndefined();
    expect(registry.has('git_log')).toBe(true);
  });

  it('search ranks name matches first and matches parameters, tags and descriptions', () => {
    const names = registry.search('file').map((tool) => tool.name);
    expect(names.slice(0, 1)).toEqual(['read_file']);
    expect(names).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'delete_file', 'move_file', 'search_files']),
    );
    const nameMatches = names.filter((name) => name.includes('file'));
    expect(names.slice(0, nameMatches.length)).toEqual(nameMatches);
    expect(
      registry
        .search('GIT')
        .slice(0, 4)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['git_commit', 'git_diff', 'git_log', 'git_status']);
    expect(
      registry
        .search('timeout_sec')
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['execute_command', 'execute_script']);
    expect(registry.search('read file')[0]?.name).toBe('read_file');
    expect(registry.search('zzzz-nothing')).toEqual([]);
    expect(registry.searchHits('encoding').find((hit) => hit.tool.name === 'read_file')?.matched).toContain(
      'parameters',
    );
  });

  it('filters by category and risk level', () => {
    expect(registry.filter({ category: 'version_control' }).map((tool) => tool.name)).toEqual([
      'git_status',
      'git_diff',
      'git_log',
      'git_commit',
    ]);
    const safe = registry.filter({ maxRiskLevel: 'safe' });
    expect(safe.length).toBeGreaterThan(0);
    expect(safe.every((tool) => tool.riskLevel === 'safe')).toBe(true);
    const lowOrSafe = registry.filter({ maxRiskLevel: 'low' });
    expect(lowOrSafe.length).toBeGreaterThan(safe.length);
    expect(registry.filter({ riskLevel: 'low' }).every((tool) => tool.riskLevel === 'low')).toBe(true);
    expect(registry.filter({}).length).toBe(17);
  });

  it('produces function definitions for the available tools', () => {
    const definitions = registry.functionDefinitions('openai-chat', {
      maxRiskLevel: 'safe',
      excludedCategories: ['version_control'],
    });
    const safeNames = registry
      .filter({ maxRiskLevel: 'safe' })
      .filter((tool) => tool.category !== 'version_control')
      .map((tool) => tool.name);
    expect(definitions.map((definition) => (definition.function as JsonObject).name)).toEqual(safeNames);
    expect(registry.functionDefinitions('anthropic').map((definition) => definition.name)).toHaveLength(17);
    expect(
      registry
        .available({ enabledTools: ['read_file', 'git_log'], disabledTools: ['git_log'] })
        .map((tool) => tool.name),
    ).toEqual(['read_file']);
  });

  it('treats an empty enabledTools or includedCategories list as no filter, as the runtime model does', () => {
    const all = registry.available().map((tool) => tool.name);
    expect(all).toHaveLength(17);
    expect(registry.available({ enabledTools: [] }).map((tool) => tool.name)).toEqual(all);
    expect(registry.available({ includedCategories: [] }).map((tool) => tool.name)).toEqual(all);
    expect(
      registry
        .available({ enabledTools: [], includedCategories: [], excludedCategories: [], disabledTools: [] })
        .map((tool) => tool.name),
    ).toEqual(all);
    expect(
      registry
        .available({ includedCategories: ['version_control'] })
        .every((tool) => tool.category === 'version_control'),
    ).toBe(true);
    expect(registry.functionDefinitions('openai-chat', { enabledTools: [] })).toHaveLength(17);
  });
});

describe('one function definition, and availability by capability', () => {
  const registry = createRegistry(bundle);

  it('gives one tool as a provider expects it, and nothing for an unknown name', () => {
    expect(registry.functionDefinition('read_file')).toEqual(
      registry.functionDefinitions('openai-chat', { enabledTools: ['read_file'] })[0],
    );
    expect(registry.functionDefinition('READ_FILE', 'anthropic')).toMatchObject({
      name: 'read_file',
      input_schema: { type: 'object' },
    });
    expect(registry.functionDefinition('nope')).toBeUndefined();
  });

  it('maps categories to what they need: workspace, terminal, git repository; the editor by tag', () => {
    const need = (name: string) => capabilitiesNeeded(registry.get(name)!);
    expect(need('read_file')).toEqual(['workspace']);
    expect(need('execute_command')).toEqual(['terminal']);
    expect(need('git_log')).toEqual(['gitRepository']);
    expect(need('ask_user')).toEqual([]);
    expect(capabilitiesNeeded({ category: 'custom', tags: ['Editor'] })).toEqual(['editor']);
  });

  it("applies the seed's presets: default has no git repository, safe only has a workspace and safe tools", () => {
    const names = (capabilities: typeof PLAYGROUND_CAPABILITIES) =>
      registry.available({ capabilities }).map((tool) => tool.name);
    const byDefault = names(AVAILABILITY_PRESETS.default);
    expect(byDefault).toContain('execute_command');
    expect(byDefault.some((name) => name.startsWith('git_'))).toBe(false);
    const safeOnly = registry.available({ capabilities: AVAILABILITY_PRESETS.safeOnly });
    expect(safeOnly.length).toBeGreaterThan(0);
    expect(
      safeOnly.every(
        (tool) => tool.riskLevel === 'safe' && missingCapabilities(tool, AVAILABILITY_PRESETS.safeOnly).length === 0,
      ),
    ).toBe(true);
    expect(safeOnly.map((tool) => tool.name)).not.toContain('execute_command');
    // The playground has all four: every bundled tool of both toolsets can run here.
    for (const toolset of collection.toolsets)
      expect(createRegistry(toolset).available({ capabilities: PLAYGROUND_CAPABILITIES })).toHaveLength(
        toolset.tools.length,
      );
  });
});

describe('search over summaries', () => {
  it('ranks and matches summaries exactly as the definitions they summarize', () => {
    const summaries = bundle.tools.map(toolSummary);
    for (const query of ['file', 'GIT', 'timeout_sec', 'read file', 'encoding', 'zzzz-nothing']) {
      const overSummaries = searchTools(summaries, query).map((hit) => [hit.tool.name, hit.score, hit.matched]);
      expect(overSummaries, query).toEqual(
        searchTools(bundle.tools, query).map((hit) => [hit.tool.name, hit.score, hit.matched]),
      );
    }
  });
});

describe('registry changes', () => {
  it('register, replace and unregister emit change events', () => {
    const registry = createRegistry([makeTool('alpha')]);
    const changes: RegistryChange[] = [];
    const stop = registry.onChange((change) => changes.push(change));
    expect(registry.register(makeTool('beta'))).toEqual({ ok: true, change: 'added' });
    expect(registry.register(makeTool('alpha'))).toMatchObject({ ok: false });
    expect(registry.register(makeTool('alpha', { description: 'Updated' }), { replace: true })).toEqual({
      ok: true,
      change: 'updated',
    });
    expect(registry.all().map((tool) => tool.name)).toEqual(['alpha', 'beta']);
    expect(registry.get('alpha')?.description).toBe('Updated');
    expect(registry.unregister('BETA')).toBe(true);
    expect(registry.unregister('beta')).toBe(false);
    expect(changes.map((change) => [change.type, change.tool.name])).toEqual([
      ['added', 'beta'],
      ['updated', 'alpha'],
      ['removed', 'beta'],
    ]);
    stop();
    registry.register(makeTool('gamma'));
    expect(changes).toHaveLength(3);
  });

  it('refuses malformed tools with a reason instead of throwing, and survives a failing listener', () => {
    const registry = createRegistry();
    registry.onChange(() => {
      throw new Error('listener bug');
    });
    expect(registry.register({ name: '' } as ToolDefinition)).toEqual({
      ok: false,
      error: "A tool definition needs a non-empty string 'name'",
    });
    expect(registry.register(makeTool('no_schema', { inputSchema: null as unknown as JsonObject }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/inputSchema/),
    });
    expect(registry.register(makeTool('fine'))).toEqual({ ok: true, change: 'added' });
    expect(registry.count()).toBe(1);
  });

  it('search with an empty query returns everything in order', () => {
    const registry = createRegistry([makeTool('one'), makeTool('two')]);
    expect(registry.search('  ').map((tool) => tool.name)).toEqual(['one', 'two']);
  });
});
