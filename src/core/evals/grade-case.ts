/**
 * One run of one case graded: every actual call checked by the project's validator (the Check calls
 * core), paired with the expected calls by the case's order, and the negative rules applied.
 */
import type { CheckContext } from '../calls/check';
import type { ValidationError } from '../validation/types';
import { matcherOf } from './matchers';
import { matchMustNotCall } from './matchers/must-not-call';
import { matchNoCall } from './matchers/no-call';
import { matchOrder, pairCalls } from './matchers/order';
import { acceptedNames, matchToolName } from './matchers/tool-name';
import { callF1 } from './scorers/tool-call-f1';
import { parameterFindings } from './scorers/parameters';
import { errorCodeCounts } from './scorers/validity';
import type { ArgumentExpectation, CallOrder, CaseGrade, EvalCase, ExpectedCall, Grade, ObservedCall } from './types';
import { isJsonObject } from '../json/is-json-object';
import { readArgumentsText } from '../json/arguments-text';

interface CheckedCall {
  tool: string;
  arguments: Record<string, unknown> | undefined;
  /** Null when the tool is unknown. */
  errors: ValidationError[] | null;
  valid: boolean;
}

function argumentsObject(value: unknown): Record<string, unknown> | undefined {
  if (isJsonObject(value)) return value;
  if (typeof value !== 'string') return value === undefined || value === null ? {} : undefined;
  const read = readArgumentsText(value);
  return read.ok && isJsonObject(read.value) ? read.value : undefined;
}

function matchArgument(name: string, expectation: ArgumentExpectation, call: CheckedCall): Grade {
  const actual = call.arguments?.[name];
  if ('optional' in expectation && expectation.optional && actual === undefined)
    return { pass: true, score: 1, reason: `${name} is left out, which is allowed` };
  const matcher = matcherOf(expectation);
  return matcher.match({
    name,
    expected: (expectation as Record<string, unknown>)[matcher.key],
    actual,
    errors: call.errors,
  });
}

/** The first reason an actual call is not the expected one, or a pass. */
function matchCall(expected: ExpectedCall, call: CheckedCall): Grade {
  const name = matchToolName({ expected: expected.tool, actual: call.tool });
  if (!name.pass) return name;
  if (call.arguments === undefined)
    return { pass: false, score: 0, reason: `${call.tool}: the arguments are not a JSON object` };
  for (const [argument, expectation] of Object.entries(expected.arguments ?? {})) {
    const grade = matchArgument(argument, expectation, call);
    if (!grade.pass) return { ...grade, reason: `${call.tool}: ${grade.reason}` };
  }
  if (expected.noOtherArguments) {
    const other = Object.keys(call.arguments).find((argument) => expected.arguments?.[argument] === undefined);
    if (other !== undefined)
      return { pass: false, score: 0, reason: `${call.tool}: argument '${other}' is not expected` };
  }
  return name;
}

function describeExpected(expected: ExpectedCall, calls: readonly CheckedCall[], order: CallOrder): string {
  const names = acceptedNames(expected.tool);
  const candidates = calls.filter((call) => names.includes(call.tool));
  if (candidates.length === 0) return `${names.join(' or ')} was not called`;
  // A fitting call left unpaired was out of order, or already taken by another expected call.
  if (candidates.some((call) => matchCall(expected, call).pass)) {
    return order === 'sequence'
      ? `${names.join(' or ')} was called, but not in the expected order`
      : `${names.join(' or ')} was called fewer times than expected`;
  }
  // The nearest miss says most: the first call of an accepted tool, and why its arguments did not fit.
  return matchCall(expected, candidates[0]!).reason;
}

/**
 * Each call validated as Check calls validates it (same validator, same options, JSON text read the
 * same way), without the text a model would be sent back: building that cost more than the grading
 * (measured with npm run bench).
 */
export function checkCalls(calls: readonly ObservedCall[], context: CheckContext): CheckedCall[] {
  return calls.map((call) => {
    const tool = context.tools.get(call.tool);
    const args = argumentsObject(call.arguments);
    if (tool === undefined) return { tool: call.tool, arguments: args, errors: null, valid: false };
    const result =
      typeof call.arguments === 'string'
        ? context.validator.validateText(tool, call.arguments.trim() === '' ? '{}' : call.arguments, context.options)
        : context.validator.validate(tool, call.arguments ?? {}, context.options);
    return {
      tool: call.tool,
      arguments: args,
      errors: result.errors,
      valid: result.valid && !('parseError' in result && result.parseError !== undefined),
    };
  });
}

/** What a case's grades need of its expectation, worked out once per case, not once per run. */
interface CaseFacts {
  accepted: ReadonlySet<string>;
  perCall: readonly (readonly string[])[];
}
const facts = new WeakMap<EvalCase, CaseFacts>();
function factsOf(evalCase: EvalCase): CaseFacts {
  let known = facts.get(evalCase);
  if (known === undefined) {
    const perCall = evalCase.expect.calls.map((call) => acceptedNames(call.tool));
    known = { accepted: new Set(perCall.flat()), perCall };
    facts.set(evalCase, known);
  }
  return known;
}

function toolsCorrect(evalCase: EvalCase, calls: readonly CheckedCall[], known: CaseFacts): boolean {
  const { expect } = evalCase;
  if (expect.mustNotCall.length > 0 && calls.some((call) => expect.mustNotCall.includes(call.tool))) return false;
  if (expect.noCall) return calls.length === 0;
  const everyExpected = known.perCall.every((names) => calls.some((call) => names.includes(call.tool)));
  return everyExpected && (expect.allowExtraCalls || calls.every((call) => known.accepted.has(call.tool)));
}

/** The grade of a run that failed before the model answered: a failure whatever the case expects. */
export function failedRunGrade(evalCase: EvalCase, message: string): CaseGrade {
  return {
    pass: false,
    score: 0,
    reason: `the run failed: ${message}`,
    matched: 0,
    expectedCalls: evalCase.expect.noCall ? 0 : evalCase.expect.calls.length,
    actualCalls: 0,
    toolsCorrect: false,
    rightTool: 0,
    validCalls: 0,
    missing: [],
    hallucinated: [],
    errorCodes: {},
  };
}

export function gradeCase(evalCase: EvalCase, calls: readonly ObservedCall[], context: CheckContext): CaseGrade {
  const checked = checkCalls(calls, context);
  const { expect } = evalCase;
  const grades: Grade[] = [];
  let matched = 0;
  if (expect.noCall) grades.push(matchNoCall({ actual: calls }));
  else {
    const pairing = pairCalls(
      expect.calls.length,
      checked.length,
      expect.order,
      (e, a) => matchCall(expect.calls[e]!, checked[a]!).pass,
    );
    matched = pairing.pairs.length;
    grades.push(
      matchOrder({
        pairing,
        order: expect.order,
        allowExtraCalls: expect.allowExtraCalls,
        describeExpected: (index) => describeExpected(expect.calls[index]!, checked, expect.order),
      }),
    );
  }
  if (expect.mustNotCall.length > 0) grades.push(matchMustNotCall({ forbidden: expect.mustNotCall, actual: calls }));

  const known = factsOf(evalCase);
  const findings = parameterFindings(checked, context);
  const failure = grades.find((grade) => !grade.pass);
  const pass = failure === undefined;
  const negativeFailed = expect.noCall ? !pass : grades.slice(1).some((grade) => !grade.pass);
  const f1 = callF1(matched, expect.calls.length, calls.length).f1;
  let rightTool = 0;
  let validCalls = 0;
  for (const call of checked) {
    if (known.accepted.has(call.tool)) rightTool++;
    if (call.valid) validCalls++;
  }
  // One literal of a fixed shape: spreads here cost more than the grading (measured with npm run bench).
  return {
    pass,
    // The score is the call-level F1; a case that breaks a negative rule scores 0 whatever else it got right.
    score: pass ? 1 : negativeFailed ? 0 : f1,
    reason:
      failure !== undefined
        ? failure.reason
        : grades.length === 1
          ? grades[0]!.reason
          : grades.map((grade) => grade.reason).join('; '),
    matched,
    expectedCalls: expect.noCall ? 0 : expect.calls.length,
    actualCalls: calls.length,
    toolsCorrect: toolsCorrect(evalCase, checked, known),
    rightTool,
    validCalls,
    missing: findings.missing,
    hallucinated: findings.hallucinated,
    errorCodes: errorCodeCounts(checked),
  };
}
export type { CheckedCall };
