/** The result shape of BFCL's checker functions, kept as it is so verdicts compare one to one. */
import type { PyValue } from './python-value';

/** One model call tried against one expected call, as parallel_function_checker_no_order records it. */
interface NestedAttempt {
  index: number;
  subError: BfclError[];
  subErrorType: string;
  modelOutputItem: PyValue;
  possibleAnswerItem: PyValue;
}

export type BfclError = string | NestedAttempt;

export interface CheckResult {
  valid: boolean;
  error: BfclError[];
  errorType?: string;
  /** type_checker's finding that the answer's type is not the schema's: a "variable" value, compared as is. */
  isVariable?: boolean;
}

export const VALID: CheckResult = { valid: true, error: [] };

export const invalid = (errorType: string, ...error: BfclError[]): CheckResult => ({ valid: false, error, errorType });
