import { describe, expect, it } from 'vitest';
import {
  arrayTooFew,
  arrayTooMany,
  invalidEnum,
  invalidValue,
  itemsNotUnique,
  outOfRange,
  pathNotFound,
  pathOutsideWorkspace,
  patternMismatch,
  required,
  stringTooLong,
  stringTooShort,
  typeMismatch,
} from './errors';
import { compatibility, deprecated, largeValue, securityConcern, slowOperation } from './warnings';

describe('error factories', () => {
  it('Required_CreatesCorrectErrorCode', () => {
    expect(required('path').code).toBe('required');
  });

  it('Required_IncludesParameterName', () => {
    expect(required('path')).toMatchObject({ parameter: 'path', message: "Required parameter 'path' is missing" });
  });

  it('InvalidValue_CreatesCorrectErrorCode', () => {
    const error = invalidValue('mode', 'Mode must be read or write', 'exec');
    expect(error).toEqual({
      parameter: 'mode',
      code: 'invalid_value',
      message: 'Mode must be read or write',
      actual: "'exec'",
    });
  });

  it('TypeMismatch_IncludesExpectedAndActual', () => {
    expect(typeMismatch('count', 'integer', 'string')).toEqual({
      parameter: 'count',
      code: 'type_mismatch',
      message: 'Expected integer but got string',
      expected: 'integer',
      actual: 'string',
    });
  });

  it('OutOfRange_FormatsRangeCorrectly', () => {
    const error = outOfRange('count', 500, 1, 100);
    expect(error.code).toBe('out_of_range');
    expect(error.message).toBe('Value 500 is outside range [1, 100]');
    expect(error.expected).toBe('Between 1 and 100');
    expect(error.actual).toBe('500');
  });

  it('OutOfRange_MinOnly_FormatsCorrectly', () => {
    const error = outOfRange('start_line', 0, 1, null);
    expect(error.message).toBe('Value 0 is below minimum 1');
    expect(error.expected).toBe('At least 1');
  });

  it('OutOfRange_MaxOnly_FormatsCorrectly', () => {
    const error = outOfRange('count', 101, undefined, 100);
    expect(error.message).toBe('Value 101 exceeds maximum 100');
    expect(error.expected).toBe('At most 100');
  });

  it('OutOfRange_NoBounds_SaysOutOfRange', () => {
    expect(outOfRange('x', 1, null, null)).toMatchObject({
      message: 'Value 1 is out of range',
      expected: 'Within valid range',
    });
  });

  it('PatternMismatch_IncludesPattern', () => {
    const error = patternMismatch('branch', 'Bad Name', '^[a-z-]+$');
    expect(error).toMatchObject({ code: 'pattern_mismatch', expected: 'Pattern: ^[a-z-]+$' });
    expect(error.message).toContain('^[a-z-]+$');
  });

  it('InvalidEnum_ListsAllowedValues', () => {
    const error = invalidEnum('encoding', 'utf-32', ['utf-8', 'ascii', 'utf-16']);
    expect(error.message).toBe('Invalid value. Allowed: utf-8, ascii, utf-16');
    expect(error.expected).toBe('One of: utf-8, ascii, utf-16');
    expect(error.actual).toBe("'utf-32'");
  });

  it('PathNotFound_IncludesPath', () => {
    expect(pathNotFound('path', 'src/missing.ts')).toMatchObject({
      code: 'path_not_found',
      message: 'Path does not exist: src/missing.ts',
    });
  });

  it('PathOutsideWorkspace_IncludesPath', () => {
    expect(pathOutsideWorkspace('path', '../../../etc/passwd')).toMatchObject({
      code: 'path_outside_workspace',
      message: 'Path is outside the workspace: ../../../etc/passwd',
    });
  });

  it('StringTooShort_IncludesLengths', () => {
    expect(stringTooShort('query', 2, 3)).toMatchObject({
      code: 'string_too_short',
      message: 'String length 2 is below minimum 3',
      expected: 'At least 3 characters',
    });
  });

  it('StringTooLong_IncludesLengths', () => {
    expect(stringTooLong('path', 4523, 4096)).toMatchObject({
      code: 'string_too_long',
      message: 'String length 4523 exceeds maximum 4096',
      expected: 'At most 4096 characters',
    });
  });

  it('ArrayTooFew_IncludesCounts', () => {
    expect(arrayTooFew('files', 0, 1)).toMatchObject({
      code: 'array_too_few',
      message: 'Array has 0 items, minimum is 1',
      expected: 'At least 1 items',
    });
  });

  it('ArrayTooMany_IncludesCounts', () => {
    expect(arrayTooMany('options', 11, 10)).toMatchObject({
      code: 'array_too_many',
      message: 'Array has 11 items, maximum is 10',
      expected: 'At most 10 items',
    });
  });

  it('ItemsNotUnique_NamesTheDuplicate', () => {
    expect(itemsNotUnique('files', 'a.txt')).toMatchObject({
      code: 'items_not_unique',
      message: "Array contains duplicate value: 'a.txt'",
    });
  });

  it('never echoes a huge value', () => {
    const huge = 'x'.repeat(1_000_000);
    for (const error of [
      pathOutsideWorkspace('path', huge),
      patternMismatch('path', huge, '^a$'),
      invalidEnum('mode', huge, ['a']),
      invalidValue('x', 'bad', huge),
    ]) {
      expect(JSON.stringify(error).length).toBeLessThan(400);
    }
  });
});

describe('warning factories', () => {
  it('Deprecated_WithAlternative_IncludesAlternative', () => {
    expect(deprecated('recurse', 'recursive')).toEqual({
      parameter: 'recurse',
      code: 'deprecated',
      message: "Parameter 'recurse' is deprecated. Use 'recursive' instead.",
      severity: 2,
    });
  });

  it('Deprecated_WithoutAlternative_OmitsAlternative', () => {
    const warning = deprecated('recurse');
    expect(warning.message).toBe("Parameter 'recurse' is deprecated.");
    expect(warning.message).not.toContain('Use');
  });

  it('LargeValue_IncludesDetails', () => {
    expect(largeValue('content', 'Content is 2 MB')).toEqual({
      parameter: 'content',
      code: 'large_value',
      message: 'Content is 2 MB',
      severity: 1,
    });
  });

  it('SlowOperation_IncludesReason', () => {
    expect(slowOperation('recursive', 'walks the whole tree')).toEqual({
      parameter: 'recursive',
      code: 'slow_operation',
      message: 'This may be slow: walks the whole tree',
      severity: 1,
    });
  });

  it('SecurityConcern_IsSeverity3_AndCompatibility_IsSeverity2', () => {
    expect(securityConcern('path', 'reads a key')).toEqual({
      parameter: 'path',
      code: 'security_concern',
      message: 'reads a key',
      severity: 3,
    });
    expect(compatibility('path', 'uses backslashes')).toEqual({
      parameter: 'path',
      code: 'compatibility',
      message: 'uses backslashes',
      severity: 2,
    });
  });
});
