/**
 * BFCL's AST checker for the Python categories (ast_checker.py: ast_checker, simple_function_checker,
 * multiple_function_checker, parallel_function_checker_no_order), ported line by line so every verdict
 * and error type is the one BFCL gives: the shipped sample is checked against BFCL's own run of it.
 * Where BFCL's Python would raise (an unknown type, an answer naming a function the question lacks),
 * this returns an invalid verdict of type `bfcl:cannot_check` instead.
 */
import { invalid, VALID, type BfclError, type CheckResult } from './check-result';
import { dictChecker, listChecker, listDictChecker, stringChecker } from './normalise';
import { pyIn, pyRepr, type PyDict, type PyValue } from './python-value';
import { PYTHON_NESTED_TYPE_CHECK_LIST, PYTHON_TYPE_MAPPING, typeChecker } from './type-checker';
import { isJsonObject } from '../../json/is-json-object';

/** A function doc as BFCL's question files hold it. */
export interface BfclFunction {
  name: string;
  description?: string;
  parameters: { type?: string; properties: Record<string, BfclProperty>; required?: string[] };
}

export interface BfclProperty {
  type?: string;
  description?: string;
  items?: BfclProperty;
  properties?: Record<string, BfclProperty>;
  [key: string]: unknown;
}

export interface CheckerOptions {
  /** The model config's underscore_to_dot: expected names have `.` written as `_`. */
  underscoreToDot?: boolean;
}

const firstKey = (value: PyValue): string => (isJsonObject(value) ? (Object.keys(value)[0] ?? '') : '');
const asAnswers = (value: PyValue | undefined): PyValue[] => (Array.isArray(value) ? value : []);

const convertFuncName = (name: string, options: CheckerOptions): string =>
  options.underscoreToDot && name.includes('.') ? name.replace(/\./g, '_') : name;

/** eval_runner's is_function_calling_format_output: a list of one-key dicts whose value is a dict. */
export function isFunctionCallingFormatOutput(decoded: PyValue): decoded is PyDict[] {
  return (
    Array.isArray(decoded) &&
    decoded.every(
      (item) => isJsonObject(item) && Object.keys(item).length === 1 && isJsonObject(Object.values(item)[0]),
    )
  );
}

function findDescription(functions: readonly BfclFunction[], name: string): BfclFunction | undefined {
  return functions.find((candidate) => candidate.name === name);
}

function simpleFunctionChecker(
  description: BfclFunction | undefined,
  modelOutput: PyDict,
  possibleAnswerEntry: PyValue,
  options: CheckerOptions,
): CheckResult {
  if (description === undefined)
    return invalid('bfcl:cannot_check', 'The possible answer names a function the question does not describe.');
  const possibleAnswerValue = isJsonObject(possibleAnswerEntry) ? Object.values(possibleAnswerEntry)[0] : undefined;
  const possibleAnswer: PyDict = isJsonObject(possibleAnswerValue) ? possibleAnswerValue : {};
  const paramDetails = description.parameters.properties;
  const requiredParams = description.parameters.required ?? [];
  const funcName = convertFuncName(description.name, options);

  if (!Object.hasOwn(modelOutput, funcName)) {
    return invalid(
      'simple_function_checker:wrong_func_name',
      `Function name ${pyRepr(funcName)} not found in model output.`,
    );
  }
  const modelParams = modelOutput[funcName] as PyDict;

  for (const param of requiredParams) {
    if (!Object.hasOwn(modelParams, param))
      return invalid('simple_function_checker:missing_required', `Missing required parameter: ${pyRepr(param)}.`);
  }

  for (const [param, original] of Object.entries(modelParams)) {
    if (!Object.hasOwn(paramDetails, param) || !Object.hasOwn(possibleAnswer, param)) {
      return invalid('simple_function_checker:unexpected_param', `Unexpected parameter: ${pyRepr(param)}.`);
    }
    let value = original;
    const expectedTypeDescription = paramDetails[param]!.type ?? '';
    const expectedType = PYTHON_TYPE_MAPPING[expectedTypeDescription];
    if (expectedType === undefined)
      return invalid(
        'bfcl:cannot_check',
        `Parameter ${pyRepr(param)} has a type BFCL's checker does not know: ${pyRepr(expectedTypeDescription)}.`,
      );
    let nestedType = null;
    if (PYTHON_NESTED_TYPE_CHECK_LIST.includes(expectedTypeDescription)) {
      nestedType = PYTHON_TYPE_MAPPING[paramDetails[param]!.items?.type ?? ''] ?? null;
      if (nestedType === null)
        return invalid(
          'bfcl:cannot_check',
          `Parameter ${pyRepr(param)} has items of a type BFCL's checker does not know.`,
        );
    }
    // Python's int → float conversion for float parameters (a bool is not an int here: type() is exact).
    if (expectedTypeDescription === 'float' && typeof value === 'bigint') value = Number(value);

    const answers = asAnswers(possibleAnswer[param]);
    const typeCheck = typeChecker(param, value, answers, expectedTypeDescription, expectedType, nestedType);
    if (!typeCheck.valid) return typeCheck;

    if (!typeCheck.isVariable) {
      let result: CheckResult | null = null;
      if (expectedType === 'dict') result = dictChecker(param, value as PyDict, answers);
      else if (expectedType === 'list' && nestedType === 'dict')
        result = listDictChecker(param, value as PyValue[], answers);
      else if (expectedType === 'str') result = stringChecker(param, value as string, answers);
      else if (expectedType === 'list') result = listChecker(param, value as PyValue[], answers);
      if (result !== null) {
        if (!result.valid) return result;
        continue;
      }
    }
    if (!pyIn(value, answers)) {
      return invalid(
        'value_error:others',
        `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyRepr(answers)}.`,
      );
    }
  }

  for (const [param, answers] of Object.entries(possibleAnswer)) {
    if (!Object.hasOwn(modelParams, param) && !pyIn('', asAnswers(answers))) {
      return invalid(
        'simple_function_checker:missing_optional',
        `Optional parameter ${pyRepr(param)} not provided and not marked as optional.`,
      );
    }
  }
  return VALID;
}

/** Greedy, as BFCL's: each expected call takes the first unmatched model call that passes. */
function parallelFunctionCheckerNoOrder(
  functions: readonly BfclFunction[],
  modelOutput: readonly PyDict[],
  possibleAnswers: readonly PyValue[],
  options: CheckerOptions,
): CheckResult {
  if (modelOutput.length !== possibleAnswers.length)
    return invalid('parallel_function_checker_no_order:wrong_count', 'Wrong number of functions.');
  const matched: number[] = [];
  for (let answerIndex = 0; answerIndex < possibleAnswers.length; answerIndex++) {
    const answer = possibleAnswers[answerIndex]!;
    const description = findDescription(functions, firstKey(answer));
    const attempts: BfclError[] = [];
    let result: CheckResult = VALID;
    for (let index = 0; index < modelOutput.length; index++) {
      if (matched.includes(index)) continue;
      result = simpleFunctionChecker(description, modelOutput[index]!, answer, options);
      if (result.valid) {
        matched.push(index);
        break;
      }
      attempts.push({
        index,
        subError: result.error,
        subErrorType: result.errorType ?? '',
        modelOutputItem: modelOutput[index]!,
        possibleAnswerItem: answer,
      });
    }
    if (!result.valid) {
      const considered = [...modelOutput.keys()].filter((index) => !matched.includes(index));
      return invalid(
        'parallel_function_checker_no_order:cannot_find_match',
        `Could not find a matching function among index [${considered.join(', ')}] of model output for index ${answerIndex} of possible answers.`,
        ...attempts,
      );
    }
  }
  return VALID;
}

function multipleFunctionChecker(
  functions: readonly BfclFunction[],
  modelOutput: readonly PyDict[],
  possibleAnswers: readonly PyValue[],
  options: CheckerOptions,
): CheckResult {
  if (modelOutput.length !== possibleAnswers.length)
    return invalid('multiple_function_checker:wrong_count', 'Wrong number of functions.');
  const description = findDescription(functions, firstKey(possibleAnswers[0]!));
  return simpleFunctionChecker(description, modelOutput[0]!, possibleAnswers[0]!, options);
}

/** ast_checker: the category decides the rule ("parallel" before "multiple", as BFCL tests them). */
export function astChecker(
  functions: readonly BfclFunction[],
  modelOutput: readonly PyDict[],
  possibleAnswers: readonly PyValue[],
  category: string,
  options: CheckerOptions = {},
): CheckResult {
  if (category.includes('parallel'))
    return parallelFunctionCheckerNoOrder(functions, modelOutput, possibleAnswers, options);
  if (category.includes('multiple')) return multipleFunctionChecker(functions, modelOutput, possibleAnswers, options);
  if (modelOutput.length !== 1) return invalid('simple_function_checker:wrong_count', 'Wrong number of functions.');
  // Simple: the first function described and the first answer, whatever their names.
  return simpleFunctionChecker(functions[0], modelOutput[0]!, possibleAnswers[0]!, options);
}
