import { describe, expect, it } from 'vitest';
import { collection } from './bundle';
import { pageDataFiles, toolModuleName } from './page-data';

describe('the page data of the toolsets', () => {
  it('marks a tool with no code in its summary, as in its module, and no other', () => {
    const toolset = collection.toolsets[0]!;
    const id = toolset.manifest.id;
    const without = toolset.tools[1]!.name;
    const files = pageDataFiles(collection, (toolsetId, name) => !(toolsetId === id && name === without));
    const summaries = files.summaries[id]!;
    expect(summaries.filter((summary) => summary.noCode).map((summary) => summary.name)).toEqual([without]);
    const modules = Object.values(files.tools).filter((module) => module.noCode);
    expect(modules.map((module) => module.tool.name)).toEqual([without]);
  });

  it('marks nothing when every tool has code', () => {
    const files = pageDataFiles(collection);
    for (const summaries of Object.values(files.summaries))
      expect(summaries.some((summary) => 'noCode' in summary)).toBe(false);
  });

  it('names each tool’s module by its position among every toolset’s tools and its name, safe for a file', () => {
    const files = pageDataFiles(collection);
    const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
    expect(Object.keys(files.tools)).toEqual(
      tools.map((tool, position) => `${toolModuleName(position, tool.name)}.json`),
    );
    expect(toolModuleName(7, 'a.b/c d')).toBe('7-a_b_c_d');
  });
});
