import { describe, expect, it } from 'vitest';
import { checkArrayLength, checkEnum, checkPattern as checkPatternWith, checkRange, checkStringLength } from './checks';
import { NO_REGEX_ENGINE, readyRegexEngine } from './linear-engine';
import { ENGINE_PARTS } from './twin-degree';

const re2 = readyRegexEngine(ENGINE_PARTS);
const checkPattern = (parameter: string, value: string, pattern: string) =>
  checkPatternWith(parameter, value, pattern, re2);

describe('single-rule checks', () => {
  it('ValidateEnum_ValidValue_ReturnsNull', () => {
    expect(checkEnum('encoding', 'ascii', ['utf-8', 'ascii'])).toBeNull();
  });

  it('ValidateEnum_InvalidValue_ReturnsError', () => {
    expect(checkEnum('encoding', 'utf-32', ['utf-8', 'ascii'])).toMatchObject({
      parameter: 'encoding',
      code: 'invalid_enum',
    });
  });

  it('ValidateEnum_CaseInsensitive_Passes', () => {
    expect(checkEnum('encoding', 'UTF-8', ['utf-8', 'ascii'])).toBeNull();
  });

  it('ValidateRange_WithinRange_ReturnsNull', () => {
    expect(checkRange('count', 1, 1, 100)).toBeNull();
    expect(checkRange('count', 100, 1, 100)).toBeNull();
    expect(checkRange('count', 5, null, null)).toBeNull();
  });

  it('ValidateRange_BelowMin_ReturnsError', () => {
    expect(checkRange('count', 0, 1, 100)).toMatchObject({ code: 'out_of_range', expected: 'Between 1 and 100' });
  });

  it('ValidateRange_AboveMax_ReturnsError', () => {
    expect(checkRange('count', 101, null, 100)).toMatchObject({
      code: 'out_of_range',
      message: 'Value 101 exceeds maximum 100',
    });
  });

  it('ValidateRange_NaN_ReturnsError', () => {
    expect(checkRange('count', Number.NaN, 1, 2)).toMatchObject({ code: 'invalid_value' });
  });

  it('ValidateStringLength_Valid_ReturnsNull', () => {
    expect(checkStringLength('query', 'abc', 3, 3)).toBeNull();
  });

  it('ValidateStringLength_TooShort_ReturnsError', () => {
    expect(checkStringLength('query', 'ab', 3, 10)).toMatchObject({ code: 'string_too_short' });
  });

  it('ValidateStringLength_TooLong_ReturnsError', () => {
    expect(checkStringLength('query', 'abcd', 1, 3)).toMatchObject({ code: 'string_too_long' });
  });

  it('ValidatePattern_Matches_ReturnsNull', () => {
    expect(checkPattern('branch', 'feature-x', '^[a-z-]+$')).toBeNull();
  });

  it('ValidatePattern_NoMatch_ReturnsError', () => {
    expect(checkPattern('branch', 'Feature X', '^[a-z-]+$')).toMatchObject({
      code: 'pattern_mismatch',
      expected: 'Pattern: ^[a-z-]+$',
    });
  });

  it('ValidatePattern_InvalidRegex_ReturnsError', () => {
    const error = checkPattern('branch', 'x', '([a-z');
    expect(error).toMatchObject({ code: 'invalid_value' });
    expect(error?.message).toContain('Invalid pattern in schema');
  });

  it('ValidateArrayLength', () => {
    expect(checkArrayLength('files', 2, 1, 3)).toBeNull();
    expect(checkArrayLength('files', 0, 1, 3)).toMatchObject({ code: 'array_too_few' });
    expect(checkArrayLength('files', 4, 1, 3)).toMatchObject({ code: 'array_too_many' });
  });
});

describe('checkPattern against catastrophic backtracking', () => {
  it('runs a nested-quantifier pattern on RE2: a long value gets its answer, never a hang', () => {
    expect(checkPattern('name', `${'a'.repeat(50_000)}!`, '^(a+)+$')).toMatchObject({
      code: 'pattern_mismatch',
      parameter: 'name',
    });
    expect(checkPattern('name', 'a'.repeat(50_000), '^(a+)+$')).toBeNull();
  });

  it('without RE2 in the engine it is given, refuses that pattern as the backtracking analysis does', () => {
    const error = checkPatternWith('name', 'aaa', '^(a+)+$', NO_REGEX_ENGINE);
    expect(error).toMatchObject({ code: 'invalid_value' });
    expect(error?.message).toContain('backtrack exponentially');
  });

  it('refuses a nested-quantifier pattern RE2 cannot run (lookaround) at once', () => {
    const error = checkPattern('name', `${'a'.repeat(50_000)}!`, '^(a+)+(?!b)$');
    expect(error).toMatchObject({ code: 'invalid_value' });
    expect(error?.message).toContain('backtrack exponentially');
  });

  it('does not run a quadratic lookaround pattern on a value over its safe input length', () => {
    const error = checkPattern('text', `${'a'.repeat(50_000)}\u0000x`, '(?!x)[^\\u0000]*$');
    expect(error).toMatchObject({ code: 'pattern_mismatch' });
    expect(error?.message).toContain('tested only on values up to 10000 characters');
  });

  it('tests a linear pattern on any length', () => {
    expect(checkPattern('text', 'a'.repeat(200_000), '^[a-z]+$')).toBeNull();
    expect(checkPattern('text', `${'a'.repeat(200_000)}!`, '^[a-z]+$')).toMatchObject({ code: 'pattern_mismatch' });
  });
});
