import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import { toolSummary } from '../toolset/types';
import { searchTools } from './search';

const names = (query: string) => searchTools(bundle.tools, query).map((hit) => hit.tool.name);

describe('searching the bundled toolset', () => {
  it('ranks name matches first and matches parameters, tags and descriptions', () => {
    const found = names('file');
    expect(found[0]).toBe('read_file');
    expect(found).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'delete_file', 'move_file', 'search_files']),
    );
    const nameMatches = found.filter((name) => name.includes('file'));
    expect(found.slice(0, nameMatches.length)).toEqual(nameMatches);
    expect(names('GIT').slice(0, 4).sort()).toEqual(['git_commit', 'git_diff', 'git_log', 'git_status']);
    expect(names('timeout_sec').sort()).toEqual(['execute_command', 'execute_script']);
    expect(names('read file')[0]).toBe('read_file');
    expect(names('zzzz-nothing')).toEqual([]);
    expect(searchTools(bundle.tools, 'encoding').find((hit) => hit.tool.name === 'read_file')?.matched).toContain(
      'parameters',
    );
  });

  it('returns every tool in order for an empty query', () => {
    expect(names('')).toEqual(bundle.tools.map((tool) => tool.name));
  });

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
