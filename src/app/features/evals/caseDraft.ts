/**
 * A case as the editor holds it: every field as typed, so nothing is lost while it is not yet valid;
 * turned into an EvalCase only when all fields pass, else into problems that name their field.
 */
import { patternProblem } from '../../../core/evals/matchers/pattern';
import type { ArgumentExpectation, EvalCase, EvalMessage, ExpectedCall } from '../../../core/evals';
import type { JsonValue } from '../../../core/toolset/types';

export type ArgumentKind = 'equals' | 'anyOf' | 'pattern' | 'typed' | 'absent';

export interface ArgumentDraft {
  name: string;
  kind: ArgumentKind;
  /** equals: a value; anyOf: one value a line; pattern: the expression. JSON when it reads as JSON, else text. */
  value: string;
  optional: boolean;
}

export interface CallDraft {
  /** One tool name, or several separated by commas (any of them passes). */
  tools: string;
  arguments: ArgumentDraft[];
  noOtherArguments: boolean;
}

export interface CaseDraft {
  id: string;
  description: string;
  messages: EvalMessage[];
  calls: CallDraft[];
  order: 'any' | 'sequence';
  noCall: boolean;
  /** Comma-separated tool names. */
  mustNotCall: string;
  allowExtraCalls: boolean;
  /** Empty: the suite's. */
  repetitions: string;
}

export interface DraftProblem {
  /** The field, as the editor's inputs name it: `id`, `calls.0.tools`, `calls.0.arguments.1.value`. */
  field: string;
  message: string;
}

export const emptyArgument = (): ArgumentDraft => ({ name: '', kind: 'equals', value: '', optional: false });
export const emptyCall = (): CallDraft => ({ tools: '', arguments: [], noOtherArguments: false });
export const emptyCase = (id: string): CaseDraft => ({
  id,
  description: '',
  messages: [{ role: 'user', content: '' }],
  calls: [emptyCall()],
  order: 'any',
  noCall: false,
  mustNotCall: '',
  allowExtraCalls: false,
  repetitions: '',
});

const names = (text: string): string[] =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

const showValue = (value: JsonValue): string =>
  typeof value === 'string' && !/^\s*[[{"\d-]|^(true|false|null)$/.test(value) ? value : JSON.stringify(value);

/** Text that looks like JSON is read as JSON (and must be valid); anything else is a string as typed. */
export function readValue(text: string): { value: JsonValue } | { error: string } {
  const trimmed = text.trim();
  if (/^[[{"]|^-?\d|^(true|false|null)$/.test(trimmed)) {
    try {
      return { value: JSON.parse(trimmed) as JsonValue };
    } catch (error) {
      return { error: `reads as JSON but is not valid JSON (${(error as Error).message}); wrap plain text in quotes` };
    }
  }
  return { value: text };
}

export function caseToDraft(evalCase: EvalCase): CaseDraft {
  return {
    id: evalCase.id,
    description: evalCase.description ?? '',
    messages: evalCase.messages.map((message) => ({ ...message })),
    calls: evalCase.expect.calls.map((call) => ({
      tools: Array.isArray(call.tool) ? call.tool.join(', ') : call.tool,
      noOtherArguments: call.noOtherArguments === true,
      arguments: Object.entries(call.arguments ?? {}).map(([name, expectation]): ArgumentDraft => {
        const optional = 'optional' in expectation && expectation.optional === true;
        if ('equals' in expectation) return { name, kind: 'equals', value: showValue(expectation.equals), optional };
        if ('anyOf' in expectation)
          return { name, kind: 'anyOf', value: expectation.anyOf.map(showValue).join('\n'), optional };
        if ('pattern' in expectation) return { name, kind: 'pattern', value: expectation.pattern, optional: false };
        return { name, kind: 'typed' in expectation ? 'typed' : 'absent', value: '', optional: false };
      }),
    })),
    order: evalCase.expect.order,
    noCall: evalCase.expect.noCall,
    mustNotCall: evalCase.expect.mustNotCall.join(', '),
    allowExtraCalls: evalCase.expect.allowExtraCalls,
    repetitions: evalCase.repetitions === undefined ? '' : String(evalCase.repetitions),
  };
}

function argumentOf(draft: ArgumentDraft, field: string, problems: DraftProblem[]): ArgumentExpectation | undefined {
  const optional = draft.optional ? { optional: true as const } : {};
  if (draft.kind === 'typed') return { typed: true };
  if (draft.kind === 'absent') return { absent: true };
  if (draft.kind === 'pattern') {
    const problem =
      draft.value === '' ? 'is empty: write the expression the value must match' : patternProblem(draft.value);
    if (problem !== undefined) problems.push({ field: `${field}.value`, message: `Pattern ${problem}.` });
    return problem === undefined ? { pattern: draft.value } : undefined;
  }
  if (draft.kind === 'equals') {
    const read = readValue(draft.value);
    if ('error' in read) problems.push({ field: `${field}.value`, message: `Value ${read.error}.` });
    return 'error' in read ? undefined : { equals: read.value, ...optional };
  }
  const lines = draft.value.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0)
    problems.push({ field: `${field}.value`, message: 'One of: write at least one acceptable value, one a line.' });
  const values: JsonValue[] = [];
  lines.forEach((line, index) => {
    const read = readValue(line);
    if ('error' in read)
      problems.push({ field: `${field}.value`, message: `One of, line ${index + 1}: ${read.error}.` });
    else values.push(read.value);
  });
  return { anyOf: values, ...optional };
}

export function draftToCase(
  draft: CaseDraft,
  takenIds: readonly string[] = [],
): { case: EvalCase } | { problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  const id = draft.id.trim();
  if (id === '') problems.push({ field: 'id', message: 'Case id: give the case a name (letters, digits, - or _).' });
  else if (takenIds.includes(id))
    problems.push({ field: 'id', message: `Case id: '${id}' is already a case of this suite.` });
  if (!draft.messages.some((message) => message.role === 'user' && message.content.trim() !== ''))
    problems.push({ field: 'messages', message: 'Messages: write at least one user message.' });
  const calls: ExpectedCall[] = [];
  if (!draft.noCall) {
    if (draft.calls.length === 0)
      problems.push({ field: 'calls', message: 'Expected calls: add a call, or tick "No call expected".' });
    draft.calls.forEach((call, callIndex) => {
      const tools = names(call.tools);
      if (tools.length === 0)
        problems.push({
          field: `calls.${callIndex}.tools`,
          message: `Call ${callIndex + 1}: name the tool (or several, separated by commas).`,
        });
      const expected: Record<string, ArgumentExpectation> = {};
      const seen = new Set<string>();
      call.arguments.forEach((argument, argumentIndex) => {
        const field = `calls.${callIndex}.arguments.${argumentIndex}`;
        const name = argument.name.trim();
        if (name === '')
          problems.push({
            field: `${field}.name`,
            message: `Call ${callIndex + 1}, argument ${argumentIndex + 1}: name the parameter.`,
          });
        else if (seen.has(name))
          problems.push({
            field: `${field}.name`,
            message: `Call ${callIndex + 1}: parameter '${name}' is listed twice.`,
          });
        seen.add(name);
        const expectation = argumentOf(argument, field, problems);
        if (expectation !== undefined && name !== '') expected[name] = expectation;
      });
      calls.push({
        tool: tools.length === 1 ? tools[0]! : tools,
        ...(call.arguments.length > 0 ? { arguments: expected } : {}),
        ...(call.noOtherArguments ? { noOtherArguments: true as const } : {}),
      });
    });
  }
  const repetitionsText = draft.repetitions.trim();
  const repetitions = repetitionsText === '' ? undefined : Number(repetitionsText);
  if (repetitions !== undefined && !(Number.isInteger(repetitions) && repetitions >= 1 && repetitions <= 1000))
    problems.push({
      field: 'repetitions',
      message: 'Repetitions: a whole number from 1 to 1000, or empty for the suite’s.',
    });
  if (problems.length > 0) return { problems };
  return {
    case: {
      id,
      ...(draft.description.trim() !== '' ? { description: draft.description.trim() } : {}),
      messages: draft.messages.filter((message) => message.content.trim() !== ''),
      expect: {
        calls,
        order: draft.order,
        noCall: draft.noCall,
        mustNotCall: names(draft.mustNotCall),
        allowExtraCalls: draft.allowExtraCalls,
      },
      ...(repetitions !== undefined ? { repetitions } : {}),
    },
  };
}
