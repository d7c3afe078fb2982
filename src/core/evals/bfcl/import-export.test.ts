import { createCompilingValidator } from '../../validation/compile';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCheckContext } from '../../calls/check';
import { gradeCase } from '../grade-case';
import { parseSuite, suiteToJson } from '../suite-format';
import type { ObservedCall } from '../types';
import { exportBfcl } from './export-suite';
import { readAnswers, readBfclResults, readQuestions } from './files';
import { importBfclSuite, toJson } from './import-suite';
import { bfclParametersToJsonSchema, functionsOfQuestions, importBfclFunctions } from './import-toolset';
import type { PyValue } from './python-value';
import { scoreBfcl } from './score';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const { questions } = readQuestions(fixture('bfcl-sample-questions.json'));
const { answers } = readAnswers(fixture('bfcl-sample-possible-answer.json'));
const { results } = readBfclResults(fixture('bfcl-sample-results.jsonl'));
const imported = importBfclFunctions(functionsOfQuestions(questions), validator, 'BFCL sample');
const { suite, notes } = importBfclSuite(questions, answers, 'BFCL sample', 'bfcl-sample');

describe('BFCL function docs as a toolset', () => {
  it('converts the Python-flavoured types and lists each change', () => {
    const { schema, changes } = bfclParametersToJsonSchema({
      type: 'dict',
      properties: {
        point: { type: 'tuple', items: { type: 'float' } },
        anything: { type: 'any', optional: true },
        options: { type: 'dict', properties: { depth: { type: 'integer', required: true } } },
        untyped: { description: 'no type' },
      },
      required: ['point'],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        point: { type: 'array', items: { type: 'number' } },
        anything: { type: 'string' },
        options: { type: 'object', properties: { depth: { type: 'integer' } }, required: ['depth'] },
        untyped: { description: 'no type', type: 'string' },
      },
      required: ['point'],
    });
    expect([...changes.keys()]).toEqual([
      "type 'dict' written as 'object'",
      "type 'tuple' written as 'array'",
      "type 'float' written as 'number'",
      "type 'any' written as 'string', as BFCL sends it to models (its checker also expects a string)",
      "'optional' dropped (a parameter is optional when it is not in 'required')",
      "'required: true|false' on a property moved to its object's 'required' list",
      "no type: written as 'string', as BFCL does",
    ]);
    expect(changes.get("type 'dict' written as 'object'")).toEqual(['/', '/properties/options']);
  });

  it('imports every function of the sample through the ordinary import, warnings only', () => {
    expect(imported.toolset.tools.length).toBe(functionsOfQuestions(questions).length);
    expect(imported.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const rules = new Set(imported.problems.map((problem) => problem.rule));
    expect(rules).toEqual(new Set(['converted', 'provider_name']));
    // Dotted names are kept: BFCL's answers use them; providers refuse them (BFCL's underscore_to_dot).
    expect(imported.toolset.tools.some((tool) => tool.name === 'math.factorial' || tool.name.includes('.'))).toBe(true);
  });
});

describe('BFCL questions and answers as a suite', () => {
  it('makes one case per question, "" as optional, no other arguments, a file that reads back', () => {
    expect(notes).toEqual([]);
    expect(suite.cases).toHaveLength(18);
    const first = suite.cases[0]!;
    expect(first.id).toBe('simple_python_0');
    expect(first.expect.calls).toEqual([
      {
        tool: 'calculate_triangle_area',
        arguments: { base: { anyOf: [10] }, height: { anyOf: [5] }, unit: { anyOf: ['units'], optional: true } },
        noOtherArguments: true,
      },
    ]);
    const again = parseSuite(suiteToJson(suite), 'bfcl.json');
    expect(again.ok && again.suite).toEqual(suite);
  });

  it("grades BFCL's own right answers as passes with the project's matchers", () => {
    const context = createCheckContext(validator, imported.toolset.tools);
    const byId = new Map(suite.cases.map((evalCase) => [evalCase.id, evalCase]));
    const verdicts = results.map((result) => {
      const calls: ObservedCall[] = Array.isArray(result.result)
        ? result.result.flatMap((item) =>
            Object.entries(item as Record<string, PyValue>).map(([tool, args]) => ({ tool, arguments: toJson(args) })),
          )
        : [];
      return [`${result.id} ${result.variant}`, gradeCase(byId.get(result.id)!, calls, context).pass] as const;
    });
    const bfcl = scoreBfcl(questions, answers, results).verdicts.map((verdict) => verdict.valid);
    const disagreements = verdicts.flatMap(([entry, pass], index) =>
      pass !== bfcl[index] ? [`${entry}: project ${pass}, BFCL ${bfcl[index]}`] : [],
    );
    expect(disagreements).toEqual([
      // Strings re-spelled ("LAMBDA-X:-3X**2…", "TAYLOR-SWIFT"): BFCL normalises them, the project compares exactly.
      'simple_python_14 other_accepted_form: project false, BFCL true',
      // 3.0 for an integer: Python's float is not an int; in JSON 3.0 and 3 are one number.
      'multiple_0 float_for_integer: project true, BFCL false',
      'parallel_0 other_accepted_form: project false, BFCL true',
      // BFCL's answer names a parameter ('type') its own function does not have: BFCL fails every
      // output, even its ground truth; the project accepts the answer as written.
      'parallel_multiple_26 correct: project true, BFCL false',
      'parallel_multiple_26 reversed_order: project true, BFCL false',
      'parallel_multiple_26 float_for_integer: project true, BFCL false',
      'parallel_multiple_63 other_accepted_form: project false, BFCL true',
    ]);
  });
});

describe('a suite as BFCL files', () => {
  it('exports what BFCL can express, and BFCL scores the right answers as valid', () => {
    const exported = exportBfcl(suite, imported.toolset.tools);
    expect(exported.skipped).toEqual([]);
    expect(exported.ids).toHaveLength(18);
    const back = { questions: readQuestions(exported.questions), answers: readAnswers(exported.answers) };
    expect(back.questions.problems).toEqual([]);
    const bfclIdOf = new Map(exported.ids.map((entry) => [entry.case, entry.bfcl]));
    const correct = results
      .filter((result) => result.variant === 'correct')
      .map((result) => ({ ...result, id: bfclIdOf.get(result.id)! }));
    const score = scoreBfcl(back.questions.questions, back.answers.answers, correct);
    expect(score.problems).toEqual([]);
    // parallel_multiple_26's answer names a parameter its own function lacks: BFCL fails it either way.
    expect(
      score.verdicts
        .filter((verdict) => !verdict.valid)
        .map((verdict) => exported.ids.find((entry) => entry.bfcl === verdict.id)!.case),
    ).toEqual(['parallel_multiple_26']);
  });

  it('leaves out, with the reason, what BFCL cannot express', () => {
    const parsed = parseSuite(fixture('../../fixtures/weather-suite.yaml'), 'weather-suite.yaml');
    if (!parsed.ok) throw new Error('fixture');
    const tools = importBfclFunctions(
      [
        {
          name: 'get_weather',
          parameters: { type: 'dict', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ],
      validator,
    ).toolset.tools;
    const exported = exportBfcl(parsed.suite, tools);
    expect(exported.skipped).toEqual([
      { case: 'two-cities', reason: 'get_weather.days: a typed expectation has no BFCL answer form' },
      {
        case: 'email-then-nothing-else',
        reason: 'a set of acceptable tool names (get_weather, get_forecast): a BFCL answer names one function',
      },
      {
        case: 'small-talk',
        reason: 'no call expected: BFCL scores that in its irrelevance category, not with AST answers',
      },
    ]);
    expect(exported.answers).toBe(
      '{"id":"simple_python_0","ground_truth":[{"get_weather":{"city":["Paris","Paris, France"]}}]}\n',
    );
  });
});
