import { describe, expect, it } from 'vitest';
import { invalidValue, required, typeMismatch } from './errors';
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

  it('never echoes a huge value', () => {
    const huge = 'x'.repeat(1_000_000);
    expect(JSON.stringify(invalidValue('x', 'bad', huge)).length).toBeLessThan(400);
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
