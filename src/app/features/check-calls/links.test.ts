import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../core/calls/types';
import { decodeArgumentsText } from '../../lib/shareLink';
import { parsePath } from '../../lib/router';

const parseHref = (href: string) => {
  const url = new URL(href, 'https://site.example/');
  return parsePath(url.pathname, url.search, url.hash);
};
import { argumentsShown, createPlaygroundLinks, DETAILS_CHARACTERS } from './CallsTable';

const playgroundHref = createPlaygroundLinks();
import { ARGUMENTS_HEAD_CHARACTERS, shownCall } from './shownCall';
import { formatSeen } from './CallSummaryView';

const result = (overrides: Partial<CallResult>): CallResult => ({
  index: 1,
  line: 1,
  status: 'invalid',
  tool: 'read_file',
  errors: [],
  llmText: '',
  ...overrides,
});

describe('a call opened in the playground', () => {
  it('carries the arguments as the model wrote them (JSON text verbatim, objects pretty-printed)', () => {
    const link = playgroundHref('acode-core', result({ arguments: '{"file": "a.txt"}' }))!;
    const route = parseHref(link.href);
    expect(route).toMatchObject({ page: 'tool', toolset: 'acode-core', name: 'read_file' });
    expect(decodeArgumentsText((route as { sharedArguments: string }).sharedArguments)).toEqual({
      ok: true,
      text: '{"file": "a.txt"}',
    });
    const objectLink = playgroundHref('acode-core', result({ arguments: { path: 'a' } }))!;
    expect(decodeArgumentsText((parseHref(objectLink.href) as { sharedArguments: string }).sharedArguments)).toEqual({
      ok: true,
      text: '{\n  "path": "a"\n}',
    });
  });

  it('an unknown tool opens as its closest known name; an unreadable line has no link', () => {
    expect(
      playgroundHref(
        'acode-core',
        result({ status: 'unknown_tool', tool: 'git_comit', suggestions: ['git_commit'], arguments: {} }),
      ),
    ).toMatchObject({ label: 'Open as git_commit' });
    expect(playgroundHref('acode-core', result({ status: 'unknown_tool', tool: 'zzz', suggestions: [] }))).toBeNull();
    expect(playgroundHref('acode-core', result({ status: 'unparseable', tool: '' }))).toBeNull();
  });

  it('says which format and layout were seen', () => {
    expect(formatSeen({ formats: [{ format: 'anthropic', count: 3 }], layout: 'json-document' })).toBe(
      'Anthropic Messages (tool_use blocks), one JSON document',
    );
    expect(formatSeen({ formats: [], layout: 'json-lines' })).toBe('No tool calls found');
  });
});

describe('a call whose arguments are too long to carry', () => {
  const huge = JSON.stringify({ path: 'big.txt', content: 'x'.repeat(5 * 1024 * 1024) });

  it('reaches the page with the start of its arguments and their length, not the arguments', () => {
    const shown = shownCall(result({ status: 'valid', tool: 'write_file', arguments: huge, llmText: 'ok' }));
    expect(shown.arguments).toBeUndefined();
    expect(shown.argumentsCut).toEqual({ head: huge.slice(0, ARGUMENTS_HEAD_CHARACTERS), length: huge.length });
    expect(shown).toMatchObject({ status: 'valid', tool: 'write_file', llmText: 'ok' });
    const object = shownCall(result({ arguments: JSON.parse(huge) as unknown }));
    expect(object.argumentsCut?.head.startsWith('{\n  "path": "big.txt"')).toBe(true);
  });

  it('keeps arguments a link can carry, and the same object when nothing is cut', () => {
    const small = result({ arguments: { path: 'a' } });
    expect(shownCall(small)).toBe(small);
    // Short enough in characters, and in bytes too (two per é): a link carries them.
    const wide = result({ arguments: { content: 'é'.repeat(1_500_000) } });
    expect(shownCall(wide)).toBe(wide);
  });

  it('cuts parsed arguments by the bytes of their text, giving the start and length of their printed text', () => {
    for (const content of ['é'.repeat(2_500_000), 'x'.repeat(5_000_000)]) {
      const args = { path: 'big.txt', content, list: [1, null, { deep: true }] };
      const printed = JSON.stringify(args, null, 2);
      expect(shownCall(result({ arguments: args })).argumentsCut).toEqual({
        head: printed.slice(0, ARGUMENTS_HEAD_CHARACTERS),
        length: printed.length,
      });
    }
  });

  it('has no playground link, and its details say how long the arguments are', () => {
    const cut = shownCall(result({ status: 'valid', tool: 'write_file', arguments: huge }));
    expect(playgroundHref('acode-core', cut)).toBeNull();
    expect(argumentsShown(cut)).toEqual({
      text: huge.slice(0, ARGUMENTS_HEAD_CHARACTERS),
      note: expect.stringMatching(
        /^The arguments are 5,242,\d{3} characters long: .*too long to open in the playground/,
      ),
    });
  });

  it('shows long arguments a link can still carry up to a window, and keeps their link', () => {
    const long = JSON.stringify({ content: 'y'.repeat(DETAILS_CHARACTERS * 2) });
    const call = result({ tool: 'write_file', arguments: long });
    expect(argumentsShown(call)).toEqual({
      text: long.slice(0, DETAILS_CHARACTERS),
      note: expect.not.stringMatching(/playground/),
    });
    expect(playgroundHref('acode-core', call)).toMatchObject({ label: 'Open in playground' });
    expect(playgroundHref('acode-core', call)).toBe(playgroundHref('acode-core', call));
    expect(playgroundHref('other', call)!.href).toContain('/other/');
  });
});
