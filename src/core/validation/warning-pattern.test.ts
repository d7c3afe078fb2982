import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import { readyRegexEngine } from './linear-engine';
import { compileLinear } from './linear-regex';
import { ENGINE_PARTS } from './twin-degree';
import { nativeTwinSource, warningPattern } from './warning-pattern';

const bundledPatterns = [
  ...new Set(
    collection.toolsets
      .flatMap((toolset) => toolset.tools)
      .flatMap((tool) => tool.warnings ?? [])
      .flatMap((rule) => ('matches' in rule ? [rule.matches] : [])),
  ),
];
const re2Engine = readyRegexEngine(ENGINE_PARTS);
const otherPatterns = [
  'a.c',
  '^\\s*$',
  '[^\\s]+x',
  'foo\\S+bar',
  '\\bword\\b',
  '(?:ab|cd)+e$',
  'x{2,3}y',
  '[a-f0-9]{4}',
];

/** ASCII values built from the pieces the patterns look for, and the characters where the two engines could differ. */
const PIECES = [
  'sudo',
  'SUDO',
  ' ',
  '\t',
  '\v',
  '\r',
  '\n',
  '\f',
  ';',
  '|',
  '&',
  'curl',
  'wget',
  'sh',
  'bash',
  'rm',
  '-rf',
  '/',
  '~',
  '$HOME',
  'chmod',
  '777',
  '-R',
  'dotnet',
  'run',
  'java',
  'go',
  'apt-get',
  'brew',
  'a',
  'c',
  'x',
  'y',
  'foo',
  'bar',
  'word',
  'ab',
  'cd',
  'e',
  '0',
  'f',
  '_',
];
const values = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((parts) => parts.join(''));

describe('warning patterns: the native twin means what RE2 means', () => {
  it('agrees with RE2 on generated ASCII values, for every bundled pattern and others', () => {
    for (const source of [...bundledPatterns, ...otherPatterns]) {
      const twin = nativeTwinSource(source);
      expect(twin, source).not.toBeNull();
      const native = new RegExp(twin!, 'i');
      const re2 = compileLinear(source, { ignoreCase: true })!;
      fc.assert(
        fc.property(values, (value) => {
          expect(native.test(value), `${source} on ${JSON.stringify(value)}`).toBe(re2.test(value));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('is not written for what the two engines read differently or RE2 cannot run', () => {
    for (const source of [
      '(?=a)b',
      '(a)\\1',
      '\\u00e9',
      'é',
      '\\p{L}',
      '[[:alpha:]]',
      '[]a]',
      '[^]',
      '(?<name>a)',
      '[\\S]',
    ])
      expect(nativeTwinSource(source), source).toBeNull();
  });

  it('a rule checks values through it: ASCII and short natively, the rest on RE2, with the same verdicts', () => {
    const rule = { matches: bundledPatterns[0]! };
    expect(warningPattern(rule).test('sudo ls', re2Engine)).toBe(true);
    expect(warningPattern(rule).test('npm test', re2Engine)).toBe(false);
    expect(warningPattern(rule).test(`sudo ${'x'.repeat(500)}`, re2Engine)).toBe(true);
    expect(warningPattern(rule).test('echo é; sudo ls', re2Engine)).toBe(true);
    expect(warningPattern(rule).test('echo é', re2Engine)).toBe(false);
    // An edited rule object is compiled again.
    const edited = { matches: 'npm' };
    expect(warningPattern(edited).test('npm test', re2Engine)).toBe(true);
    edited.matches = 'yarn';
    expect(warningPattern(edited).test('npm test', re2Engine)).toBe(false);
  });
});
