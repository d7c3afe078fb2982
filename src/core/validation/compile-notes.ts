/**
 * Ajv's words turned into a schema author's: what strict mode logged while a schema compiled becomes a note
 * with its pointer (the schema is valid and is checked as written), and the few compile errors a valid-looking
 * schema can still hit (a type that is not a JSON Schema type) name the parameter and the rule.
 */
import type { JsonSchema } from '../toolset/types';
import { levenshtein } from './suggest';
import type { JsonValue } from '../json/json-value';
import { eachSubschema } from '../json/walk-schema';
import { escapePointerSegment, unescapePointerSegment } from '../json/pointer';

export interface SchemaNote {
  /** Pointer inside the schema. */
  pointer: string;
  message: string;
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const TYPE_ALIASES: Record<string, string> = {
  float: 'number',
  double: 'number',
  int: 'integer',
  long: 'integer',
  bool: 'boolean',
  str: 'string',
  list: 'array',
  dict: 'object',
  map: 'object',
  none: 'null',
};

const KEYWORDS = [
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'maxItems',
  'minItems',
  'uniqueItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'required',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'maxProperties',
  'minProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'format',
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$ref',
  '$defs',
  'definitions',
  '$id',
  '$anchor',
];

/** `/properties/a/items/properties/b` → `a[].b`: the parameter a schema pointer describes ('' for the arguments). */
function parameterAt(pointer: string): string {
  const segments = pointer.split('/').slice(1).map(unescapePointerSegment);
  let parameter = '';
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index]!;
    if ((segment === 'properties' || segment === 'patternProperties') && index + 1 < segments.length) {
      parameter = parameter === '' ? segments[index + 1]! : `${parameter}.${segments[index + 1]}`;
      index += 1;
    } else if ((segment === 'items' || segment === 'prefixItems' || segment === 'additionalItems') && parameter !== '')
      parameter += '[]';
  }
  return parameter;
}

const subject = (pointer: string): string => {
  const parameter = parameterAt(pointer);
  return parameter === '' ? 'the schema' : `parameter '${parameter}'`;
};

/** The first subschema that has `keyword` as its own key, or null. */
function findKeyword(schema: unknown, keyword: string): string | null {
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true }))
    if (Object.prototype.hasOwnProperty.call(node, keyword)) return pointer;
  return null;
}

function closestKeyword(keyword: string): string | undefined {
  return KEYWORDS.find(
    (known) =>
      known !== keyword && levenshtein(known.toLowerCase(), keyword.toLowerCase(), 2) <= 2 && keyword.length > 3,
  );
}

/** One note per strict-mode complaint, in the author's terms. */
export function notesFromStrictLog(schema: JsonSchema, log: readonly string[]): SchemaNote[] {
  const notes: SchemaNote[] = [];
  for (const raw of log) {
    const message = raw.replace(/^strict mode: /, '');
    const unknownKeyword = /^unknown keyword: "(.+)"$/.exec(message);
    if (unknownKeyword) {
      const keyword = unknownKeyword[1]!;
      const pointer = findKeyword(schema, keyword) ?? '';
      const guess = closestKeyword(keyword);
      notes.push({
        pointer: `${pointer}/${escapePointerSegment(keyword)}`,
        message: `${subject(pointer)}: "${keyword}" is not a JSON Schema keyword, so it constrains nothing (it is kept as an annotation)${guess ? `; did you mean "${guess}"?` : ''}`,
      });
      continue;
    }
    const matching = /^property (.+) matches pattern (.+) \(use allowMatchingProperties\)$/.exec(message);
    if (matching) {
      const pointer = findKeyword(schema, 'patternProperties') ?? '';
      notes.push({
        pointer: `${pointer}/patternProperties`,
        message: `${subject(`${pointer}/properties/${matching[1]}`)} is also matched by patternProperties ${JSON.stringify(matching[2])}: both schemas apply to it`,
      });
      continue;
    }
    const ignored = /^"(\w+)" without "(\w+)"( and "(\w+)")? is ignored$/.exec(message);
    if (ignored) {
      const pointer = findKeyword(schema, ignored[1]!) ?? '';
      notes.push({
        pointer: `${pointer}/${ignored[1]}`,
        message: `${subject(pointer)}: "${ignored[1]}" without "${ignored[2]}"${ignored[4] ? ` or "${ignored[4]}"` : ''} has no effect`,
      });
      continue;
    }
    if (/^unknown format/.test(message)) continue; // said once per format by formatNotes
    notes.push({
      pointer: '',
      message: `Ajv's strict mode flags this (the schema is still valid JSON Schema and is checked as written): ${message}`,
    });
  }
  return notes;
}

/** Standard formats that Ajv has no checker for: named so the note does not call them made up. */
const STANDARD_UNCHECKED = new Set(['idn-email', 'idn-hostname', 'iri', 'iri-reference']);

/** A note for each format the validator keeps as an annotation (2020-12: an unknown format asserts nothing). */
export function formatNotes(schema: JsonSchema, annotationFormats: readonly string[]): SchemaNote[] {
  const notes: SchemaNote[] = [];
  const wanted = new Set(annotationFormats);
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    const format = node.format;
    if (typeof format !== 'string' || !wanted.has(format)) continue;
    wanted.delete(format);
    const kind = STANDARD_UNCHECKED.has(format)
      ? `is a standard format this validator has no checker for`
      : `is not a format this validator knows`;
    notes.push({
      pointer: `${pointer}/format`,
      message: `${subject(pointer)}: format "${format}" ${kind}; as JSON Schema 2020-12 says, it is an annotation, and any ${node.type === 'string' || node.type === undefined ? 'string' : 'value'} is accepted`,
    });
  }
  return notes;
}

/** The type values of a subschema that are not JSON Schema types, with where they are. */
export function unknownTypes(schema: unknown): { pointer: string; type: string }[] {
  const found: { pointer: string; type: string }[] = [];
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : [];
    for (const type of types)
      if (typeof type !== 'string' || !JSON_TYPES.includes(type)) found.push({ pointer, type: String(type) });
  }
  return found;
}

/** `type: "float"` named with its parameter and the rule; `did you mean` for the usual aliases. */
export function describeUnknownType(pointer: string, type: string): string {
  const alias = TYPE_ALIASES[type.toLowerCase()];
  return `${subject(pointer)} has type "${type}", which is not a JSON Schema type (one of ${JSON_TYPES.join(', ')})${alias ? `; did you mean "${alias}"?` : ''}`;
}

/** Ajv's compile error, explained where we can name the parameter; otherwise as it is. */
export function explainCompileError(error: unknown, schema: JsonSchema): unknown {
  if (!(error instanceof Error)) return error;
  if (/^type must be JSONType/.test(error.message)) {
    const first = unknownTypes(schema)[0];
    if (first) return new Error(describeUnknownType(first.pointer, first.type));
  }
  return error;
}
