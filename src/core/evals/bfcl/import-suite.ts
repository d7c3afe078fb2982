/**
 * BFCL question + possible_answer files → an eval suite. Each answer list becomes `anyOf` (`""` in it
 * makes the argument optional); no other argument is allowed (`noOtherArguments`: BFCL rejects one);
 * parallel answers match in any order, as BFCL's checker does. Dict and list-of-dict answers nest
 * their own lists of acceptable values: they are expanded into whole values while there are few (32),
 * else checked by type. The suite is graded by the project's matchers, which compare exactly — BFCL's
 * string normalisation and int/float rules are its own (see `score.ts`); the README lists where the
 * two differ.
 */
import type { JsonValue } from '../../toolset/types';
import type { ArgumentExpectation, EvalCase, EvalMessage, EvalSuite, ExpectedCall } from '../types';
import type { BfclAnswer, BfclQuestion } from './files';
import { categoryOf } from './files';
import type { PyValue } from './python-value';
import { isJsonObject } from '../../json/is-json-object';

export interface SuiteImportNote {
  id: string;
  message: string;
}

/** More combinations than this and a dict answer is checked by type only. */
const MAX_EXPANSION = 32;
const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/** Python values as JSON: ints (bigint here) become numbers. */
export function toJson(value: PyValue): JsonValue {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(toJson);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJson(item)]));
  return value;
}

/** Every concrete object a dict answer `{key: [acceptable…]}` stands for, or null when too many. */
function expandDict(answer: Record<string, PyValue>): JsonValue[] | null {
  let objects: Record<string, JsonValue>[] = [{}];
  for (const [key, accepted] of Object.entries(answer)) {
    const list = Array.isArray(accepted) ? accepted : [accepted];
    const next: Record<string, JsonValue>[] = [];
    for (const object of objects) {
      for (const option of list) next.push(option === '' ? object : { ...object, [key]: toJson(option) });
    }
    objects = next;
    if (objects.length > MAX_EXPANSION) return null;
  }
  return objects;
}

/** Every concrete list a list-of-dicts answer `[{key: [acceptable…]}, …]` stands for, or null when too many. */
function expandDicts(answer: PyValue[]): JsonValue[] | null {
  let lists: JsonValue[][] = [[]];
  for (const item of answer) {
    const options = isJsonObject(item) ? expandDict(item) : [toJson(item)];
    if (options === null) return null;
    lists = lists.flatMap((list) => options.map((option) => [...list, option]));
    if (lists.length > MAX_EXPANSION) return null;
  }
  return lists;
}

function expectationOf(values: PyValue, shape: 'dict' | 'dicts' | 'plain'): ArgumentExpectation | null {
  const list = Array.isArray(values) ? values : [values];
  const optional = list.some((value) => value === '');
  const accepted = list.filter((value) => value !== '');
  let options: JsonValue[] = [];
  for (const value of accepted) {
    if ((shape === 'dict' && isJsonObject(value)) || (shape === 'dicts' && Array.isArray(value))) {
      const expanded = isJsonObject(value) ? expandDict(value) : expandDicts(value as PyValue[]);
      if (expanded === null) return null;
      options.push(...expanded);
    } else options.push(toJson(value));
  }
  options = options.filter(
    (option, index) => options.findIndex((other) => JSON.stringify(other) === JSON.stringify(option)) === index,
  );
  if (options.length === 0) return { absent: true };
  return { anyOf: options, ...(optional ? { optional: true as const } : {}) };
}

function messagesOf(question: BfclQuestion): EvalMessage[] {
  const turn = question.question[0] ?? [];
  return turn
    .filter((message) => ROLES.has(message.role) && typeof message.content === 'string')
    .map((message) => ({ role: message.role as EvalMessage['role'], content: message.content }));
}

export function importBfclSuite(
  questions: readonly BfclQuestion[],
  answers: readonly BfclAnswer[],
  name: string,
  toolset: string,
): { suite: EvalSuite; notes: SuiteImportNote[] } {
  const answerById = new Map(answers.map((answer) => [answer.id, answer]));
  const notes: SuiteImportNote[] = [];
  const cases: EvalCase[] = [];
  for (const question of questions) {
    const answer = answerById.get(question.id);
    if (answer === undefined) {
      notes.push({ id: question.id, message: 'no possible answer with this id: left out' });
      continue;
    }
    if (question.question.length > 1)
      notes.push({ id: question.id, message: 'only the first turn is kept: the AST categories have one' });
    const calls: ExpectedCall[] = [];
    for (const entry of answer.groundTruth) {
      if (!isJsonObject(entry)) continue;
      for (const [tool, parameters] of Object.entries(entry)) {
        const description = question.function.find((fn) => fn.name === tool);
        const args: Record<string, ArgumentExpectation> = {};
        if (isJsonObject(parameters)) {
          for (const [parameter, values] of Object.entries(parameters)) {
            const property = description?.parameters.properties[parameter];
            const shape =
              property?.type === 'dict'
                ? 'dict'
                : property?.type === 'array' && property.items?.type === 'dict'
                  ? 'dicts'
                  : 'plain';
            const expectation = expectationOf(values, shape);
            if (expectation === null) {
              notes.push({
                id: question.id,
                message: `${tool}.${parameter}: the answer has too many combinations to list; checked by type only`,
              });
              args[parameter] = { typed: true };
            } else args[parameter] = expectation;
          }
        }
        // BFCL rejects any parameter its answer does not name.
        calls.push({ tool, arguments: args, noOtherArguments: true });
      }
    }
    cases.push({
      id: question.id,
      description: `BFCL ${categoryOf(question.id)}`,
      messages: messagesOf(question),
      expect: { calls, order: 'any', noCall: calls.length === 0, mustNotCall: [], allowExtraCalls: false },
    });
  }
  return { suite: { name, toolset, repetitions: 1, cases }, notes };
}
