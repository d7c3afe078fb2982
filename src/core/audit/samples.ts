/**
 * Every `default` and `examples` value of a schema, at any depth, checked against the subschema that
 * declares it (JSON Schema: both are annotations of their own subschema, so a value its own subschema
 * refuses misleads every reader, model or form, that takes it as a hint).
 *
 * All samples of a tool are checked in one validation: each becomes a property of a copy of the root
 * schema whose subschema is a `$ref` to the declaring subschema, so references resolve as in the
 * original and the copy compiles once.
 */

import type { JsonObject, JsonValue, ToolDefinition } from '../toolset/types';
import { isJsonObject } from './schemaWalk';
import { eachSubschema } from './subschemas';
import type { ExampleProblem, ExampleValidator } from './types';
import { additionalPath, itemsPath, propertyPath } from '../json/parameter-path';
import { unescapePointerSegment } from '../json/pointer';

export interface SchemaSample {
  /** JSON pointer of the declaring subschema inside the input schema ('' for the root). */
  pointer: string;
  keyword: 'default' | 'examples';
  /** Index in `examples`. */
  index?: number;
  value: JsonValue;
}

/** The samples of a schema, depth first; a subschema with its own `$id` (another resource) is skipped. */
export function collectSamples(root: JsonObject): SchemaSample[] {
  const found: SchemaSample[] = [];
  eachSubschema(root, (schema, pointer) => {
    if (schema.default !== undefined) found.push({ pointer, keyword: 'default', value: schema.default });
    if (Array.isArray(schema.examples))
      schema.examples.forEach((value, index) => found.push({ pointer, keyword: 'examples', index, value }));
  });
  return found;
}

export interface SampleProblem {
  sample: SchemaSample;
  problems: ExampleProblem[];
}

const KEY = 'schema_sample_';

/** The samples their own subschema refuses, each with the validator's problems (parameters relative to the sample). */
export function invalidSamples(tool: ToolDefinition, validate: ExampleValidator): SampleProblem[] {
  const all = collectSamples(tool.inputSchema);
  // A default or example of the whole arguments is checked as the arguments are.
  const rootProblems = all
    .filter((sample) => sample.pointer === '')
    .flatMap((sample) => {
      const problems = validate(tool, sample.value).filter(
        (problem): problem is ExampleProblem => typeof problem !== 'string',
      );
      return problems.length > 0 ? [{ sample, problems }] : [];
    });
  const samples = all.filter((sample) => sample.pointer !== '');
  if (samples.length === 0) return rootProblems;
  const properties: Record<string, JsonValue> = isJsonObject(tool.inputSchema.properties)
    ? { ...tool.inputSchema.properties }
    : {};
  const args: Record<string, JsonValue> = {};
  samples.forEach((sample, index) => {
    const fragment = sample.pointer.split('/').map(encodeURIComponent).join('/');
    properties[`${KEY}${index}`] = { $ref: `#${fragment}` };
    args[`${KEY}${index}`] = sample.value;
  });
  // The copy drops $id so it is compiled as its own schema, not taken for the tool's.
  const { $id: _id, required: _required, ...rest } = tool.inputSchema;
  const copy: ToolDefinition = { ...tool, inputSchema: { ...rest, properties } };
  const byIndex = new Map<number, ExampleProblem[]>();
  for (const problem of validate(copy, args)) {
    // Plain messages (a supplied validator) and problems outside the samples (the root's own rules) are not the samples'.
    if (typeof problem === 'string') continue;
    const match = /^schema_sample_(\d+)(.*)$/.exec(problem.parameter);
    if (!match) continue;
    const index = Number(match[1]);
    const parameter = match[2]!.replace(/^\./, '');
    // Messages that quote the stand-in property name quote the parameter the sample belongs to.
    const message = problem.message.replaceAll(
      `${KEY}${index}`,
      parameterOfPointer(samples[index]!.pointer) ?? samples[index]!.pointer,
    );
    byIndex.set(index, [...(byIndex.get(index) ?? []), { ...problem, parameter, message }]);
  }
  return [...rootProblems, ...[...byIndex].map(([index, problems]) => ({ sample: samples[index]!, problems }))];
}

/** The parameter a subschema pointer describes (`/properties/a/items` → `a[]`), or undefined off that path. */
export function parameterOfPointer(pointer: string): string | undefined {
  const segments = pointer.split('/').slice(1);
  let parameter = '';
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment === 'properties' && index + 1 < segments.length) {
      parameter = propertyPath(parameter, unescapePointerSegment(segments[++index]!));
    } else if (segment === 'items') parameter = itemsPath(parameter);
    else if (segment === 'additionalProperties') parameter = additionalPath(parameter);
    else return parameter === '' ? undefined : parameter;
  }
  return parameter === '' ? undefined : parameter;
}
