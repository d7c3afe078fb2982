import { describe, expect, it } from 'vitest';
import { collection } from '../../../core/toolset/bundle';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { createMemoryToolsetStorage } from '../../lib/importedToolsets.test-support';
import type { ToolsetEntry } from '../../lib/toolset';
import { createToolsets } from '../../services/toolsets';
import { compareSources, defaultPair, loadSameNamedTools, PASTED } from './compareSources';

const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;
const gitLog = acode.tools.find((tool) => tool.name === 'git_log')!;

describe('compareSources', () => {
  it('lists the versions newest first, the same tool in other toolsets, then a paste', () => {
    const imported: ToolsetBundle = {
      manifest: { id: 'mine', name: 'My tools', version: '1.0.0', description: 'Mine.', categories: [] },
      tools: [{ ...gitLog, version: '2.0.0' }],
    };
    const entry: ToolsetEntry = {
      toolset: { manifest: imported.manifest, toolNames: imported.tools.map((tool) => tool.name) },
      origin: 'imported',
    };
    const sources = compareSources(acode, gitLog, [{ entry, tool: imported.tools[0]! }]);
    expect(sources.map((source) => source.id)).toEqual([
      'version:1.0.0',
      'version:0.9.1',
      'version:0.9.0',
      'toolset:mine',
      PASTED,
    ]);
    expect(sources[0]?.label).toBe('1.0.0 (current)');
    expect(sources[3]?.label).toBe('My tools (imported) 2.0.0');
  });

  it('loads the definitions of the same-named tools in the other toolsets only', async () => {
    const imported: ToolsetBundle = {
      manifest: { id: 'mine', name: 'My tools', version: '1.0.0', description: 'Mine.', categories: [] },
      tools: [{ ...gitLog, version: '2.0.0' }],
    };
    const toolsets = createToolsets({
      storage: createMemoryToolsetStorage([{ toolset: imported, format: 'toolset', importedAt: 1, mocks: {} }]),
    });
    await toolsets.loadImported();
    const others = await loadSameNamedTools(toolsets, 'acode-core', 'git_log');
    expect(others.map(({ entry, tool }) => `${entry.toolset.manifest.id}/${tool.name}@${tool.version}`)).toEqual([
      'mine/git_log@2.0.0',
    ]);
    expect(loadSameNamedTools(toolsets, 'acode-core', 'git_log')).toBe(
      loadSameNamedTools(toolsets, 'acode-core', 'git_log'),
    );
    const fromMine = await loadSameNamedTools(toolsets, 'mine', 'git_log');
    expect(fromMine.map(({ tool }) => tool)).toEqual([gitLog]);
  });

  it('compares the newest earlier version with the current one, or the current one with a paste', () => {
    expect(defaultPair(compareSources(acode, gitLog, []))).toEqual(['version:0.9.1', 'version:1.0.0']);
    const gitStatus = acode.tools.find((tool) => tool.name === 'git_status')!;
    expect(defaultPair(compareSources(acode, gitStatus, []))).toEqual(['version:1.0.0', PASTED]);
  });
});
