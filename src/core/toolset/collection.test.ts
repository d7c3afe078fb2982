import { describe, expect, it } from 'vitest';
import { collection as bundledCollection } from './bundle';
import {
  allToolsIn,
  collectionProblems,
  DEFAULT_TOOLSET_ID,
  defaultToolset,
  findToolIn,
  findToolset,
  orderToolsets,
  type ToolsetCollection,
} from './collection';
import type { ToolsetBundle } from './types';

const toolset = (id: string, name: string, toolNames: string[]): ToolsetBundle => ({
  manifest: {
    id,
    name,
    version: '1.0.0',
    description: `${name} tools`,
    categories: [{ id: 'misc', name: 'Misc', description: 'Misc', tools: toolNames }],
  },
  tools: toolNames.map((toolName) => ({
    name: toolName,
    title: toolName,
    description: `${toolName} in ${id}`,
    version: '1.0.0',
    category: 'misc',
    riskLevel: 'safe',
    tags: [],
    inputSchema: { type: 'object' },
    examples: [],
    invalidExamples: [],
  })),
});

describe('toolset collection', () => {
  const collection: ToolsetCollection = {
    toolsets: [
      toolset('other', 'Other', ['read_file']),
      toolset(DEFAULT_TOOLSET_ID, 'Acode', ['read_file', 'git_log']),
    ],
  };

  it('finds a tool by toolset and name, so equal names in two toolsets stay apart', () => {
    expect(findToolIn(collection, 'other', 'read_file')?.tool.description).toBe('read_file in other');
    expect(findToolIn(collection, DEFAULT_TOOLSET_ID, 'read_file')?.tool.description).toBe(
      `read_file in ${DEFAULT_TOOLSET_ID}`,
    );
    expect(findToolIn(collection, 'other', 'git_log')).toBeUndefined();
    expect(findToolIn(collection, 'missing', 'read_file')).toBeUndefined();
  });

  it('takes the default toolset when present, else the first', () => {
    expect(defaultToolset(collection).manifest.id).toBe(DEFAULT_TOOLSET_ID);
    expect(defaultToolset({ toolsets: [toolset('b', 'B', ['x'])] }).manifest.id).toBe('b');
    expect(() => defaultToolset({ toolsets: [] })).toThrow(/empty/);
  });

  it('orders the default toolset first, then by name', () => {
    const ordered = orderToolsets([
      toolset('z', 'Zulu', ['x']),
      toolset(DEFAULT_TOOLSET_ID, 'Acode', ['x']),
      toolset('b', 'Bravo', ['x']),
    ]);
    expect(ordered.map((entry) => entry.manifest.id)).toEqual([DEFAULT_TOOLSET_ID, 'b', 'z']);
  });

  it('lists every tool with its toolset and reports duplicate toolset ids', () => {
    expect(allToolsIn(collection).map(({ toolset: owner, tool }) => `${owner.manifest.id}/${tool.name}`)).toEqual([
      'other/read_file',
      `${DEFAULT_TOOLSET_ID}/read_file`,
      `${DEFAULT_TOOLSET_ID}/git_log`,
    ]);
    expect(collectionProblems(collection)).toEqual([]);
    expect(collectionProblems({ toolsets: [toolset('a', 'A', ['x']), toolset('a', 'A2', ['y'])] })).toEqual([
      "Two toolsets have the id 'a': toolset ids must be unique",
    ]);
  });

  it('the bundled collection starts with the Acode core toolset', () => {
    expect(bundledCollection.toolsets[0]?.manifest.id).toBe(DEFAULT_TOOLSET_ID);
    expect(findToolset(bundledCollection, DEFAULT_TOOLSET_ID)?.tools).toHaveLength(17);
  });
});
