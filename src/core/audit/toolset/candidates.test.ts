import { describe, expect, it } from 'vitest';
import { laterCandidates, nameIndex, wordSetIndex } from './candidates';
import { jaccard, nameSimilarity, tokens } from './similarity';

/** A small deterministic generator, so a failure can be replayed. */
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const random = generator(38);
const WORDS = [
  'read',
  'write',
  'file',
  'list',
  'directory',
  'search',
  'the',
  'of',
  'to',
  'web',
  'page',
  'issue',
  'create',
  'get',
  'user',
  'repo',
  'monitor',
  'check',
];
const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
function mutate(text: string, times: number): string {
  let out = text;
  for (let time = 0; time < times; time++) {
    const at = Math.floor(random() * (out.length + 1));
    const character = 'abxz_'[Math.floor(random() * 5)]!;
    const kind = Math.floor(random() * 3);
    out =
      kind === 0
        ? out.slice(0, at) + character + out.slice(at)
        : kind === 1
          ? out.slice(0, at) + out.slice(at + 1)
          : out.slice(0, at) + character + out.slice(at + 1);
  }
  return out;
}

const later = (index: number, ...indexes: Parameters<typeof laterCandidates>[1][]) =>
  new Set(laterCandidates(index, ...indexes));

describe('candidate pairs from indexes', () => {
  it('include every pair of names within two edits that reaches the similarity, whatever the case', () => {
    const bases = Array.from({ length: 12 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, word).join('_'),
    );
    const names = Array.from({ length: 400 }, () =>
      mutate(bases[Math.floor(random() * bases.length)]!, Math.floor(random() * 4)),
    );
    names.push('Read_File_Now', 'read_file_now');
    const index = nameIndex(names, 2, 0.85);
    let pairs = 0;
    for (let left = 0; left < names.length; left++) {
      const found = later(left, index);
      for (let right = left + 1; right < names.length; right++) {
        const similarity = nameSimilarity(names[left]!, names[right]!);
        const edits = Math.round((1 - similarity) * Math.max(names[left]!.length, names[right]!.length));
        if (edits > 2 || similarity < 0.85) continue;
        pairs += 1;
        expect(found.has(right), `${names[left]} / ${names[right]}`).toBe(true);
      }
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it('include every pair of word sets whose Jaccard similarity reaches the threshold', () => {
    const bases = Array.from({ length: 10 }, () =>
      Array.from({ length: 6 + Math.floor(random() * 14) }, word).join(' '),
    );
    const texts = Array.from({ length: 300 }, () => {
      const words = bases[Math.floor(random() * bases.length)]!.split(' ');
      for (let change = Math.floor(random() * 3); change > 0; change--)
        words[Math.floor(random() * words.length)] = `${word()}q`;
      return words.join(' ');
    });
    const sets = texts.map(tokens);
    const index = wordSetIndex(sets, 0.85, (at) => sets[at]!.length >= 6);
    let pairs = 0;
    for (let left = 0; left < sets.length; left++) {
      const found = later(left, index);
      for (let right = left + 1; right < sets.length; right++) {
        if (jaccard(sets[left]!, sets[right]!) < 0.85) continue;
        pairs += 1;
        expect(found.has(right), `${texts[left]} / ${texts[right]}`).toBe(true);
      }
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it('give each later tool once, in toolset order, merged across indexes', () => {
    const names = ['fetch_page', 'fetch_pages', 'fetch_pagex', 'other_tool', 'fetch_paged'];
    const byName = nameIndex(names, 2, 0.85);
    const byWords = wordSetIndex([['a'], ['a'], ['b'], ['a'], ['b']], 0.85, () => true);
    expect([...laterCandidates(0, byName, byWords)]).toEqual([1, 2, 3, 4]);
    expect([...laterCandidates(4, byName, byWords)]).toEqual([]);
  });
});
