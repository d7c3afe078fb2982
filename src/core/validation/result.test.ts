import { describe, expect, it } from 'vitest';
import { invalidValue, required, typeMismatch } from './errors';
import {
  combineResults,
  formatErrorMessage,
  formatSummary,
  formatWarningMessage,
  invalidResult,
  invalidValueResult,
  missingRequired,
  toLlmContext,
  validResult,
  validWithWarnings,
  withError,
  withWarning,
} from './result';
import { custom, largeValue, slowOperation } from './warnings';
import { afterLabel } from './result';

describe('validation results', () => {
  it('Valid_ReturnsIsValidTrue', () => {
    expect(validResult()).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('ValidWithWarnings_PreservesWarnings', () => {
    const warning = largeValue('content', 'Content is large');
    const result = validWithWarnings([warning]);
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([warning]);
  });

  it('Invalid_ReturnsIsValidFalse', () => {
    expect(invalidResult([required('path')]).valid).toBe(false);
  });

  it('Invalid_PreservesErrors', () => {
    const errors = [required('path'), typeMismatch('start_line', 'integer', 'string')];
    expect(invalidResult(errors).errors).toEqual(errors);
  });

  it('MissingRequired_CreatesCorrectError', () => {
    const result = missingRequired('path');
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      { parameter: 'path', code: 'required', message: "Required parameter 'path' is missing" },
    ]);
  });

  it('InvalidValue_CreatesCorrectError', () => {
    const result = invalidValueResult('path', 'Path cannot be empty');
    expect(result.errors[0]).toEqual({ parameter: 'path', code: 'invalid_value', message: 'Path cannot be empty' });
  });

  it('Combine_AllValid_ReturnsValid', () => {
    expect(combineResults(validResult(), validWithWarnings([slowOperation('recursive', 'big tree')])).valid).toBe(true);
    expect(combineResults().valid).toBe(true);
  });

  it('Combine_AnyInvalid_ReturnsInvalid', () => {
    expect(combineResults(validResult(), missingRequired('path')).valid).toBe(false);
  });

  it('Combine_AggregatesAllErrors', () => {
    const combined = combineResults(missingRequired('path'), validResult(), invalidValueResult('x', 'bad'));
    expect(combined.errors.map((error) => error.parameter)).toEqual(['path', 'x']);
  });

  it('Combine_AggregatesAllWarnings', () => {
    const first = largeValue('content', 'big');
    const second = slowOperation('regex', 'no filter');
    const combined = combineResults(validWithWarnings([first]), invalidResult([required('query')], [second]));
    expect(combined.warnings).toEqual([first, second]);
    expect(combined.valid).toBe(false);
  });

  it('withWarning and withError return new results', () => {
    const base = validResult();
    const warned = withWarning(base, slowOperation('regex', 'slow'));
    expect(warned.valid).toBe(true);
    expect(warned.warnings).toHaveLength(1);
    const failed = withError(warned, required('path'));
    expect(failed.valid).toBe(false);
    expect(failed.warnings).toHaveLength(1);
    expect(base.warnings).toHaveLength(0);
  });

  it('GetErrorMessage_ValidResult_ReturnsEmpty', () => {
    expect(formatErrorMessage(validResult())).toBe('');
  });

  it('GetErrorMessage_InvalidResult_FormatsErrors', () => {
    const result = invalidResult([required('path'), invalidValue('mode', 'Unknown mode')]);
    expect(formatErrorMessage(result)).toBe("- path: Required parameter 'path' is missing\n- mode: Unknown mode");
  });

  it('formats warnings one per line and labels the arguments as a whole', () => {
    expect(formatWarningMessage(validResult())).toBe('');
    expect(formatWarningMessage(validWithWarnings([slowOperation('regex', 'no filter')]))).toBe(
      '- regex: This may be slow: no filter',
    );
    expect(formatErrorMessage(invalidValueResult('', 'Arguments must be a JSON object, got array'))).toBe(
      '- (arguments): Arguments must be a JSON object, got array',
    );
  });

  it('summarises', () => {
    expect(formatSummary(validResult())).toBe('Validation passed');
    expect(formatSummary(validWithWarnings([slowOperation('a', 'b')]))).toBe('Validation passed with 1 warning(s)');
    expect(formatSummary(invalidResult([required('a'), required('b')]))).toBe('Validation failed with 2 error(s)');
  });

  it('ToLlmContext_ValidResult_ReturnsSuccessMessage', () => {
    expect(toLlmContext(validResult())).toBe('Parameters validated successfully.');
    expect(toLlmContext(validWithWarnings([slowOperation('a', 'b')]))).toBe('Parameters validated successfully.');
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

describe('the parameter named once, and custom warnings', () => {
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

  it('Custom_PreservesAllProperties: a caller-defined code, message and severity (1 by default)', () => {
    expect(custom('query', 'Wildcards make this search slow', 'broad_search', 2)).toEqual({
      parameter: 'query',
      code: 'broad_search',
      message: 'Wildcards make this search slow',
      severity: 2,
    });
    expect(custom('', 'Runs on the host', 'host_execution').severity).toBe(1);
    expect(
      formatWarningMessage(validWithWarnings([custom('query', 'Wildcards make this search slow', 'broad_search')])),
    ).toBe('- query: Wildcards make this search slow');
  });
});
