/**
 * The suite file: JSON, or YAML (read by the `yaml` package), checked field by field so every
 * mistake is reported with its JSON pointer and the rule it breaks, all at once.
 *
 * An argument expectation is a bare value (exact match) or an object with one matcher key:
 * `equals`, `anyOf`, `pattern`, `typed: true`, `absent: true` (and `optional: true` beside `equals`
 * or `anyOf`: leaving the argument out passes too). An expected argument that is itself an object
 * of that shape is written inside `equals`.
 */
import { parse as parseYaml } from 'yaml';
import type { JsonValue } from '../toolset/types';
import { ARGUMENT_MATCHERS } from './matchers';
import type { ArgumentExpectation, EvalCase, EvalMessage, EvalSuite, ExpectedCall } from './types';
import { isJsonObject } from '../json/is-json-object';
import { escapePointerSegment } from '../json/pointer';

interface SuiteProblem {
  pointer: string;
  message: string;
}

export type SuiteParse = { ok: true; suite: EvalSuite } | { ok: false; problems: SuiteProblem[] };

type Raw = Record<string, unknown>;
const MATCHER_KEYS: readonly string[] = ARGUMENT_MATCHERS.map((matcher) => matcher.key);
const ROLES = ['system', 'user', 'assistant', 'tool'] as const;
const MAX_REPETITIONS = 1000;

class Reader {
  readonly problems: SuiteProblem[] = [];
  problem(pointer: string, message: string): void {
    this.problems.push({ pointer: pointer || '/', message });
  }
  /** Reports keys outside `allowed`: a typo must not pass silently as an ignored field. */
  keys(value: Raw, pointer: string, allowed: readonly string[]): void {
    for (const key of Object.keys(value))
      if (!allowed.includes(key))
        this.problem(
          `${pointer}/${escapePointerSegment(key)}`,
          `unknown field '${key}' (allowed: ${allowed.join(', ')})`,
        );
  }
  string(value: Raw, key: string, pointer: string, required: boolean): string | undefined {
    const field = value[key];
    if (field === undefined) {
      if (required) this.problem(`${pointer}/${key}`, `'${key}' is required: a non-empty string`);
      return undefined;
    }
    if (typeof field !== 'string' || field.trim() === '') {
      this.problem(`${pointer}/${key}`, `'${key}' must be a non-empty string`);
      return undefined;
    }
    return field;
  }
  boolean(value: Raw, key: string, pointer: string): boolean {
    const field = value[key];
    if (field === undefined) return false;
    if (typeof field !== 'boolean') this.problem(`${pointer}/${key}`, `'${key}' must be true or false`);
    return field === true;
  }
  repetitions(value: Raw, pointer: string): number | undefined {
    const field = value.repetitions;
    if (field === undefined) return undefined;
    if (typeof field !== 'number' || !Number.isInteger(field) || field < 1 || field > MAX_REPETITIONS) {
      this.problem(`${pointer}/repetitions`, `'repetitions' must be a whole number from 1 to ${MAX_REPETITIONS}`);
      return undefined;
    }
    return field;
  }
}

/** A matcher object: one matcher key, plus `optional` beside a matcher that allows it (`equals`, `anyOf`). */
function isMatcher(value: unknown): value is Raw {
  if (!isJsonObject(value)) return false;
  const keys = Object.keys(value);
  const matchers = keys.filter((key) => MATCHER_KEYS.includes(key));
  const optionalAllowed = ARGUMENT_MATCHERS.find((matcher) => matcher.key === matchers[0])?.optional === true;
  return (
    matchers.length === 1 && keys.every((key) => matchers.includes(key) || (key === 'optional' && optionalAllowed))
  );
}

function readExpectation(reader: Reader, value: unknown, pointer: string): ArgumentExpectation | undefined {
  if (!isMatcher(value)) return { equals: value as JsonValue };
  if (value.optional !== undefined && value.optional !== true)
    reader.problem(`${pointer}/optional`, "'optional' must be true (leaving the argument out also passes)");
  const optional = value.optional === true ? { optional: true as const } : {};
  const matcher = ARGUMENT_MATCHERS.find((candidate) => candidate.key in value)!;
  const read = matcher.read(value[matcher.key]);
  if (!read.ok) {
    reader.problem(`${pointer}/${matcher.key}`, `'${matcher.key}' ${read.problem}`);
    return undefined;
  }
  return { [matcher.key]: read.expected, ...(matcher.optional ? optional : {}) } as ArgumentExpectation;
}

function readCall(reader: Reader, value: unknown, pointer: string): ExpectedCall | undefined {
  if (!isJsonObject(value)) {
    reader.problem(pointer, 'an expected call must be an object with a tool name');
    return undefined;
  }
  reader.keys(value, pointer, ['tool', 'arguments', 'noOtherArguments']);
  const tool = value.tool;
  const names = typeof tool === 'string' ? [tool] : Array.isArray(tool) ? tool : [];
  if (names.length === 0 || names.some((name) => typeof name !== 'string' || name === '')) {
    reader.problem(`${pointer}/tool`, "'tool' must be a tool name or a non-empty list of acceptable tool names");
    return undefined;
  }
  const call: ExpectedCall = { tool: typeof tool === 'string' ? tool : (names as string[]) };
  if (reader.boolean(value, 'noOtherArguments', pointer)) call.noOtherArguments = true;
  if (value.arguments !== undefined) {
    if (!isJsonObject(value.arguments))
      reader.problem(`${pointer}/arguments`, "'arguments' must be an object of argument expectations");
    else {
      const args: Record<string, ArgumentExpectation> = {};
      for (const [name, expectation] of Object.entries(value.arguments)) {
        const read = readExpectation(reader, expectation, `${pointer}/arguments/${escapePointerSegment(name)}`);
        if (read !== undefined) args[name] = read;
      }
      call.arguments = args;
    }
  }
  return call;
}

function readMessages(reader: Reader, value: Raw, pointer: string): EvalMessage[] {
  if (value.messages !== undefined) {
    if (value.prompt !== undefined || value.system !== undefined)
      reader.problem(`${pointer}/messages`, "give either 'messages' or 'prompt' (with an optional 'system'), not both");
    if (!Array.isArray(value.messages) || value.messages.length === 0) {
      reader.problem(`${pointer}/messages`, "'messages' must be a non-empty list of {role, content}");
      return [];
    }
    return value.messages.flatMap((message, index): EvalMessage[] => {
      const at = `${pointer}/messages/${index}`;
      if (!isJsonObject(message) || !ROLES.includes(message.role as never) || typeof message.content !== 'string') {
        reader.problem(at, `a message must be {role: ${ROLES.join(' | ')}, content: string}`);
        return [];
      }
      return [{ role: message.role as EvalMessage['role'], content: message.content }];
    });
  }
  const prompt = reader.string(value, 'prompt', pointer, true);
  const system = reader.string(value, 'system', pointer, false);
  return [
    ...(system !== undefined ? [{ role: 'system' as const, content: system }] : []),
    ...(prompt !== undefined ? [{ role: 'user' as const, content: prompt }] : []),
  ];
}

function readCase(reader: Reader, value: unknown, pointer: string): EvalCase | undefined {
  if (!isJsonObject(value)) {
    reader.problem(pointer, 'a case must be an object');
    return undefined;
  }
  reader.keys(value, pointer, ['id', 'description', 'prompt', 'system', 'messages', 'expect', 'repetitions']);
  const id = reader.string(value, 'id', pointer, true);
  const description = reader.string(value, 'description', pointer, false);
  const messages = readMessages(reader, value, pointer);
  const repetitions = reader.repetitions(value, pointer);
  const expect = isJsonObject(value.expect) ? value.expect : undefined;
  const at = `${pointer}/expect`;
  if (expect === undefined) {
    reader.problem(at, "'expect' is required: {calls, order, noCall, mustNotCall, allowExtraCalls}");
    return undefined;
  }
  reader.keys(expect, at, ['calls', 'order', 'noCall', 'mustNotCall', 'allowExtraCalls']);
  const noCall = reader.boolean(expect, 'noCall', at);
  const rawCalls = expect.calls ?? [];
  if (!Array.isArray(rawCalls)) reader.problem(`${at}/calls`, "'calls' must be a list of expected calls");
  const calls = (Array.isArray(rawCalls) ? rawCalls : []).map((call, index) =>
    readCall(reader, call, `${at}/calls/${index}`),
  );
  if (noCall && calls.length > 0)
    reader.problem(`${at}/noCall`, "'noCall' cannot be true when 'calls' lists expected calls");
  if (!noCall && calls.length === 0 && expect.mustNotCall === undefined)
    reader.problem(`${at}/calls`, "expect at least one call, or set 'noCall' or 'mustNotCall'");
  const order = expect.order ?? 'any';
  if (order !== 'any' && order !== 'sequence') reader.problem(`${at}/order`, "'order' must be 'sequence' or 'any'");
  const mustNotCall = expect.mustNotCall ?? [];
  if (!Array.isArray(mustNotCall) || mustNotCall.some((name) => typeof name !== 'string' || name === ''))
    reader.problem(`${at}/mustNotCall`, "'mustNotCall' must be a list of tool names");
  if (id === undefined || calls.some((call) => call === undefined)) return undefined;
  return {
    id,
    ...(description !== undefined ? { description } : {}),
    messages,
    expect: {
      calls: calls as ExpectedCall[],
      order: order === 'sequence' ? 'sequence' : 'any',
      noCall,
      mustNotCall: Array.isArray(mustNotCall)
        ? mustNotCall.filter((name): name is string => typeof name === 'string')
        : [],
      allowExtraCalls: reader.boolean(expect, 'allowExtraCalls', at),
    },
    ...(repetitions !== undefined ? { repetitions } : {}),
  };
}

/** A suite from its already-parsed value. */
export function readSuite(value: unknown): SuiteParse {
  const reader = new Reader();
  if (!isJsonObject(value))
    return {
      ok: false,
      problems: [{ pointer: '/', message: 'a suite must be an object with name, toolset and cases' }],
    };
  reader.keys(value, '', ['name', 'description', 'toolset', 'toolsetVersion', 'repetitions', 'cases']);
  const name = reader.string(value, 'name', '', true);
  const description = reader.string(value, 'description', '', false);
  const toolset = reader.string(value, 'toolset', '', true);
  const toolsetVersion = reader.string(value, 'toolsetVersion', '', false);
  const repetitions = reader.repetitions(value, '') ?? 1;
  const cases: EvalCase[] = [];
  if (!Array.isArray(value.cases) || value.cases.length === 0)
    reader.problem('/cases', "'cases' must be a non-empty list");
  else {
    const seen = new Map<string, number>();
    value.cases.forEach((raw, index) => {
      const read = readCase(reader, raw, `/cases/${index}`);
      if (read === undefined) return;
      const earlier = seen.get(read.id);
      if (earlier !== undefined)
        reader.problem(`/cases/${index}/id`, `case id '${read.id}' is already used by /cases/${earlier}`);
      seen.set(read.id, index);
      cases.push(read);
    });
  }
  if (reader.problems.length > 0 || name === undefined || toolset === undefined)
    return { ok: false, problems: reader.problems };
  return {
    ok: true,
    suite: {
      name,
      ...(description !== undefined ? { description } : {}),
      toolset,
      ...(toolsetVersion !== undefined ? { toolsetVersion } : {}),
      repetitions,
      cases,
    },
  };
}

/** A suite from its text: JSON, or YAML when the name says so or the text is not JSON. */
export function parseSuite(text: string, fileName = ''): SuiteParse {
  const yaml = /\.ya?ml$/i.test(fileName);
  let value: unknown;
  try {
    value = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (jsonError) {
    if (yaml)
      return { ok: false, problems: [{ pointer: '/', message: `not valid YAML: ${(jsonError as Error).message}` }] };
    try {
      value = parseYaml(text);
    } catch {
      return {
        ok: false,
        problems: [{ pointer: '/', message: `neither JSON nor YAML: ${(jsonError as Error).message}` }],
      };
    }
  }
  return readSuite(value);
}

/** The suite as a file, in the same shape parseSuite reads (exact values written bare). */
export function suiteToJson(suite: EvalSuite): string {
  const cases = suite.cases.map((evalCase) => ({
    id: evalCase.id,
    ...(evalCase.description !== undefined ? { description: evalCase.description } : {}),
    messages: evalCase.messages,
    expect: {
      ...(evalCase.expect.calls.length > 0 ? { calls: evalCase.expect.calls } : {}),
      ...(evalCase.expect.order === 'sequence' ? { order: 'sequence' } : {}),
      ...(evalCase.expect.noCall ? { noCall: true } : {}),
      ...(evalCase.expect.mustNotCall.length > 0 ? { mustNotCall: evalCase.expect.mustNotCall } : {}),
      ...(evalCase.expect.allowExtraCalls ? { allowExtraCalls: true } : {}),
    },
    ...(evalCase.repetitions !== undefined ? { repetitions: evalCase.repetitions } : {}),
  }));
  return `${JSON.stringify({ ...suite, cases }, null, 2)}\n`;
}
