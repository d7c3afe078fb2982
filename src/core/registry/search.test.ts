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

  it('scores a word that starts with the token above a match inside a word, words split at any other character', () => {
    const tool = (name: string, description: string) => ({
      name,
      title: 'Tool',
      description,
      version: '1.0.0',
      category: 'files',
      riskLevel: 'low' as const,
      tags: [],
      parameters: [],
    });
    const tools = [
      tool('inside', 'Unreadable bytes.'),
      tool('after_punctuation', 'Bytes (read-only).'),
      tool('first_word', 'Read bytes.'),
      tool('with_underscore', 'Calls read_file_972 twice.'),
    ];
    const scores = (query: string) =>
      Object.fromEntries(searchTools(tools, query).map((hit) => [hit.tool.name, hit.score]));
    // A description word starting with the token: 10; the token inside a word: 5.
    expect(scores('read')).toEqual({ after_punctuation: 10, first_word: 10, with_underscore: 10, inside: 5 });
    // A token with "_" starts no word (words are runs of a–z and 0–9): a substring of the description.
    expect(scores('read_file_972')).toEqual({ with_underscore: 5 });
    // A name's segment starting with the token: 300; the name starting with it: 400.
    expect(scores('word')).toEqual({ first_word: 300 });
    expect(scores('with')).toEqual({ with_underscore: 400 });
  });
});
