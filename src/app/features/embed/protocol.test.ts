import { describe, expect, it } from 'vitest';
import {
  EMBED_MESSAGE_SOURCE,
  embedSearch,
  embedUrl,
  isEmbedMessage,
  isHostMessage,
  parseEmbedParams,
} from './protocol';
import { embedSnippet } from './EmbedSnippet';

const fixedId = () => 'generated';

describe('embed address', () => {
  it('round-trips every option through the embed page address', () => {
    const url = embedUrl('https://tools.example/docs/', {
      toolset: 'prfactory-agent-tools',
      tool: 'ReadFile',
      view: 'execute',
      arguments: '{"path": "a b&c"}',
      theme: 'dark',
      id: 'x1',
      origin: 'https://host.example',
    });
    expect(url.startsWith('https://tools.example/docs/embed.html?')).toBe(true);
    const parsed = parseEmbedParams(new URL(url).search, fixedId);
    expect(parsed).toEqual({
      ok: true,
      params: {
        toolset: 'prfactory-agent-tools',
        tool: 'ReadFile',
        view: 'execute',
        arguments: '{"path": "a b&c"}',
        theme: 'dark',
        id: 'x1',
        origin: 'https://host.example',
      },
    });
  });

  it('defaults to the playground view, the auto theme and a fresh id, and talks to nobody without an origin', () => {
    expect(parseEmbedParams('?tool=read_file', fixedId)).toEqual({
      ok: true,
      params: { tool: 'read_file', view: 'playground', theme: 'auto', id: 'generated', origin: null },
    });
  });

  it('names the parameter and the values it takes when one is wrong', () => {
    expect(parseEmbedParams('', fixedId)).toEqual({ ok: false, error: expect.stringContaining('needs a tool') });
    expect(parseEmbedParams('?tool=a&view=grid', fixedId)).toEqual({
      ok: false,
      error: 'view “grid” is not one of docs, form, editor, playground, execute.',
    });
    expect(parseEmbedParams('?tool=a&theme=blue', fixedId)).toEqual({
      ok: false,
      error: 'theme “blue” is not one of auto, light, dark.',
    });
    expect(parseEmbedParams('?tool=a&origin=nope', fixedId)).toEqual({
      ok: false,
      error: expect.stringContaining('origin “nope”'),
    });
  });

  it('reads the tool (and toolset) from an /embed/ path, the rest from the query', () => {
    const fromPath = (path: string, search = '', base = '/') =>
      parseEmbedParams(embedSearch(path, search, base), () => 'x');
    expect(fromPath('/embed/tools/read_file/', '?view=form')).toMatchObject({
      ok: true,
      params: { tool: 'read_file', view: 'form' },
    });
    expect(fromPath('/embed/toolsets/prfactory-agent-tools/tools/ReadFile')).toMatchObject({
      ok: true,
      params: { tool: 'ReadFile', toolset: 'prfactory-agent-tools' },
    });
    expect(fromPath('/docs/embed/tools/a%20b/', '', '/docs/')).toMatchObject({ ok: true, params: { tool: 'a b' } });
    // The path names the tool even when the query names another.
    expect(fromPath('/embed/tools/read_file/', '?tool=write_file')).toMatchObject({
      ok: true,
      params: { tool: 'read_file' },
    });
    expect(embedSearch('/embed.html', '?tool=x')).toBe('?tool=x');
    expect(fromPath('/embed/tools/%E0%A4%A/')).toMatchObject({ ok: false });
  });

  it('reduces an origin to scheme, host and port', () => {
    const parsed = parseEmbedParams('?tool=a&origin=https%3A%2F%2Fhost.example%3A8443%2Fpath%3Fq', fixedId);
    expect(parsed.ok && parsed.params.origin).toBe('https://host.example:8443');
  });
});

describe('embed messages', () => {
  it('accepts only the documented host messages', () => {
    expect(isHostMessage({ source: EMBED_MESSAGE_SOURCE, type: 'set-arguments', arguments: { path: 'a' } })).toBe(true);
    expect(isHostMessage({ source: EMBED_MESSAGE_SOURCE, type: 'set-theme', theme: 'dark' })).toBe(true);
    expect(isHostMessage({ source: EMBED_MESSAGE_SOURCE, type: 'set-arguments', arguments: ['a'] })).toBe(false);
    expect(isHostMessage({ source: EMBED_MESSAGE_SOURCE, type: 'set-theme', theme: 'sepia' })).toBe(false);
    expect(isHostMessage({ source: 'other', type: 'set-theme', theme: 'dark' })).toBe(false);
    expect(isHostMessage({ source: EMBED_MESSAGE_SOURCE, type: 'execute' })).toBe(false);
  });

  it('accepts only well-formed embed messages', () => {
    expect(isEmbedMessage({ source: EMBED_MESSAGE_SOURCE, id: 'a', type: 'resize', height: 420 })).toBe(true);
    expect(isEmbedMessage({ source: EMBED_MESSAGE_SOURCE, id: 'a', type: 'resize', height: Number.NaN })).toBe(false);
    expect(isEmbedMessage({ source: EMBED_MESSAGE_SOURCE, type: 'resize', height: 1 })).toBe(false);
    expect(
      isEmbedMessage({
        source: EMBED_MESSAGE_SOURCE,
        id: 'a',
        type: 'change',
        arguments: {},
        validation: { valid: true, errors: [] },
      }),
    ).toBe(true);
    expect(isEmbedMessage({ source: EMBED_MESSAGE_SOURCE, id: 'a', type: 'executed', result: { success: true } })).toBe(
      true,
    );
    expect(isEmbedMessage({ source: EMBED_MESSAGE_SOURCE, id: 'a', type: 'navigate' })).toBe(false);
  });
});

describe('embed snippet', () => {
  const root = new URL('https://tools.example/');
  it('is one script tag and one element, the default toolset left out', () => {
    expect(embedSnippet(root, 'acode-core', 'read_file', 'form', 'dark')).toBe(
      '<script type="module" src="https://tools.example/embed.js"></script>\n<tool-playground tool="read_file" view="form" theme="dark"></tool-playground>',
    );
    expect(embedSnippet(root, 'prfactory-agent-tools', 'ReadFile', 'docs', 'auto')).toContain(
      'toolset="prfactory-agent-tools" tool="ReadFile"',
    );
  });

  it('escapes names so they cannot leave their attribute', () => {
    expect(embedSnippet(root, 'x"><script>', 'a"b', 'docs', 'auto')).toContain(
      'toolset="x&quot;>&lt;script>" tool="a&quot;b"',
    );
  });
});
