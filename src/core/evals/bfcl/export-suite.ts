/**
 * An eval suite → BFCL question and possible_answer files (JSON Lines, as BFCL's data folder holds
 * them). BFCL answers are lists of acceptable values per parameter, so `equals` and `anyOf` carry over
 * (`optional` as `""`), `absent` is a parameter left out of the answer (BFCL rejects it); what BFCL
 * cannot express — a pattern, "any value of the type", a set of tool names, no call expected — leaves
 * the case out with the reason. Ids are `<category>_<n>`, the form BFCL reads the category from.
 */
import type { JsonObject, JsonValue, ToolDefinition } from '../../toolset/types';
import { acceptedNames } from '../matchers/tool-name';
import type { EvalCase, EvalSuite } from '../types';
import type { BfclFunction, BfclProperty } from './ast-checker';
import { isJsonObject } from '../../json/is-json-object';

const JSON_TO_BFCL: Readonly<Record<string, string>> = { object: 'dict', number: 'float' };

function toBfclNode(node: unknown): BfclProperty {
  if (!isJsonObject(node)) return { type: 'string' };
  const out: BfclProperty = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') {
      const type = Array.isArray(value) ? value.find((entry) => entry !== 'null') : value;
      out.type = typeof type === 'string' ? (JSON_TO_BFCL[type] ?? type) : 'any';
    } else if (key === 'properties' && isJsonObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, toBfclNode(child)]));
    else if (key === 'items') out.items = toBfclNode(value);
    else if (key !== '$schema' && key !== 'additionalProperties') out[key] = value;
  }
  if (out.type === undefined) out.type = 'any';
  return out;
}

function toBfclFunction(tool: ToolDefinition): BfclFunction {
  const parameters = toBfclNode(tool.inputSchema);
  return {
    name: tool.name,
    description: tool.description,
    parameters: {
      type: 'dict',
      properties: parameters.properties ?? {},
      required: Array.isArray(tool.inputSchema.required) ? (tool.inputSchema.required as string[]) : [],
    },
  };
}

export interface BfclExport {
  questions: string;
  answers: string;
  /** BFCL id → the suite's case id. */
  ids: { bfcl: string; case: string }[];
  skipped: { case: string; reason: string }[];
  /** Exported, with something BFCL cannot keep. */
  notes: { case: string; message: string }[];
}

/** BFCL's dict answers hold a list of acceptable values per key; so do the dicts of a list of dicts. */
function answerValue(value: JsonValue, property: BfclProperty | undefined): JsonValue {
  const wrap = (object: JsonValue): JsonValue =>
    isJsonObject(object) ? Object.fromEntries(Object.entries(object).map(([key, item]) => [key, [item]])) : object;
  if (property?.type === 'dict') return wrap(value);
  if (property?.type === 'array' && property.items?.type === 'dict' && Array.isArray(value)) return value.map(wrap);
  return value;
}

function answerOf(
  evalCase: EvalCase,
  functions: readonly BfclFunction[],
): { answer: JsonObject[] } | { reason: string } {
  const { expect } = evalCase;
  if (expect.noCall)
    return { reason: 'no call expected: BFCL scores that in its irrelevance category, not with AST answers' };
  const answer: JsonObject[] = [];
  for (const call of expect.calls) {
    const names = acceptedNames(call.tool);
    if (names.length !== 1)
      return { reason: `a set of acceptable tool names (${names.join(', ')}): a BFCL answer names one function` };
    const parameters: JsonObject = {};
    for (const [name, expectation] of Object.entries(call.arguments ?? {})) {
      if ('absent' in expectation) continue;
      if ('pattern' in expectation || 'typed' in expectation)
        return {
          reason: `${names[0]}.${name}: a ${'pattern' in expectation ? 'pattern' : 'typed'} expectation has no BFCL answer form`,
        };
      const property = functions.find((fn) => fn.name === names[0])?.parameters.properties[name];
      const values: JsonValue[] = ('equals' in expectation ? [expectation.equals] : [...expectation.anyOf]).map(
        (value) => answerValue(value, property),
      );
      parameters[name] = expectation.optional ? [...values, ''] : values;
    }
    answer.push({ [names[0]!]: parameters });
  }
  return { answer };
}

const categoryFor = (calls: number, functions: number): string =>
  calls > 1 ? (functions > 1 ? 'parallel_multiple' : 'parallel') : functions > 1 ? 'multiple' : 'simple_python';

export function exportBfcl(suite: EvalSuite, tools: readonly ToolDefinition[]): BfclExport {
  const functions = tools.map(toBfclFunction);
  const questions: string[] = [];
  const answers: string[] = [];
  const ids: BfclExport['ids'] = [];
  const skipped: BfclExport['skipped'] = [];
  const notes: BfclExport['notes'] = [];
  const counters = new Map<string, number>();
  for (const evalCase of suite.cases) {
    const result = answerOf(evalCase, functions);
    if ('reason' in result) {
      skipped.push({ case: evalCase.id, reason: result.reason });
      continue;
    }
    const missing = result.answer
      .map((call) => Object.keys(call)[0]!)
      .find((name) => !functions.some((fn) => fn.name === name));
    if (missing !== undefined) {
      skipped.push({ case: evalCase.id, reason: `${missing} is not in the toolset` });
      continue;
    }
    if (evalCase.expect.order === 'sequence' && result.answer.length > 1)
      notes.push({ case: evalCase.id, message: 'BFCL checks parallel calls in any order: the sequence is not kept' });
    if (evalCase.expect.calls.some((call) => !call.noOtherArguments))
      notes.push({
        case: evalCase.id,
        message: 'BFCL rejects any argument its answer does not name: arguments left free here fail there',
      });
    if (evalCase.expect.mustNotCall.length > 0)
      notes.push({
        case: evalCase.id,
        message:
          'BFCL has no "must not call": the wrong count or name fails such a call anyway only when it replaces an expected one',
      });
    const category = categoryFor(result.answer.length, functions.length);
    const index = counters.get(category) ?? 0;
    counters.set(category, index + 1);
    const id = `${category}_${index}`;
    ids.push({ bfcl: id, case: evalCase.id });
    questions.push(
      JSON.stringify({
        id,
        question: [evalCase.messages.map((message) => ({ role: message.role, content: message.content }))],
        function: functions,
      }),
    );
    answers.push(JSON.stringify({ id, ground_truth: result.answer }));
  }
  const lines = (rows: string[]) => (rows.length > 0 ? `${rows.join('\n')}\n` : '');
  return { questions: lines(questions), answers: lines(answers), ids, skipped, notes };
}
