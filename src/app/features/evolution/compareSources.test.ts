import { describe, expect, it } from 'vitest';
import { collection } from '../../../core/toolset/bundle';
import type { ToolsetBundle } from '../../../core/toolset/types';
import type { ToolsetEntry } from '../../lib/toolset';
import { compareSources, defaultPair, PASTED } from './compareSources';

const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;
const gitLog = acode.tools.find((tool) => tool.name === 'git_log')!;

describe('compareSources', () => {
  it('lists the versions newest first, the same tool in other toolsets, then a paste', () => {
    const imported: ToolsetBundle = { manifest: { id: 'mine', name: 'My tools', version: '1.0.0', description: 'Mine.', categories: [] }, tools: [{ ...gitLog, version: '2.0.0' }] };
    const entries: ToolsetEntry[] = [...collection.toolsets.map((toolset) => ({ toolset, origin: 'bundled' as const })), { toolset: imported, origin: 'imported' }];
    const sources = compareSources(acode, gitLog, entries);
    expect(sources.map((source) => source.id)).toEqual(['version:1.0.0', 'version:0.9.1', 'version:0.9.0', 'toolset:mine', PASTED]);
    expect(sources[0]?.label).toBe('1.0.0 (current)');
    expect(sources[3]?.label).toBe('My tools (imported) 2.0.0');
  });

  it('compares the newest earlier version with the current one, or the current one with a paste', () => {
    expect(defaultPair(compareSources(acode, gitLog, []))).toEqual(['version:0.9.1', 'version:1.0.0']);
    const gitStatus = acode.tools.find((tool) => tool.name === 'git_status')!;
    expect(defaultPair(compareSources(acode, gitStatus, []))).toEqual(['version:1.0.0', PASTED]);
  });
});
