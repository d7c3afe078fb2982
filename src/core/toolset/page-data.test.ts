import { describe, expect, it } from 'vitest';
import { collection } from './bundle';
import { pageDataFiles } from './page-data';

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
});
