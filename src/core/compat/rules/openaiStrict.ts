/**
 * OpenAI strict mode (Structured Outputs) as its guide documents it: the root an object and not anyOf; every
 * property required (optional ones become nullable); additionalProperties false on every object; only the
 * supported keywords and string formats; and the size limits — 5,000 properties, 10 nesting levels, 1,000 enum
 * values, 120,000 characters of names, enum and const values, and 15,000 characters for one string enum of
 * more than 250 values.
 */
import { escapePointerSegment } from '../../json/pointer';
import { STRICT_INEXPRESSIBLE, STRICT_SUPPORTED } from '../../export/openai';
import { refusedName } from '../../toolset/name-characters';
import type { JsonValue, ToolDefinition } from '../../toolset/types';
import type { CompatFinding } from '../types';
import { isObjectSchema, walkSchema, where } from '../walk';
import { isJsonObject } from '../../json/is-json-object';

export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  nestingDepth: 10,
  enumValues: 1000,
  totalStringLength: 120_000,
  largeEnumValues: 250,
  largeEnumStringLength: 15_000,
} as const;

/** The string formats strict mode accepts. */
const OPENAI_STRICT_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
/** Identify the document, not the data; the exporter removes them from the root. */
const DOCUMENT_KEYWORDS = new Set(['$schema', '$id']);

const stringLength = (values: JsonValue[]): number =>
  values.reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length : String(value).length), 0);

export function openAiStrictFindings(tool: ToolDefinition): CompatFinding[] {
  const findings: CompatFinding[] = [];
  const add = (rule: string, keyword: string, pointer: string, message: string): void => {
    findings.push({ rule, keyword, pointer, severity: 'error', message });
  };
  const schema = tool.inputSchema;
  if (schema.type !== 'object')
    add(
      'root-not-object',
      'type',
      '/inputSchema/type',
      `The root must be "type": "object"; it is ${JSON.stringify(schema.type ?? null)}.`,
    );
  if (schema.anyOf !== undefined)
    add(
      'root-any-of',
      'anyOf',
      '/inputSchema/anyOf',
      'The root must not be anyOf: strict mode needs one object at the root.',
    );

  let properties = 0;
  let enumValues = 0;
  let totalStringLength = 0;
  let deepest = { depth: 0, pointer: '/inputSchema' };
  for (const { node, pointer, parameter, depth } of walkSchema(schema)) {
    if (depth > deepest.depth) deepest = { depth, pointer };
    for (const keyword of Object.keys(node)) {
      if (pointer === '/inputSchema' && DOCUMENT_KEYWORDS.has(keyword)) continue;
      if (STRICT_INEXPRESSIBLE.has(keyword))
        add(
          'inexpressible-keyword',
          keyword,
          `${pointer}/${keyword}`,
          `${keyword} on ${where(parameter)} has no strict-mode equivalent: the schema cannot be made strict without changing what it accepts.`,
        );
      else if (!STRICT_SUPPORTED.has(keyword))
        add(
          'unsupported-keyword',
          keyword,
          `${pointer}/${keyword}`,
          `${keyword} on ${where(parameter)} is not a keyword strict mode supports; the converted form drops it (the runtime still validates arguments against the full schema).`,
        );
    }
    if (typeof node.format === 'string' && !OPENAI_STRICT_FORMATS.has(node.format)) {
      add(
        'unsupported-format',
        'format',
        `${pointer}/format`,
        `format "${node.format}" on ${where(parameter)} is not one strict mode accepts (${[...OPENAI_STRICT_FORMATS].join(', ')}).`,
      );
    }
    if (isObjectSchema(node)) {
      const names = isJsonObject(node.properties) ? Object.keys(node.properties) : [];
      properties += names.length;
      totalStringLength += names.reduce((sum, name) => sum + name.length, 0);
      const required = Array.isArray(node.required) ? node.required : [];
      for (const name of names) {
        if (!required.includes(name)) {
          add(
            'property-not-required',
            'required',
            `${pointer}/properties/${escapePointerSegment(name)}`,
            `'${parameter ? `${parameter}.` : ''}${name}' is optional, but strict mode requires every property in required; the converted form makes it required and nullable.`,
          );
        }
      }
      if (node.additionalProperties !== false) {
        const map = typeof node.additionalProperties === 'object' && node.additionalProperties !== null;
        add(
          map ? 'map-object' : 'additional-properties-not-false',
          'additionalProperties',
          `${pointer}/additionalProperties`,
          map
            ? `${where(parameter)} is a map (additionalProperties is a schema), which strict mode cannot express.`
            : `${where(parameter)} must set additionalProperties: false; the converted form sets it.`,
        );
      }
    }
    for (const keyword of ['$defs', 'definitions'] as const) {
      const definitions = node[keyword];
      if (definitions && typeof definitions === 'object' && !Array.isArray(definitions))
        totalStringLength += Object.keys(definitions).reduce((sum, name) => sum + name.length, 0);
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const length = stringLength(node.enum);
      totalStringLength += length;
      if (
        node.enum.length > OPENAI_STRICT_LIMITS.largeEnumValues &&
        node.enum.every((value) => typeof value === 'string') &&
        length > OPENAI_STRICT_LIMITS.largeEnumStringLength
      ) {
        add(
          'enum-string-length',
          'enum',
          `${pointer}/enum`,
          `${where(parameter)} has ${node.enum.length} enum values of ${length.toLocaleString('en')} characters; above ${OPENAI_STRICT_LIMITS.largeEnumValues} values strict mode allows ${OPENAI_STRICT_LIMITS.largeEnumStringLength.toLocaleString('en')}.`,
        );
      }
    }
    if (node.const !== undefined) totalStringLength += stringLength([node.const]);
  }
  if (deepest.depth > OPENAI_STRICT_LIMITS.nestingDepth)
    add(
      'nesting-depth',
      'properties',
      deepest.pointer,
      `Objects nest ${deepest.depth} levels deep; strict mode allows ${OPENAI_STRICT_LIMITS.nestingDepth}.`,
    );
  if (properties > OPENAI_STRICT_LIMITS.properties)
    add(
      'property-count',
      'properties',
      '/inputSchema',
      `The schema has ${properties.toLocaleString('en')} properties; strict mode allows ${OPENAI_STRICT_LIMITS.properties.toLocaleString('en')} in all.`,
    );
  if (enumValues > OPENAI_STRICT_LIMITS.enumValues)
    add(
      'enum-count',
      'enum',
      '/inputSchema',
      `The schema has ${enumValues.toLocaleString('en')} enum values; strict mode allows ${OPENAI_STRICT_LIMITS.enumValues.toLocaleString('en')} in all.`,
    );
  if (totalStringLength > OPENAI_STRICT_LIMITS.totalStringLength)
    add(
      'total-string-length',
      'properties',
      '/inputSchema',
      `Property and definition names, enum and const values add up to ${totalStringLength.toLocaleString('en')} characters; strict mode allows ${OPENAI_STRICT_LIMITS.totalStringLength.toLocaleString('en')}.`,
    );
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))
    add(
      'tool-name',
      'name',
      '/name',
      `OpenAI accepts tool names of 1–64 letters, digits, '_' and '-'; ${refusedName(tool.name)}.`,
    );
  return findings;
}
