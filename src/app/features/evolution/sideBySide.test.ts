import { describe, expect, it } from 'vitest';
import { sideBySideRows } from './sideBySide';

describe('sideBySideRows', () => {
  it('pairs a changed line, keeps unchanged ones on both sides, and puts additions and removals on their side', () => {
    expect(sideBySideRows('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { left: 'a', right: 'a', kind: 'same' },
      { left: 'b', right: 'B', kind: 'changed' },
      { left: 'c', right: 'c', kind: 'same' },
      { right: 'd', kind: 'added' },
    ]);
    expect(sideBySideRows('a\nx\ny\nb', 'a\nb')).toEqual([
      { left: 'a', right: 'a', kind: 'same' },
      { left: 'x', kind: 'removed' },
      { left: 'y', kind: 'removed' },
      { left: 'b', right: 'b', kind: 'same' },
    ]);
  });

  it('a change of unequal length leaves the shorter side blank', () => {
    expect(sideBySideRows('1\n2', '1\n3\n4').slice(1)).toEqual([
      { left: '2', right: '3', kind: 'changed' },
      { right: '4', kind: 'added' },
    ]);
  });
});
