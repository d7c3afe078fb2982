import { describe, expect, it } from 'vitest';
import { bundle, categoryName, findTool, toolsByCategory } from './bundle';
import { createCompilingValidator } from '../validation/compile';
import { loadToolset } from './load';
import { readAcodeFiles } from './acode-files.node.test-support.js';
import type { ToolsetBundle } from './types';

describe('bundle', () => {
  it('is what the loader makes of schemas/acode now (run `npm run bundle` after editing schemas)', () => {
    const files = readAcodeFiles();
    expect(bundle).toEqual(
      loadToolset(files.manifest, files.tools, { validator: createCompilingValidator(), historyFiles: files.history }),
    );
  });

  it('finds tools by name', () => {
    expect(findTool('git_commit')?.category).toBe('version_control');
    expect(findTool('read_file')?.inputSchema.required).toEqual(['path']);
    expect(findTool('no_such_tool')).toBeUndefined();
  });

  it('groups tools by category in manifest order', () => {
    const groups = toolsByCategory();
    expect(groups.map((group) => group.category.id)).toEqual(bundle.manifest.categories.map((category) => category.id));
    for (const group of groups) {
      expect(group.tools.map((tool) => tool.name)).toEqual(group.category.tools);
      expect(group.tools.every((tool) => tool.category === group.category.id)).toBe(true);
    }
    expect(groups.flatMap((group) => group.tools)).toEqual(bundle.tools);
  });

  it('names categories for display, falling back to the id', () => {
    expect(categoryName('file_operations')).toBe('File Operations');
    expect(categoryName('user_interaction')).toBe('User Interaction');
    expect(categoryName('web')).toBe('web');
  });

  it('works on any bundle passed in', () => {
    const other: ToolsetBundle = {
      manifest: {
        id: 'other',
        name: 'Other',
        version: '1.0.0',
        description: 'Another toolset',
        categories: [{ id: 'web', name: 'Web', description: 'Web tools', tools: ['fetch_url'] }],
      },
      tools: [{ ...bundle.tools[0]!, name: 'fetch_url', category: 'web' }],
    };
    expect(findTool('fetch_url', other)?.category).toBe('web');
    expect(findTool('read_file', other)).toBeUndefined();
    expect(toolsByCategory(other).map((group) => group.tools.map((tool) => tool.name))).toEqual([['fetch_url']]);
    expect(categoryName('web', other)).toBe('Web');
  });
});
