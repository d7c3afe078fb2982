import { describe, expect, it } from 'vitest';
import { invalidValue, required, typeMismatch } from './errors';
import { afterLabel, formatErrorMessage, toLlmContext } from './result';
import type { ValidationError, ValidationResult } from './types';
import { slowOperation } from './warnings';

const invalidResult = (errors: ValidationError[]): ValidationResult => ({ valid: false, errors, warnings: [] });
const valid = (warnings: ValidationResult['warnings'] = []): ValidationResult => ({
  valid: true,
  errors: [],
  warnings,
});

describe('validation results', () => {
  it('Invalid_ReturnsIsValidFalse', () => {
    expect(invalidResult([required('path')]).valid).toBe(false);
  });

  it('Invalid_PreservesErrors', () => {
    const errors = [required('path'), typeMismatch('start_line', 'integer', 'string')];
    expect(invalidResult(errors).errors).toEqual(errors);
  });

  it('GetErrorMessage_ValidResult_ReturnsEmpty', () => {
    expect(formatErrorMessage(valid())).toBe('');
  });

  it('GetErrorMessage_InvalidResult_FormatsErrors', () => {
    const result = invalidResult([required('path'), invalidValue('mode', 'Unknown mode')]);
    expect(formatErrorMessage(result)).toBe("- path: Required parameter 'path' is missing\n- mode: Unknown mode");
  });

  it('labels the arguments as a whole', () => {
    expect(formatErrorMessage(invalidResult([invalidValue('', 'Arguments must be a JSON object, got array')]))).toBe(
      '- (arguments): Arguments must be a JSON object, got array',
    );
  });

  it('ToLlmContext_ValidResult_ReturnsSuccessMessage', () => {
    expect(toLlmContext(valid())).toBe('Parameters validated successfully.');
    expect(toLlmContext(valid([slowOperation('a', 'b')]))).toBe('Parameters validated successfully.');
  });

  it('ToLlmContext_InvalidResult_FormatsAllErrors', () => {
    const result = invalidResult([
      {
        parameter: 'path',
        code: 'path_outside_workspace',
        message: 'Path is outside the workspace: ../../../etc/passwd',
        expected: 'Path within workspace directory',
      },
      required('content'),
    ]);
    expect(toLlmContext(result)).toBe(
      'Parameter validation failed:\n' +
        '- path: Path is outside the workspace: ../../../etc/passwd\n' +
        '  Expected: Path within workspace directory\n' +
        "- content: Required parameter 'content' is missing\n",
    );
  });
});

describe('the parameter named once', () => {
  it('a message opening with the parameter it is listed under does not name it again', () => {
    const result = invalidResult([
      {
        parameter: 'path',
        code: 'path_outside_workspace',
        message: "Parameter 'path': path is outside the workspace: '../x'",
      },
    ]);
    expect(toLlmContext(result)).toBe("Parameter validation failed:\n- path: path is outside the workspace: '../x'\n");
    expect(formatErrorMessage(result)).toBe("- path: path is outside the workspace: '../x'");
    expect(afterLabel('content', "Parameter 'content' exceeds maxLength 10 (actual: 12)")).toBe(
      'exceeds maxLength 10 (actual: 12)',
    );
    // Another parameter's name, or a message that does not open with it, is kept whole.
    expect(afterLabel('path', "Parameter 'paths' is wrong")).toBe("Parameter 'paths' is wrong");
    expect(afterLabel('path', "Required parameter 'path' is missing")).toBe("Required parameter 'path' is missing");
    expect(afterLabel('', 'Arguments must be a JSON object')).toBe('Arguments must be a JSON object');
  });
});
