/**
 * BFCL's files: question files (`{id, question, function}`), possible_answer files (`{id,
 * ground_truth}`) and decoded model results (`{id, result}`), each JSON Lines as BFCL writes them (a
 * JSON array is read too). Answers and results are read as Python reads them (int ≠ float).
 */
import type { BfclFunction } from './ast-checker';
import { parsePython, type PyDict, type PyValue } from './python-value';
import { isJsonObject } from '../../json/is-json-object';

export interface BfclQuestion {
  id: string;
  /** Turns of messages: BFCL's AST categories have one turn. */
  question: { role: string; content: string }[][];
  function: BfclFunction[];
}

export interface BfclAnswer {
  id: string;
  groundTruth: PyValue[];
}

export interface BfclResult {
  id: string;
  /** 1-based line of the results file. */
  line: number;
  result: PyValue;
  /** A label some result files carry (the shipped sample names each deliberate mistake). */
  variant?: string;
}

export interface FileProblem {
  line: number;
  message: string;
}

/** Each JSON value of a JSON Lines text (or of one JSON array), with its line. */
function values<T>(
  text: string,
  parse: (line: string) => T,
): { items: { value: T; line: number }[]; problems: FileProblem[] } {
  const trimmed = text.trim();
  const problems: FileProblem[] = [];
  if (trimmed.startsWith('[')) {
    try {
      const whole = parse(trimmed);
      if (Array.isArray(whole))
        return { items: whole.map((value, index) => ({ value: value as T, line: index + 1 })), problems };
    } catch {
      // Not one array: read as lines below.
    }
  }
  const items: { value: T; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      items.push({ value: parse(raw), line: index + 1 });
    } catch (error) {
      problems.push({ line: index + 1, message: `not JSON: ${(error as Error).message.split('\n')[0]}` });
    }
  });
  return { items, problems };
}

export function readQuestions(text: string): { questions: BfclQuestion[]; problems: FileProblem[] } {
  const { items, problems } = values<unknown>(text, JSON.parse);
  const questions: BfclQuestion[] = [];
  for (const { value, line } of items) {
    if (!isJsonObject(value) || typeof value.id !== 'string' || !Array.isArray(value.function)) {
      problems.push({ line, message: 'a question entry needs an "id" string and a "function" list' });
      continue;
    }
    const functions = value.function.filter(
      (entry): entry is BfclFunction =>
        isJsonObject(entry) &&
        typeof entry.name === 'string' &&
        isJsonObject(entry.parameters) &&
        isJsonObject(entry.parameters.properties),
    );
    if (functions.length !== value.function.length)
      problems.push({ line, message: `${value.id}: every function needs a "name" and "parameters" with "properties"` });
    questions.push({
      id: value.id,
      question: Array.isArray(value.question) ? (value.question as BfclQuestion['question']) : [],
      function: functions,
    });
  }
  return { questions, problems };
}

export function readAnswers(text: string): { answers: BfclAnswer[]; problems: FileProblem[] } {
  const { items, problems } = values<PyValue>(text, parsePython);
  const answers: BfclAnswer[] = [];
  for (const { value, line } of items) {
    const entry = value as PyDict | null;
    if (!isJsonObject(entry) || typeof entry.id !== 'string' || !Array.isArray(entry.ground_truth)) {
      problems.push({ line, message: 'a possible_answer entry needs an "id" string and a "ground_truth" list' });
      continue;
    }
    answers.push({ id: entry.id, groundTruth: entry.ground_truth });
  }
  return { answers, problems };
}

export function readBfclResults(text: string): { results: BfclResult[]; problems: FileProblem[] } {
  const { items, problems } = values<PyValue>(text, parsePython);
  const results: BfclResult[] = [];
  for (const { value, line } of items) {
    const entry = value as PyDict | null;
    if (!isJsonObject(entry) || typeof entry.id !== 'string' || !Object.hasOwn(entry, 'result')) {
      problems.push({ line, message: 'a result needs an "id" string and a "result"' });
      continue;
    }
    results.push({
      id: entry.id,
      line,
      result: entry.result!,
      ...(typeof entry.variant === 'string' ? { variant: entry.variant } : {}),
    });
  }
  return { results, problems };
}

/** BFCL's extract_test_category_from_id: everything before the last `_`. */
export const categoryOf = (id: string): string => (id.includes(':') ? id.split(':')[0]! : id).replace(/_[^_]*$/, '');
