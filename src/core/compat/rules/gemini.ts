/** Gemini's function declarations: an OpenAPI 3.0 subset of Schema fields, one type per schema, string enums only. */
import { GEMINI_KEYWORDS, GEMINI_STRING_FORMATS } from '../../export/formats';
import { inlineLocalRefs } from '../../json/local-refs';
import { refusedName } from '../../toolset/name-characters';
import type { ToolDefinition } from '../../toolset/types';
import type { CompatFinding } from '../types';
import { walkSchema, where } from '../walk';
import { isJsonObject } from '../../json/is-json-object';

const DOCUMENT_KEYWORDS = new Set(['$schema', '$id']);
const DEFINITIONS = new Set(['$defs', 'definitions']);
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

export function geminiFindings(tool: ToolDefinition): CompatFinding[] {
  const findings: CompatFinding[] = [];
  const add = (
    severity: CompatFinding['severity'],
    rule: string,
    keyword: string,
    pointer: string,
    message: string,
  ): void => {
    findings.push({ rule, keyword, pointer, severity, message });
  };
  if (!/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(tool.name))
    add(
      'error',
      'tool-name',
      'name',
      '/name',
      `Gemini needs a function name that starts with a letter or '_' and has at most 64 of a-z, A-Z, 0-9, '_', '.', ':', '-'; ${refusedName(tool.name)}.`,
    );
  if (tool.inputSchema.type !== 'object')
    add('error', 'root-not-object', 'type', '/inputSchema/type', 'parameters must be "type": "object".');
  const references = inlineLocalRefs(tool.inputSchema);
  const cannotInline = new Set([...references.recursive, ...references.unresolved]);
  for (const { node, pointer, parameter } of walkSchema(tool.inputSchema)) {
    for (const keyword of Object.keys(node)) {
      if (pointer === '/inputSchema' && DOCUMENT_KEYWORDS.has(keyword)) continue;
      if (keyword === '$ref' && typeof node.$ref === 'string') {
        if (cannotInline.has(node.$ref)) {
          const why = references.recursive.includes(node.$ref)
            ? "is recursive, which Gemini's Schema cannot describe"
            : 'cannot be resolved inside this schema';
          add(
            'error',
            'unresolvable-ref',
            keyword,
            `${pointer}/$ref`,
            `$ref ${node.$ref} on ${where(parameter)} ${why}; no conversion keeps its constraints (send the full JSON Schema as parametersJsonSchema instead).`,
          );
        } else
          add(
            'error',
            'ref',
            keyword,
            `${pointer}/$ref`,
            `Gemini's Schema has no $ref; the converted form inlines ${node.$ref} on ${where(parameter)}.`,
          );
        continue;
      }
      if (pointer === '/inputSchema' && DEFINITIONS.has(keyword)) {
        add(
          'error',
          'unsupported-keyword',
          keyword,
          `${pointer}/${keyword}`,
          `Gemini's Schema has no ${keyword}; the converted form inlines the definitions it uses and drops the rest.`,
        );
        continue;
      }
      const isMap =
        keyword === 'additionalProperties' &&
        node.additionalProperties !== null &&
        typeof node.additionalProperties === 'object';
      if (!GEMINI_KEYWORDS.has(keyword) && !isMap) {
        add(
          'error',
          'unsupported-keyword',
          keyword,
          `${pointer}/${keyword}`,
          `${keyword} on ${where(parameter)} is not a field of Gemini's Schema, which refuses unknown fields; the converted form drops it (or send the full JSON Schema as parametersJsonSchema).`,
        );
      }
    }
    if (Array.isArray(node.type)) {
      const types = node.type.filter((type) => type !== 'null');
      if (types.length > 1)
        add(
          'error',
          'type-union',
          'type',
          `${pointer}/type`,
          `${where(parameter)} allows ${types.join(' or ')}; Gemini takes one type per schema, so the converted form leaves the type out.`,
        );
      if (types.length < node.type.length)
        add(
          'info',
          'nullable',
          'type',
          `${pointer}/type`,
          `${where(parameter)} allows null; Gemini says so with nullable: true, which the converted form sets.`,
        );
    }
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string')) {
      add(
        'error',
        'non-string-enum',
        'enum',
        `${pointer}/enum`,
        `${where(parameter)} has a non-string enum; Gemini accepts string enums only, so the converted form drops it.`,
      );
    }
    if (typeof node.format === 'string') {
      const allowed = node.type === 'string' ? GEMINI_STRING_FORMATS : NUMBER_FORMATS;
      if (!allowed.has(node.format))
        add(
          'error',
          'unsupported-format',
          'format',
          `${pointer}/format`,
          `format "${node.format}" on ${where(parameter)} is not one Gemini accepts (${[...allowed].join(', ')}).`,
        );
    }
    if (isJsonObject(node.additionalProperties)) {
      add(
        'error',
        'map-object',
        'additionalProperties',
        `${pointer}/additionalProperties`,
        `${where(parameter)} is a map of arbitrary keys, which Gemini's Schema cannot describe.`,
      );
    }
  }
  return findings;
}
