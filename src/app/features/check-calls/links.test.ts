import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../core/calls/types';
import { decodeArgumentsText } from '../../lib/shareLink';
import { parsePath } from '../../lib/router';

const parseHref = (href: string) => {
  const url = new URL(href, 'https://site.example/');
  return parsePath(url.pathname, url.search, url.hash);
};
import { playgroundHref } from './CallsTable';
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
