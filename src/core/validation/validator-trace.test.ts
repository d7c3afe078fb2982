import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, verboseTrace } from './validator';
import { validator, readFile } from './validator.test-support';
import { isRelationshipError } from './rules';

describe('verboseTrace', () => {
  it('walks required parameters, types, constraints, relationships and warnings', () => {
    const args = { path: 'test.txt', start_line: 1 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines).toEqual([
      'Validating against: read_file v1.0.0',
      'Schema: file_operations category',
      'Checking arguments are an object…',
      '  ✓ object',
      'Checking required parameters…',
      '  ✓ path: present',
      'Checking types…',
      '  ✓ path: string',
      '  ✓ start_line: integer',
      'Checking constraints…',
      '  ✓ path: length 8 <= maxLength 4096',
      '  ✓ start_line: 1 >= minimum 1',
      'Checking unknown parameters…',
      '  ✓ none',
      'Checking relationships…',
      '  ✓ end_line must be >= start_line.',
      'Checking warnings…',
      '  ✓ none',
      'Result: ✓ Valid',
    ]);
  });

  it('marks each failure under its step', () => {
    const args = { start_line: 'ten', encoding: 'utf-32', lines: 3 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    const at = (heading: string) => lines.indexOf(heading);
    const line = (text: string) => lines.findIndex((entry) => entry.includes(text));
    expect(line("✗ path: Missing required property 'path'")).toBeGreaterThan(at('Checking required parameters…'));
    expect(line("✗ start_line: Property 'start_line' must be integer")).toBeGreaterThan(at('Checking types…'));
    expect(line('✗ encoding:')).toBeGreaterThan(at('Checking constraints…'));
    expect(line("✗ lines: Unknown parameter 'lines'")).toBeGreaterThan(at('Checking unknown parameters…'));
    expect(lines[lines.length - 1]).toBe('Result: ✗ Invalid (4 errors)');
  });

  it('lists relationship failures under relationships', () => {
    const args = { path: 'a', start_line: 5, end_line: 2 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines.findIndex((entry) => entry.includes('✗ end_line'))).toBeGreaterThan(
      lines.indexOf('Checking relationships…'),
    );
  });

  it('knows a relationship error by where it came from; a copy, by its words; either way plain fields', () => {
    const error = validator.validate(readFile, { path: 'a', start_line: 5, end_line: 2 }).errors[0]!;
    const silent = { ...readFile, relationships: [] };
    expect(isRelationshipError(error, silent)).toBe(true);
    expect(isRelationshipError({ ...error }, silent)).toBe(false);
    expect(isRelationshipError({ ...error }, readFile)).toBe(true);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ ...error });
    expect(Object.keys(error)).toEqual(['parameter', 'code', 'message', 'expected', 'actual']);
  });

  it('still ticks the constraints a parameter passed when only a relationship fails', () => {
    const args = { path: 'a', start_line: 150, end_line: 100 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    const constraints = lines.slice(
      lines.indexOf('Checking constraints…') + 1,
      lines.indexOf('Checking unknown parameters…'),
    );
    expect(constraints).toEqual([
      '  ✓ path: length 1 <= maxLength 4096',
      '  ✓ start_line: 150 >= minimum 1',
      '  ✓ end_line: 100 >= minimum 1',
    ]);
    const relationships = lines.slice(
      lines.indexOf('Checking relationships…') + 1,
      lines.indexOf('Checking warnings…'),
    );
    expect(relationships).toEqual([
      "  ✗ end_line: Parameter 'end_line' (100) must not be less than 'start_line' (150)",
    ]);
  });

  it('ticks no constraint for a parameter that fails its own', () => {
    const args = { path: 'a', start_line: 0, end_line: 100 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines.some((line) => line.startsWith('  ✓ start_line: 0'))).toBe(false);
    expect(lines).toContain('  ✓ end_line: 100 >= minimum 1');
  });

  it('does not tick a relationship it could not judge because a value involved is already invalid', () => {
    const args = { path: 'a', start_line: 'ten', end_line: 2 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines[lines.indexOf('Checking relationships…') + 1]).toBe(
      "  – not checked ('start_line' already invalid): end_line must be >= start_line.",
    );
  });

  it('stops at the nesting check when a value is too deep, since no other rule ran', () => {
    let deep: unknown = 1;
    for (let level = 0; level < MAX_NESTING_DEPTH + 5; level++) deep = { a: deep };
    const args = { path: 'a', unknown_parameter: deep };
    expect(verboseTrace(readFile, args, validator.validate(readFile, args)).slice(4)).toEqual([
      'Checking nesting depth…',
      `  ✗ unknown_parameter: Parameter 'unknown_parameter' is nested more than ${MAX_NESTING_DEPTH} levels deep`,
      '  (no other rule was checked)',
      'Result: ✗ Invalid (1 error)',
    ]);
  });

  it('stops after the object check for non-object arguments', () => {
    expect(verboseTrace(readFile, [1], validator.validate(readFile, [1]))).toEqual([
      'Validating against: read_file v1.0.0',
      'Schema: file_operations category',
      'Checking arguments are an object…',
      '  ✗ (arguments): Arguments must be a JSON object, got array',
      'Result: ✗ Invalid (1 error)',
    ]);
  });
});
