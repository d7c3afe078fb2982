import { describe, expect, it } from 'vitest';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
import { legacyHashTarget, parsePath } from './router';
import { catalogHref, checkCallsHref, toolHref } from './hrefs';

const parseHref = (href: string, base = '/') => {
  const url = new URL(href, 'https://site.example/');
  return parsePath(url.pathname, url.search, url.hash, base);
};

describe('page addresses', () => {
  it('parses the catalog, tool, import and check pages', () => {
    expect(parsePath('/')).toEqual({ page: 'catalog', toolset: DEFAULT_TOOLSET_ID });
    expect(parsePath('/index.html')).toEqual({ page: 'catalog', toolset: DEFAULT_TOOLSET_ID });
    expect(parsePath('/toolsets/prfactory/')).toEqual({ page: 'catalog', toolset: 'prfactory' });
    expect(parsePath('/toolsets/prfactory')).toEqual({ page: 'catalog', toolset: 'prfactory' });
    expect(parsePath('/tools/read_file/')).toEqual({ page: 'tool', toolset: DEFAULT_TOOLSET_ID, name: 'read_file' });
    expect(parsePath('/tools/read_file')).toEqual({ page: 'tool', toolset: DEFAULT_TOOLSET_ID, name: 'read_file' });
    expect(parsePath('/toolsets/prfactory/tools/ReadFile/')).toEqual({
      page: 'tool',
      toolset: 'prfactory',
      name: 'ReadFile',
    });
    expect(parsePath('/import/')).toEqual({ page: 'import' });
    expect(parsePath('/check/')).toEqual({ page: 'check' });
    expect(parsePath('/check/', '?toolset=prfactory-agent-tools')).toEqual({
      page: 'check',
      toolset: 'prfactory-agent-tools',
    });
    expect(parseHref(checkCallsHref('my tools'))).toEqual({ page: 'check', toolset: 'my tools' });
    expect(parsePath('/nowhere').page).toBe('not-found');
    expect(parsePath('/tools/a/b/').page).toBe('not-found');
    expect(parsePath('/toolsets/%E0%A4%A/tools/x/').page).toBe('not-found');
  });

  it('reads a shared link from the fragment, and an in-page anchor as no payload', () => {
    expect(parsePath('/toolsets/mine/tools/get_weather/', '', '#args=zAbC-_&toolset=zQQ')).toEqual({
      page: 'tool',
      toolset: 'mine',
      name: 'get_weather',
      sharedArguments: 'zAbC-_',
      sharedToolset: 'zQQ',
    });
    expect(parsePath('/tools/read_file/', '', '#parameters')).toEqual({
      page: 'tool',
      toolset: DEFAULT_TOOLSET_ID,
      name: 'read_file',
    });
  });

  it('builds links that parse back, escaping names', () => {
    expect(toolHref('acode-core', 'git_commit', 'zXY')).toBe('/tools/git_commit/#args=zXY');
    expect(parseHref(toolHref('acode-core', 'git_commit', 'zXY'))).toEqual({
      page: 'tool',
      toolset: 'acode-core',
      name: 'git_commit',
      sharedArguments: 'zXY',
    });
    expect(parseHref(toolHref('my set', 'a/b'))).toEqual({ page: 'tool', toolset: 'my set', name: 'a/b' });
    expect(catalogHref()).toBe('/');
    expect(parseHref(catalogHref('prfactory'))).toEqual({ page: 'catalog', toolset: 'prfactory' });
  });

  it('serves under a sub-path: addresses outside it lead nowhere', () => {
    expect(toolHref('acode-core', 'read_file', undefined, '/docs/')).toBe('/docs/tools/read_file/');
    expect(parseHref('/docs/tools/read_file/', '/docs/')).toEqual({
      page: 'tool',
      toolset: DEFAULT_TOOLSET_ID,
      name: 'read_file',
    });
    expect(parseHref('/docs', '/docs/')).toEqual({ page: 'catalog', toolset: DEFAULT_TOOLSET_ID });
    expect(parseHref('/tools/read_file/', '/docs/').page).toBe('not-found');
  });
});

describe('the hash links of earlier versions', () => {
  it('lead to the same page at its real address, payload kept', () => {
    expect(legacyHashTarget('#/')).toBe('/');
    expect(legacyHashTarget('#/tools/read_file')).toBe('/tools/read_file/');
    expect(legacyHashTarget('#/tools/read_file?args=zAbC-_')).toBe('/tools/read_file/#args=zAbC-_');
    expect(legacyHashTarget('#/toolsets/prfactory')).toBe('/toolsets/prfactory/');
    expect(legacyHashTarget('#/toolsets/mine/tools/get_weather?args=zA&toolset=zQQ')).toBe(
      '/toolsets/mine/tools/get_weather/#args=zA&toolset=zQQ',
    );
    expect(legacyHashTarget('#/toolsets/mine/tools/get_weather?toolset=zQQ')).toBe(
      '/toolsets/mine/tools/get_weather/#toolset=zQQ',
    );
    expect(legacyHashTarget('#/import')).toBe('/import/');
    expect(legacyHashTarget('#/check?toolset=prfactory')).toBe('/check/?toolset=prfactory');
  });

  it('leave in-page anchors, payloads and unknown routes alone', () => {
    expect(legacyHashTarget('#parameters')).toBeNull();
    expect(legacyHashTarget('#args=zA')).toBeNull();
    expect(legacyHashTarget('#/nowhere')).toBeNull();
    expect(legacyHashTarget('')).toBeNull();
  });
});

describe('the guide’s addresses', () => {
  it('reads /guide/ as its index and /guide/<topic>/ as a topic; anything deeper is no page', () => {
    expect(parsePath('/guide/', '', '', '/')).toEqual({ page: 'guide', topic: '' });
    expect(parsePath('/guide', '', '', '/')).toEqual({ page: 'guide', topic: '' });
    expect(parsePath('/guide/cli/', '', '', '/')).toEqual({ page: 'guide', topic: 'cli' });
    expect(parsePath('/docs/guide/audit-rules/', '', '', '/docs/')).toEqual({ page: 'guide', topic: 'audit-rules' });
    expect(parsePath('/guide/cli/extra/', '', '', '/').page).toBe('not-found');
  });
});
