import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
import { catalogHref, checkCallsHref, parseHash, toolHref } from './router';

describe('hash routes', () => {
  it('parses the catalog, tool and shared-argument routes', () => {
    expect(parseHash('')).toEqual({ page: 'catalog', toolset: DEFAULT_TOOLSET_ID });
    expect(parseHash('#/')).toEqual({ page: 'catalog', toolset: DEFAULT_TOOLSET_ID });
    expect(parseHash('#/toolsets/prfactory')).toEqual({ page: 'catalog', toolset: 'prfactory' });
    expect(parseHash('#/toolsets/prfactory/tools/ReadFile')).toEqual({ page: 'tool', toolset: 'prfactory', name: 'ReadFile' });
    expect(parseHash('#/toolsets/mine/tools/get_weather?args=zAbC-_&toolset=zQQ')).toEqual({
      page: 'tool',
      toolset: 'mine',
      name: 'get_weather',
      sharedArguments: 'zAbC-_',
      sharedToolset: 'zQQ',
    });
    expect(parseHash('#/import')).toEqual({ page: 'import' });
    expect(parseHash('#/check')).toEqual({ page: 'check' });
    expect(parseHash('#/check?toolset=prfactory-agent-tools')).toEqual({ page: 'check', toolset: 'prfactory-agent-tools' });
    expect(parseHash(checkCallsHref('my tools'))).toEqual({ page: 'check', toolset: 'my tools' });
    expect(parseHash('#/nowhere').page).toBe('not-found');
    expect(parseHash('#/toolsets/%E0%A4%A/tools/x').page).toBe('not-found');
  });

  it('keeps the older #/tools/<name> links: they open the Acode tool', () => {
    expect(parseHash('#/tools/read_file')).toEqual({ page: 'tool', toolset: DEFAULT_TOOLSET_ID, name: 'read_file' });
    expect(parseHash('#/tools/read_file?args=zAbC-_')).toEqual({ page: 'tool', toolset: DEFAULT_TOOLSET_ID, name: 'read_file', sharedArguments: 'zAbC-_' });
  });

  it('builds links that parse back, escaping names', () => {
    expect(parseHash(toolHref('acode-core', 'git_commit', 'zXY'))).toEqual({ page: 'tool', toolset: 'acode-core', name: 'git_commit', sharedArguments: 'zXY' });
    expect(parseHash(toolHref('my set', 'a/b'))).toEqual({ page: 'tool', toolset: 'my set', name: 'a/b' });
    expect(catalogHref()).toBe('#/');
    expect(parseHash(catalogHref('prfactory'))).toEqual({ page: 'catalog', toolset: 'prfactory' });
  });
});
