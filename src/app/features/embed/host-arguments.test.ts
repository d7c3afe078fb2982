import { describe, expect, it } from 'vitest';
import { hostArgumentsProblem } from './protocol';

describe("a host's arguments, measured before they are loaded", () => {
  it('accepts ordinary arguments', () => {
    expect(hostArgumentsProblem({ path: 'src/app.ts', lines: [1, 2, 3], options: { recursive: true } })).toBeNull();
  });

  it('refuses a 50 MB string, and one of many smaller strings past 4 MB in all', () => {
    expect(hostArgumentsProblem({ content: 'x'.repeat(50 * 1024 * 1024) })).toBe(
      'the arguments are larger than 4 MB; they were not loaded',
    );
    const many = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`part${index}`, 'y'.repeat(1024 * 1024)]));
    expect(hostArgumentsProblem(many)).toBe('the arguments are larger than 4 MB; they were not loaded');
  });

  it('counts keys too, and refuses nesting past 1,000 levels without recursion', () => {
    expect(hostArgumentsProblem({ ['k'.repeat(5 * 1024 * 1024)]: 1 })).toMatch(/larger than 4 MB/);
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(hostArgumentsProblem({ deep })).toBe(
      'the arguments are nested more than 1,000 levels deep; they were not loaded',
    );
  });
});
