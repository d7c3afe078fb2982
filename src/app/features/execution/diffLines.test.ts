import { describe, expect, it } from 'vitest';
import { classifyDiffLines } from './diffLines';

const patch = [
  'diff --git a/src/app.ts b/src/app.ts',
  '--- a/src/app.ts',
  '+++ b/src/app.ts',
  '@@ -3,3 +3,4 @@',
  ' const a = 1;',
  '-const b = 2;',
  '+const b = 3;',
  '+const c = 4;',
  ' export { a };',
  '\\ No newline at end of file',
  '',
].join('\n');

describe('classifyDiffLines', () => {
  it('classifies headers, hunks, additions, deletions and context', () => {
    expect(classifyDiffLines(patch).map((line) => line.kind)).toEqual([
      'file-header',
      'file-header',
      'file-header',
      'hunk',
      'context',
      'deletion',
      'addition',
      'addition',
      'context',
      'meta',
    ]);
  });

  it('numbers old and new lines from the hunk header', () => {
    const lines = classifyDiffLines(patch);
    expect(lines[4]).toMatchObject({ oldLine: 3, newLine: 3 });
    expect(lines[5]).toMatchObject({ kind: 'deletion', oldLine: 4, newLine: null });
    expect(lines[6]).toMatchObject({ kind: 'addition', oldLine: null, newLine: 4 });
    expect(lines[7]).toMatchObject({ newLine: 5 });
    expect(lines[8]).toMatchObject({ oldLine: 5, newLine: 6 });
  });

  it('does not take a "---" content line inside a hunk for a file header', () => {
    const lines = classifyDiffLines('--- a/x\n+++ b/x\n@@ -1 +1 @@\n---- old rule\n+++ new rule\n');
    expect(lines.slice(3).map((line) => line.kind)).toEqual(['deletion', 'addition']);
  });

  it('returns nothing for an empty patch', () => {
    expect(classifyDiffLines('')).toEqual([]);
  });
});
