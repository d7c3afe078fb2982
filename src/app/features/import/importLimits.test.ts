import { describe, expect, it } from 'vitest';
import type { ImportProblem } from '../../../core/import';
import { groupCounts, groupFindings } from './findingGroups';
import {
  BIG_TEXT_CHARACTERS,
  bigTextLabel,
  fileSizeRefusal,
  insertRefusal,
  lengthAfterInsert,
  looksBinary,
  looksBinaryText,
} from './importLimits';

describe('a text is measured before it reaches the text area', () => {
  it('counts the length after an insertion replaces the selection', () => {
    expect(lengthAfterInsert('abcdef', 2, 4, 10)).toBe(14);
    expect(lengthAfterInsert('abc', 3, 3, 5)).toBe(8);
    expect(lengthAfterInsert('', 0, 0, 0)).toBe(0);
  });

  it('refuses a paste past the cap, naming the cap and saying nothing changed; one at the cap is taken', () => {
    expect(insertRefusal('pasted', 100, 100)).toBeNull();
    const refusal = insertRefusal('pasted', 101, 100);
    expect(refusal).toContain('101 characters');
    expect(refusal).toContain('limited to 100');
    expect(refusal).toContain('Nothing was changed');
    expect(insertRefusal('dropped', 11 * 1024 * 1024)).toContain('(10.0 MB)');
  });

  it('refuses a file by its size before reading it', () => {
    expect(fileSizeRefusal('big.json', 2048, 1024)).toBe(
      'big.json is 0.0 MB; imports are limited to 0.0 MB. Split the toolset into several files.',
    );
    expect(fileSizeRefusal('ok.json', 1024, 1024)).toBeNull();
  });

  it('tells a binary paste from text by its first characters', () => {
    expect(looksBinaryText('{"tools": []}\n\t\r')).toBe(false);
    expect(looksBinaryText('PK\u0003\u0004\u0000\u0000')).toBe(true);
    expect(looksBinaryText('\u0001\u0002\u0003\u0004\u0005 text')).toBe(true);
    // Only the first characters are read: control characters past them do not count.
    expect(looksBinaryText(`${'a'.repeat(BIG_TEXT_CHARACTERS)}\u0000`)).toBe(false);
  });

  it('labels a big text by its size and where it came from', () => {
    expect(bigTextLabel(13_002_342, 'pasted')).toBe('12.4 MB pasted');
  });

  it('tells binary from text by the first bytes', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(looksBinary(encode('{"tools": []}\n\t\r'))).toBe(false);
    expect(looksBinary(encode('{"name": "caf\u00e9 \u2603"}'))).toBe(false);
    expect(looksBinary(new Uint8Array([0x7b, 0x00, 0x7d]))).toBe(true);
    expect(looksBinary(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]))).toBe(true);
    expect(looksBinary(new Uint8Array([]))).toBe(false);
  });
});

describe('findings grouped by rule', () => {
  const problem = (
    rule: ImportProblem['rule'],
    severity: ImportProblem['severity'],
    toolIndex?: number,
  ): ImportProblem => ({
    rule,
    severity,
    pointer: '',
    message: rule,
    ...(toolIndex === undefined ? {} : { toolIndex }),
  });

  it('puts groups with refusals first, then the largest, each with its counts and tools', () => {
    const groups = groupFindings([
      problem('schema_note', 'warning', 0),
      problem('schema_note', 'warning', 1),
      problem('schema_note', 'warning', 1),
      problem('duplicate_name', 'error', 2),
      problem('converted', 'warning', 3),
      problem('converted', 'warning', 4),
    ]);
    expect(groups.map((group) => [group.rule, group.problems.length])).toEqual([
      ['duplicate_name', 1],
      ['schema_note', 3],
      ['converted', 2],
    ]);
    expect(groupCounts(groups[0]!)).toBe('1 refused');
    expect(groupCounts(groups[1]!)).toBe('3 notes, in 2 tools');
    expect(groupCounts(groups[2]!)).toBe('2 warnings, in 2 tools');
  });

  it("lists a group's refusals before its warnings", () => {
    const [group] = groupFindings([problem('meta_schema', 'warning', 0), problem('meta_schema', 'error', 1)]);
    expect(group!.problems.map((entry) => entry.severity)).toEqual(['error', 'warning']);
    expect(groupCounts(group!)).toBe('1 refused, 1 warning, in 2 tools');
  });
});
