/**
 * BFCL results scored as BFCL's eval runner scores the AST categories: the decoded result must be a
 * list of one-key dicts (else `ast_decoder:decoder_wrong_output_format`), then ast_checker decides.
 * Accuracy per category is correct entries over entries.
 */
import { astChecker, isFunctionCallingFormatOutput, type CheckerOptions } from './ast-checker';
import type { BfclError, CheckResult } from './check-result';
import { categoryOf, type BfclAnswer, type BfclQuestion, type BfclResult, type FileProblem } from './files';

interface BfclVerdict {
  id: string;
  line: number;
  variant?: string;
  category: string;
  valid: boolean;
  errorType?: string;
  /** BFCL's messages, the top-level ones. */
  errors: string[];
  /** For parallel entries: the error type of every call tried, in order. */
  subErrorTypes?: string[];
}

interface CategoryAccuracy {
  category: string;
  correct: number;
  total: number;
  accuracy: number;
}

export interface BfclScore {
  verdicts: BfclVerdict[];
  categories: CategoryAccuracy[];
  overall: CategoryAccuracy;
  problems: FileProblem[];
}

/** Java and JavaScript entries need BFCL's string-to-type converters, which are not ported. */
const UNSUPPORTED_CATEGORY = /java|javascript/;

const messages = (errors: readonly BfclError[]): string[] =>
  errors.filter((error): error is string => typeof error === 'string');
const nestedTypes = (errors: readonly BfclError[]): string[] =>
  errors.flatMap((error) => (typeof error === 'string' ? [] : [error.subErrorType]));

function checkEntry(
  question: BfclQuestion,
  answer: BfclAnswer,
  result: BfclResult,
  options: CheckerOptions,
): CheckResult {
  if (!isFunctionCallingFormatOutput(result.result)) {
    return {
      valid: false,
      error: [
        'Did not output in the specified format. Note: the model_result is wrapped in a string to ensure json serializability.',
      ],
      errorType: 'ast_decoder:decoder_wrong_output_format',
    };
  }
  return astChecker(question.function, result.result, answer.groundTruth, categoryOf(question.id), options);
}

export function scoreBfcl(
  questions: readonly BfclQuestion[],
  answers: readonly BfclAnswer[],
  results: readonly BfclResult[],
  options: CheckerOptions = {},
): BfclScore {
  const questionById = new Map(questions.map((question) => [question.id, question]));
  const answerById = new Map(answers.map((answer) => [answer.id, answer]));
  const verdicts: BfclVerdict[] = [];
  const problems: FileProblem[] = [];
  for (const result of results) {
    const question = questionById.get(result.id);
    const answer = answerById.get(result.id);
    if (question === undefined || answer === undefined) {
      problems.push({
        line: result.line,
        message: `${result.id}: no ${question === undefined ? 'question' : 'possible answer'} with this id`,
      });
      continue;
    }
    const category = categoryOf(result.id);
    if (UNSUPPORTED_CATEGORY.test(category)) {
      problems.push({
        line: result.line,
        message: `${result.id}: the ${category} category needs BFCL's Java/JavaScript type converters, which are not supported`,
      });
      continue;
    }
    const checked = checkEntry(question, answer, result, options);
    const nested = nestedTypes(checked.error);
    verdicts.push({
      id: result.id,
      line: result.line,
      ...(result.variant !== undefined ? { variant: result.variant } : {}),
      category,
      valid: checked.valid,
      ...(checked.valid ? {} : { errorType: checked.errorType ?? '' }),
      errors: messages(checked.error),
      ...(nested.length > 0 ? { subErrorTypes: nested } : {}),
    });
  }
  const byCategory = new Map<string, CategoryAccuracy>();
  for (const verdict of verdicts) {
    const entry = byCategory.get(verdict.category) ?? { category: verdict.category, correct: 0, total: 0, accuracy: 0 };
    entry.total++;
    if (verdict.valid) entry.correct++;
    entry.accuracy = entry.correct / entry.total;
    byCategory.set(verdict.category, entry);
  }
  const correct = verdicts.filter((verdict) => verdict.valid).length;
  return {
    verdicts,
    categories: [...byCategory.values()],
    overall: {
      category: 'overall',
      correct,
      total: verdicts.length,
      accuracy: verdicts.length > 0 ? correct / verdicts.length : 0,
    },
    problems,
  };
}
