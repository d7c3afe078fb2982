/** Tabs over one IndexedDB database and the toolsets they keep, for the tests of what a tab saves beside another's. */
import type { ToolDefinition, ToolsetBundle } from '../../core/toolset/types';
import { createIndexedDbToolsetStorage, type ImportedToolsetRecord } from '../lib/importedToolsets';
import { createToolsets } from './toolsets';

/** A toolset of one tool as an import makes it: the name and the descriptions given, the import's defaults else. */
export const oneToolToolset = (
  manifest: { id: string; name: string; description: string },
  tool: string,
  description: string,
): ToolsetBundle => ({
  manifest: { ...manifest, version: '1.0.0', categories: [] },
  tools: [
    {
      name: tool,
      description,
      inputSchema: { type: 'object' },
      riskLevel: 'low',
      title: tool,
      version: '1.0.0',
      category: 'imported',
      tags: [],
      examples: [],
      invalidExamples: [],
    } satisfies ToolDefinition,
  ],
});

/** A tab: its own store over the one IndexedDB database, told of no other tab's write (no channel). */
export const openTab = async () => {
  const toolsets = createToolsets({ storage: createIndexedDbToolsetStorage(), channelName: null });
  await toolsets.loadImported();
  return toolsets;
};

/** Every toolset record the database holds, read by a storage of its own (no tab's copy). */
export const storedRecords = (): Promise<ImportedToolsetRecord[]> => createIndexedDbToolsetStorage().loadAll();
