import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uri from './uri';

describe("the form's stand-in for fast-uri", () => {
  it('resolves absolute references as fast-uri does', () => {
    const base = 'https://schemas.example.com/tools/read_file.json';
    for (const reference of [
      '#/$defs/path',
      'other.json',
      'other.json#/$defs/x',
      '../shared/defs.json#/a',
      'https://other.example.com/x.json',
      '/root.json',
    ]) {
      expect(uri.resolve(base, reference)).toBe(fastUri.resolve(base, reference));
    }
  });

  it('resolves a fragment against a relative base', () => {
    expect(uri.resolve('#', '#/$defs/path')).toBe('#/$defs/path');
    expect(uri.resolve('schema.json', '#/$defs/path')).toBe('schema.json#/$defs/path');
  });

  it('compares as fast-uri does', () => {
    const pairs: [string, string][] = [
      ['https://example.com/a.json', 'https://example.com/a.json'],
      ['HTTPS://EXAMPLE.com/a.json', 'https://example.com/a.json'],
      ['https://example.com/a.json#', 'https://example.com/a.json'],
      ['https://example.com/a.json#/$defs/my prop', 'https://example.com/a.json#/$defs/my%20prop'],
      ['https://example.com/a.json', 'https://example.com/b.json'],
      ['a.json', 'a.json'],
      ['a.json', 'b.json'],
    ];
    for (const [left, right] of pairs) expect(uri.equal(left, right)).toBe(fastUri.equal(left, right));
  });
});
