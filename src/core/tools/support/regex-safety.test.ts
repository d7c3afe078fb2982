import { describe, expect, it } from 'vitest';
import { nestedQuantifier } from './regex-safety';

describe('nestedQuantifier', () => {
  it('finds repeated groups that contain a repetition', () => {
    for (const pattern of ['(a+)+!', '(\\w*\\s?)*$', '(x{1,9})+', '((ab)*c)+', '(?:a|b+)*']) {
      expect(nestedQuantifier(pattern), pattern).not.toBeNull();
    }
    expect(nestedQuantifier('(a+)+!')).toContain("'(a+)+'");
  });

  it('accepts ordinary patterns', () => {
    for (const pattern of ['^import.*React', '(foo|bar)+', 'a+b*c?', '(\\d+)?x', '[(+*)]+', '\\(a+\\)+', 'x{2}', '(ab){2}', 'TODO:?\\s+\\w+']) {
      expect(nestedQuantifier(pattern), pattern).toBeNull();
    }
  });
});
