import { describe, expect, it } from 'vitest';
import { parseRoots } from './rootsField';

describe('parseRoots', () => {
  it('makes each path or file:// URL a root URI, skipping empty lines', () => {
    expect(parseRoots('/home/ada/project\n\n  file:///srv/data  \nnotes dir')).toEqual({
      ok: true,
      uris: ['file:///home/ada/project', 'file:///srv/data', 'file:///notes%20dir'],
    });
  });
  it('refuses another scheme, naming the field and the line', () => {
    expect(parseRoots('/a\nhttps://example.com/x')).toEqual({
      ok: false,
      message:
        "Roots: line 2 ('https://example.com/x') is not a directory; write a path (/home/me/project) or a file:// URL, one a line.",
    });
  });
  it('gives none for an empty field', () => {
    expect(parseRoots('')).toEqual({ ok: true, uris: [] });
  });
});
