/** BFCL's type_checker (ast_checker.py), ported line by line: exact Python types, one nesting level. */
import type { CheckResult } from './check-result';
import { pyRepr, pyType, type PyType, type PyValue } from './python-value';

/** PYTHON_TYPE_MAPPING: `tuple` checks as a list, `any` as a string. */
export const PYTHON_TYPE_MAPPING: Readonly<Record<string, PyType>> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
};

export const PYTHON_NESTED_TYPE_CHECK_LIST = ['array', 'tuple'];

/** The type of the first answer that is not the optional marker `""`. */
function possibleAnswerType(possibleAnswer: readonly PyValue[]): PyType | null {
  const answer = possibleAnswer.find((item) => item !== '');
  return answer === undefined ? null : pyType(answer);
}

const classRepr = (type: PyType): string => `<class '${type}'>`;

export function typeChecker(
  param: string,
  value: PyValue,
  possibleAnswer: readonly PyValue[],
  expectedTypeDescription: string,
  expectedType: PyType,
  nestedType: PyType | null,
): CheckResult {
  let result: CheckResult = { valid: true, error: [], isVariable: false, errorType: 'type_error:simple' };
  let isVariable = false;
  const answerType = possibleAnswerType(possibleAnswer);
  // An answer of another type than the schema's is a "variable": compared as given, not normalised.
  if (answerType !== null && answerType !== expectedType) isVariable = true;

  if (pyType(value) === expectedType) {
    if (nestedType === null) return { ...result, isVariable };
    for (const answerItem of possibleAnswer) {
      let flag = true;
      if (Array.isArray(answerItem) && Array.isArray(value)) {
        for (const valueItem of value) {
          if (!typeChecker(param, valueItem, answerItem, classRepr(nestedType), nestedType, null).valid) {
            flag = false;
            break;
          }
        }
      }
      if (flag) return { valid: true, error: [], isVariable };
    }
    result = {
      ...result,
      valid: false,
      error: [
        `Nested type checking failed for parameter ${pyRepr(param)}. Expected outer type ${expectedTypeDescription} with inner type ${classRepr(nestedType)}. Parameter value: ${pyRepr(value)}.`,
      ],
      errorType: 'type_error:nested',
    };
  }

  if (answerType !== null && pyType(value) === answerType) return { ...result, isVariable: true };

  return {
    ...result,
    valid: false,
    error: [
      ...result.error,
      `Incorrect type for parameter ${pyRepr(param)}. Expected type ${expectedTypeDescription}, got ${pyType(value)}. Parameter value: ${pyRepr(value)}.`,
    ],
    errorType: 'type_error:simple',
  };
}
