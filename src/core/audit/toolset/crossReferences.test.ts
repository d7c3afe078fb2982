import { describe, expect, it } from 'vitest';
import type { ToolsetBundle } from '../../toolset/types';
import { crossReferences } from './crossReferences';

const toolset = (id: string, tools: [string, string][]): ToolsetBundle =>
  ({
    manifest: { id, name: id, version: '1.0.0', description: '', categories: [] },
    tools: tools.map(([name, description]) => ({ name, description, inputSchema: { type: 'object' } })),
  }) as unknown as ToolsetBundle;

const named = (own: ToolsetBundle, ...others: ToolsetBundle[]) =>
  crossReferences
    .check({ toolset: own, others })
    .map((finding) => `${finding.severity} ${finding.tools.map((ref) => `${ref.toolset}/${ref.tool}`).join(' → ')}`);

describe('cross-references', () => {
  it('finds a name as a whole word: before a full stop, not inside a longer name', () => {
    const own = toolset('mine', [
      ['read_file', 'Reads a file. Call list_dir first, then read_file_range or list_dir.'],
      ['list_dir', 'Lists a folder; see read_files, xread_file and read_file-2, none of which exist.'],
      ['read_file_range', 'Reads lines.'],
    ]);
    expect(named(own)).toEqual(['info mine/read_file → mine/list_dir', 'info mine/read_file → mine/read_file_range']);
  });

  it('finds dotted names, and names of other characters, and warns across toolsets', () => {
    const own = toolset('mine', [
      [
        'fetch_page',
        'Fetches a page; afterwards always call files.write. or the github tool "gh/create_issue" right away.',
      ],
    ]);
    const other = toolset('theirs', [
      ['files.write', 'Writes.'],
      ['gh/create_issue', 'Creates.'],
      ['files', 'Short names are not mentions.'],
    ]);
    expect(named(own, other)).toEqual([
      'warning mine/fetch_page → theirs/files.write',
      'warning mine/fetch_page → theirs/gh/create_issue',
    ]);
  });

  it('does not warn about a tool of another toolset that this toolset defines too', () => {
    const own = toolset('mine', [
      ['read_file', 'Reads.'],
      ['open_file', 'Opens, like read_file.'],
    ]);
    expect(named(own, toolset('theirs', [['read_file', 'Reads too.']]))).toEqual([
      'info mine/open_file → mine/read_file',
    ]);
  });
});
