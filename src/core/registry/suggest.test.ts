import { describe, expect, it } from 'vitest';
import { bundle, collection } from '../toolset/bundle';
import { closestNames, closestToolNames } from './suggest';

const toolsets = collection.toolsets.map((toolset) => ({
  value: toolset.manifest.id,
  spellings: [toolset.manifest.name],
}));

describe('closestNames: the tool or toolset meant by a name that names nothing', () => {
  it('finds a tool whatever the case and separators, and a typo a few edits away', () => {
    expect(closestToolNames(bundle.tools, 'readfile')[0]).toBe('read_file');
    expect(closestToolNames(bundle.tools, 'ReadFile')[0]).toBe('read_file');
    expect(closestToolNames(bundle.tools, 'read_fil')[0]).toBe('read_file');
    expect(closestToolNames(bundle.tools, 'git_comit')[0]).toBe('git_commit');
  });

  it('finds a toolset by a part of its id or its display name', () => {
    expect(closestNames('prfactory', toolsets)).toEqual(['prfactory-agent-tools']);
    expect(closestNames('PRFactory.AgentTools', toolsets)).toEqual(['prfactory-agent-tools']);
    expect(closestNames('acode', toolsets)).toEqual(['acode-core']);
  });

  it('puts closer spellings first, search matches after them, and gives at most three', () => {
    expect(closestNames('gits', ['git_status', 'gist', 'git'])).toEqual(['gist', 'git', 'git_status']);
    expect(closestNames('xyz', ['alpha'], { search: () => ['alpha'] })).toEqual(['alpha']);
    expect(closestNames('file', ['a_file', 'b_file', 'c_file', 'd_file'])).toHaveLength(3);
  });

  it('suggests nothing for what is nowhere near, for nothing typed, and for input too long to be a name', () => {
    expect(closestNames('zzzzzz', ['read_file', 'git_commit'])).toEqual([]);
    expect(closestNames('', ['read_file'])).toEqual([]);
    expect(closestNames('read_file'.repeat(30), ['read_file'])).toEqual([]);
  });
});
