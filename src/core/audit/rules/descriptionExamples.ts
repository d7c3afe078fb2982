import { parameterPointer } from '../sarif';
import { hasType, schemaTypes } from '../schemaWalk';
import type { JsonObject, JsonValue } from '../../toolset/types';
import type { AuditRule, ExampleProblem } from '../types';
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

/** The key a value of a map parameter (`env.*`) is given when it is checked. */
const MAP_KEY = 'example';

/**
 * Arguments that give `value` to the parameter at `parameter` (`path`, `options.depth`, `files[]`, `env.*`) and nothing
 * else, with the path the validator names that place by (`files[0]`, `env.example`); undefined for a name the path
 * syntax cannot spell back (one holding `.`, `[` or `]`).
 */
function argumentsFor(parameter: string, value: JsonValue): { args: JsonValue; at: string } | undefined {
  const steps: ({ kind: 'property'; name: string } | { kind: 'items' } | { kind: 'additional' })[] = [];
  for (const part of parameter.split('.')) {
    const name = part.replace(/(\[\])+$/, '');
    if (name === '*') steps.push({ kind: 'additional' });
    else if (name === '' || /[[\]]/.test(name)) return undefined;
    else steps.push({ kind: 'property', name });
    for (let count = (part.length - name.length) / 2; count > 0; count--) steps.push({ kind: 'items' });
  }
  let args = value;
  for (const step of [...steps].reverse())
    args = step.kind === 'items' ? [args] : { [step.kind === 'property' ? step.name : MAP_KEY]: args };
  const at = steps
    .map((step) => (step.kind === 'items' ? '[0]' : `.${step.kind === 'property' ? step.name : MAP_KEY}`))
    .join('')
    .replace(/^\./, '');
  return { args, at };
}

/**
 * A value a parameter's description offers as an example must be one its schema accepts: models copy such examples,
 * and one the validator refuses teaches them a call that fails. Each example is validated as the tool's arguments
 * holding it alone, so the tool's own validator judges it (the one generated at build time, where there is one); only
 * the errors at the parameter count, not those of the parameters left out.
 */
export const descriptionExamples: AuditRule = {
  id: 'description-examples',
  description:
    "Example values a parameter's description quotes (e.g. 'README.md') are accepted by the parameter's own schema.",
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (typeof node.schema.description !== 'string') continue;
      for (const text of quotedExamples(node.schema.description)) {
        const placed = argumentsFor(node.parameter, exampleValue(node.schema, text));
        if (!placed) continue;
        const problems = context
          .validateExample(context.tool, placed.args)
          .filter(
            (problem): problem is ExampleProblem =>
              typeof problem !== 'string' &&
              (problem.parameter === placed.at ||
                problem.parameter.startsWith(`${placed.at}.`) ||
                problem.parameter.startsWith(`${placed.at}[`)),
          );
        if (problems.length === 0) continue;
        report(
          'warning',
          `The description of '${node.parameter}' gives '${text}' as an example, but its schema refuses it: ${problems.map((problem) => `${problem.message} [${problem.code}]`).join('; ')}. Change the example in the description, or the schema.`,
          node.parameter,
          `${parameterPointer(node.parameter)}/description`,
        );
      }
    }
    return findings;
  },
};
