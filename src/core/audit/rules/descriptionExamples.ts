import { describeExampleProblem } from '../exampleValidator';
import { parameterOfPointer, refusedSamples, type SchemaSample } from '../samples';
import { hasType, schemaTypes } from '../schemaWalk';
import { eachSubschema } from '../subschemas';
import type { JsonObject, JsonValue } from '../../toolset/types';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Words that introduce examples in a description: "e.g. 'a'", "Examples: 'a', 'b'", "such as `a` or `b`". */
const MARKER = /(?:\be\.g\.|\bfor (?:example|instance)\b|\bexamples?\s*:|\bsuch as\b)[\s,:]*/gi;
/** One quoted value: '…', "…", `…`, ‘…’ or “…”, on one line. */
const QUOTED = /'([^'\n]{1,200})'|"([^"\n]{1,200})"|`([^`\n]{1,200})`|‘([^’\n]{1,200})’|“([^”\n]{1,200})”/y;
/** What may stand between two quoted values of one list. */
const SEPARATOR = /\s*(?:,\s*(?:or\s+|and\s+)?|\s(?:or|and)\s+)\s*/y;
/** Descriptions are read up to this length, and this many values each, so a hostile description costs a bounded scan. */
const MAX_DESCRIPTION = 4000;
const MAX_VALUES = 20;

/** The values a description quotes after an example marker, in order. */
export function quotedExamples(description: string): string[] {
  const text = description.slice(0, MAX_DESCRIPTION);
  const values: string[] = [];
  for (const marker of text.matchAll(MARKER)) {
    let at = marker.index + marker[0].length;
    for (;;) {
      QUOTED.lastIndex = at;
      const quoted = QUOTED.exec(text);
      if (!quoted || values.length >= MAX_VALUES) break;
      values.push(quoted.slice(1).find((group) => group !== undefined)!);
      at = QUOTED.lastIndex;
      SEPARATOR.lastIndex = at;
      if (!SEPARATOR.exec(text)) break;
      at = SEPARATOR.lastIndex;
    }
  }
  return values;
}

/** A quoted example as the value it stands for: the text for a string parameter, else the JSON it spells when it spells one. */
function exampleValue(schema: JsonObject, text: string): JsonValue {
  if (hasType(schema, 'string') || schemaTypes(schema).length === 0) return text;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/**
 * A value a parameter's description offers as an example must be one its schema accepts: models copy
 * such examples, and one the validator refuses teaches them a call that fails.
 */
export const descriptionExamples: AuditRule = {
  id: 'description-examples',
  description: "Example values a parameter's description quotes (e.g. 'README.md') are accepted by the parameter's own schema.",
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const samples: (SchemaSample & { text: string })[] = [];
    eachSubschema(context.tool.inputSchema, (schema, pointer) => {
      if (pointer === '' || typeof schema.description !== 'string') return;
      quotedExamples(schema.description).forEach((text, index) => samples.push({ pointer, keyword: 'description', index, value: exampleValue(schema, text), text }));
    });
    if (samples.length === 0) return findings;
    for (const { sample, problems } of refusedSamples(context.tool, samples, context.validateExample)) {
      const parameter = parameterOfPointer(sample.pointer);
      const at = parameter ?? sample.pointer;
      const broken = problems.map((problem) => (problem.parameter === '' ? `${problem.message} [${problem.code}]` : describeExampleProblem({ ...problem, parameter: `${at}.${problem.parameter}` }))).join('; ');
      report(
        'warning',
        `The description of '${at}' gives '${sample.text}' as an example, but its schema refuses it: ${broken}. Change the example in the description, or the schema.`,
        parameter,
        `/inputSchema${sample.pointer}/description`,
      );
    }
    return findings;
  },
};
