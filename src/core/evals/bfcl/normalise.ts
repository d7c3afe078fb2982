/**
 * BFCL's value rules (ast_checker.py: standardize_string, string_checker, list_checker, dict_checker,
 * list_dict_checker), ported line by line, quirks included: a `""` answer iterated as a list is an
 * empty list, and dict_checker keeps checking for missing keys after a wrong value.
 */
import { invalid, VALID, type CheckResult } from './check-result';
import { pyIn, pyRepr, type PyDict, type PyValue } from './python-value';
import { isJsonObject } from '../../json/is-json-object';

/** Spaces and , . / - _ * ^ removed, lower case, ' written as ": "April 1, 2024" = "april 1 2024". */
export const standardizeString = (text: string): string =>
  text
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"');

const standardized = (value: PyValue): PyValue => (typeof value === 'string' ? standardizeString(value) : value);

export function stringChecker(param: string, modelOutput: string, possibleAnswer: readonly PyValue[]): CheckResult {
  const answers = possibleAnswer
    .filter((answer): answer is string => typeof answer === 'string')
    .map(standardizeString);
  if (!answers.includes(standardizeString(modelOutput))) {
    return invalid(
      'value_error:string',
      `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(modelOutput)}. Expected one of ${pyRepr([...possibleAnswer])}. Case insensitive.`,
    );
  }
  return VALID;
}

/** Python's list(x) on an answer: a string becomes its characters (so `""` becomes []). */
const asList = (value: PyValue): PyValue[] | null =>
  Array.isArray(value) ? value : typeof value === 'string' ? [...value] : null;

export function listChecker(
  param: string,
  modelOutput: readonly PyValue[],
  possibleAnswer: readonly PyValue[],
): CheckResult {
  const output = modelOutput.map(standardized);
  const answers = possibleAnswer.map((answer) => {
    const items = asList(answer);
    return items === null ? answer : items.map(standardized);
  });
  if (!pyIn(output, answers)) {
    return invalid(
      'value_error:list/tuple',
      `Invalid value for parameter ${pyRepr(param)}: ${pyRepr([...modelOutput])}. Expected one of ${pyRepr([...possibleAnswer])}.`,
    );
  }
  return VALID;
}

export function dictChecker(_param: string, modelOutput: PyDict, possibleAnswers: readonly PyValue[]): CheckResult {
  let result: CheckResult = invalid('dict_checker:unclear');
  for (const possibleAnswer of possibleAnswers) {
    if (possibleAnswer === '') continue;
    result = invalid('dict_checker:unclear');
    let flag = true;
    const answer = isJsonObject(possibleAnswer) ? possibleAnswer : {};
    for (const [key, value] of Object.entries(modelOutput)) {
      if (!Object.hasOwn(answer, key)) {
        result = {
          ...result,
          error: [...result.error, `Unexpected dict key parameter: '${key}'.`],
          errorType: 'value_error:dict_key',
        };
        flag = false;
        break;
      }
      const accepted = asList(answer[key]!) ?? [];
      const standardizedAnswers = accepted.map(standardized);
      if (!pyIn(standardized(value), standardizedAnswers)) {
        result = {
          ...result,
          error: [
            ...result.error,
            `Invalid value for parameter ${pyRepr(key)}: ${pyRepr(value)}. Expected one of ${pyRepr(standardizedAnswers)}.`,
          ],
          errorType: 'value_error:dict_value',
        };
        flag = false;
        break;
      }
    }
    for (const [key, value] of Object.entries(answer)) {
      if (!Object.hasOwn(modelOutput, key) && !pyIn('', asList(value) ?? [])) {
        result = {
          ...result,
          error: [...result.error, `Missing dict key parameter: '${key}'.`],
          errorType: 'value_error:dict_key',
        };
        flag = false;
        break;
      }
    }
    if (flag) return VALID;
  }
  return result;
}

export function listDictChecker(
  param: string,
  modelOutput: readonly PyValue[],
  possibleAnswers: readonly PyValue[],
): CheckResult {
  let result: CheckResult = invalid('list_dict_checker:unclear');
  for (const possibleAnswer of possibleAnswers) {
    const answer = asList(possibleAnswer) ?? [];
    if (modelOutput.length !== answer.length) {
      result = invalid('value_error:list_dict_count', 'Wrong number of dictionaries in the list.');
      continue;
    }
    let flag = true;
    for (let index = 0; index < modelOutput.length; index++) {
      const item = modelOutput[index]!;
      // BFCL's type check lets only dicts through to here; anything else cannot match.
      result = isJsonObject(item)
        ? dictChecker(param, item, [answer[index]!])
        : invalid('value_error:dict_value', `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(item)}.`);
      if (!result.valid) {
        flag = false;
        break;
      }
    }
    if (flag) return VALID;
  }
  return result;
}
