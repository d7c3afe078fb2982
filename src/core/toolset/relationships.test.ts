import { describe, expect, it } from 'vitest';
import { relationshipViolations } from './relationships';
import type { ParameterRelationship } from './types';

const notLessThan: ParameterRelationship = {
  kind: 'not_less_than',
  parameter: 'end_line',
  other: 'start_line',
  description: 'end_line must be >= start_line',
};
const memberOf: ParameterRelationship = {
  kind: 'member_of',
  parameter: 'default_option',
  list: 'options',
  description: 'default_option must be one of options',
};
const requiredUnless: ParameterRelationship = {
  kind: 'required_unless',
  parameter: 'path',
  when: 'scope',
  equals: 'workspace',
  description: 'path is required unless scope is workspace',
};
const scopeSchema = {
  type: 'object',
  properties: { scope: { type: 'string', default: 'workspace' }, path: { type: 'string' } },
};

describe('relationshipViolations', () => {
  it('not_less_than: only when both are numbers and the parameter is smaller', () => {
    expect(relationshipViolations([notLessThan], { start_line: 10, end_line: 9 })).toEqual([
      { relationship: notLessThan, parameter: 'end_line', code: 'out_of_range' },
    ]);
    expect(relationshipViolations([notLessThan], { start_line: 10, end_line: 10 })).toEqual([]);
    expect(relationshipViolations([notLessThan], { end_line: 1 })).toEqual([]);
    expect(relationshipViolations([notLessThan], { start_line: 10, end_line: '9' })).toEqual([]);
  });

  it('member_of: a given value must be in the list', () => {
    expect(relationshipViolations([memberOf], { options: ['a', 'b'], default_option: 'b' })).toEqual([]);
    expect(relationshipViolations([memberOf], { options: ['a', 'b'], default_option: 'c' })).toEqual([
      { relationship: memberOf, parameter: 'default_option', code: 'invalid_value' },
    ]);
    expect(relationshipViolations([memberOf], { default_option: 'c' })).toHaveLength(1);
    expect(relationshipViolations([memberOf], { options: ['a'] })).toEqual([]);
  });

  it('required_unless: uses the declared default of the condition', () => {
    expect(relationshipViolations([requiredUnless], { query: 'x' }, scopeSchema)).toEqual([]);
    expect(relationshipViolations([requiredUnless], { scope: 'file' }, scopeSchema)).toEqual([
      { relationship: requiredUnless, parameter: 'path', code: 'required' },
    ]);
    expect(relationshipViolations([requiredUnless], { scope: 'file', path: 'a.ts' }, scopeSchema)).toEqual([]);
    // Without a declared default, a missing condition is not "workspace".
    expect(relationshipViolations([requiredUnless], {})).toHaveLength(1);
  });

  it('ignores arguments that are not an object', () => {
    expect(relationshipViolations([notLessThan, memberOf, requiredUnless], [])).toEqual([]);
    expect(relationshipViolations([requiredUnless], null)).toEqual([]);
  });
});
