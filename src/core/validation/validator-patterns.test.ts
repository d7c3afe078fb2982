import { describe, expect, it } from 'vitest';
import { validator, makeTool } from './validator.test-support';

describe('pattern safety in the validator', () => {
  const withPattern = (pattern: string, maxLength?: number) =>
    makeTool('patterned', {
      type: 'object',
      properties: { name: { type: 'string', pattern, ...(maxLength === undefined ? {} : { maxLength }) } },
      additionalProperties: false,
    });

  it('checks length before pattern: a value over maxLength gets only string_too_long, at once', () => {
    validator.reset();
    // A quadratic pattern: run on the long value it would also add its own length error (or cost ~seconds).
    const tool = withPattern('[^\\u0000]*$', 10);
    const result = validator.validate(tool, { name: `${'a'.repeat(100_000)}\u0000x` });
    expect(result.errors).toEqual([expect.objectContaining({ parameter: 'name', code: 'string_too_long' })]);
  });

  it('runs {pattern: ^(a+)+$} on RE2: a long value is answered at once instead of hanging', () => {
    validator.reset();
    const tool = withPattern('^(a+)+$');
    expect(validator.precompile(tool).ok).toBe(true);
    expect(validator.validate(tool, { name: `${'a'.repeat(100_000)}!` }).errors).toEqual([
      expect.objectContaining({ parameter: 'name', code: 'pattern_mismatch' }),
    ]);
    expect(validator.validate(tool, { name: 'a'.repeat(100_000) }).valid).toBe(true);
  });

  it('refuses at compile time an exponential pattern RE2 cannot run (lookaround)', () => {
    validator.reset();
    const tool = withPattern('^(a+)+(?!b)$', 10);
    for (const result of [
      validator.validate(tool, { name: `${'a'.repeat(28)}!` }),
      validator.validate(tool, { name: 'aaaa!' }),
    ]) {
      expect(result.valid).toBe(false);
      expect(result.errors[0].code).toBe('invalid_value');
      expect(result.errors[0].message).toContain('does not compile');
      expect(result.errors[0].message).toContain('backtrack exponentially');
    }
    expect(validator.precompile(tool).ok).toBe(false);
  });

  it('refuses a value over the safe input length of a quadratic lookaround pattern with its own message', () => {
    validator.reset();
    const tool = withPattern('(?!x)[^\\u0000]*$');
    const result = validator.validate(tool, { name: `${'a'.repeat(60_000)}\u0000x` });
    expect(result.errors).toEqual([
      expect.objectContaining({ parameter: 'name', code: 'pattern_mismatch', actual: '60002 characters' }),
    ]);
    expect(result.errors[0].message).toBe(
      "Parameter 'name' is 60002 characters, too long to be checked against its pattern (?!x)[^\\u0000]*$: a quadratic-time pattern is tested only on values up to 10000 characters",
    );
    expect(validator.validate(tool, { name: 'short' }).valid).toBe(true);
  });

  it('still tests a linear pattern on a long value and reports the mismatch', () => {
    validator.reset();
    const tool = withPattern('^[a-z]+$');
    expect(validator.validate(tool, { name: 'a'.repeat(200_000) }).valid).toBe(true);
    expect(validator.validate(tool, { name: `${'a'.repeat(200_000)}!` }).errors[0].code).toBe('pattern_mismatch');
  });

  // Lookaround and back-references run only on a backtracking engine, so a value is tested only up to the length the
  // pattern's degree allows: these two run quadratic on the native engine however they look.
  it.each([
    ['^(?:a(?=a*$))*b', 'bc', 'aab'],
    ['^(?:a(?!a*b))*$', 'aaa', 'aab'],
  ])(
    'gives %s a bounded verdict on 400,000 characters, as a pattern and as a patternProperties key',
    (pattern, matching, other) => {
      validator.reset();
      const long = 'a'.repeat(400_000);
      const asPattern = validator.validate(withPattern(pattern), { name: long });
      expect(asPattern.errors).toEqual([
        expect.objectContaining({ parameter: 'name', code: 'pattern_mismatch', actual: '400000 characters' }),
      ]);
      expect(asPattern.errors[0]?.message).toContain(
        'a quadratic-time pattern is tested only on values up to 10000 characters',
      );
      const keyed = makeTool('keyed', {
        type: 'object',
        patternProperties: { [pattern]: { type: 'integer' } },
        additionalProperties: false,
      });
      // A key longer than the pattern is tested on matches nothing: here it is an extra property, refused as such.
      const asKey = validator.validate(keyed, { [long]: 1 });
      expect(asKey.valid).toBe(false);
      expect(asKey.errors).toHaveLength(1);
      // Short keys are still tested.
      expect(validator.validate(keyed, { [matching]: 1 }).valid).toBe(true);
      expect(validator.validate(keyed, { [other]: 1 }).valid).toBe(false);
    },
  );
});
