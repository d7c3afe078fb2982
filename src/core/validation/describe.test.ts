import { describe, expect, it } from 'vitest';
import { appendPath } from './describe';

/** The rule appendPath followed before it scanned keys itself: the reference for every character. */
const SIMPLE_KEY = /^[^.[\]\s"]+$/;
const byRegex = (base: string, key: string) =>
  SIMPLE_KEY.test(key) ? (base === '' ? key : `${base}.${key}`) : `${base}[${JSON.stringify(key)}]`;

describe('appendPath', () => {
  it('joins plain keys with a dot and indexes with brackets', () => {
    expect(appendPath('', 'path')).toBe('path');
    expect(appendPath('env', 'PORT')).toBe('env.PORT');
    expect(appendPath('files', 2)).toBe('files[2]');
  });

  it('quotes a key that is empty or holds a dot, a bracket, a quote or white space', () => {
    expect(appendPath('env', '')).toBe('env[""]');
    expect(appendPath('', 'a.b')).toBe('[\"a.b\"]');
    expect(appendPath('x', 'a b')).toBe('x["a b"]');
    expect(appendPath('x', 'a\u3000b')).toBe('x["a\u3000b"]');
  });

  it('treats every character of the Basic Multilingual Plane as the regex /^[^.[\\]\\s"]+$/ does', () => {
    const differing: number[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const key = `k${String.fromCharCode(code)}`;
      if (appendPath('p', key) !== byRegex('p', key)) differing.push(code);
    }
    expect(differing).toEqual([]);
  });

  it('cuts a long key before it goes into the path', () => {
    expect(appendPath('', 'k'.repeat(100))).toBe(`${'k'.repeat(60)}…`);
  });
});
