/**
 * BFCL function docs → a toolset. BFCL writes parameters in a Python-flavoured dialect of JSON Schema
 * (`dict`, `float`, `tuple`, `any`, `optional` flags); each is converted the way BFCL's own handlers
 * convert them before sending them to a model (GORILLA_TO_OPENAPI in bfcl_eval/constants/
 * type_mappings.py), and every change is listed, as the Gemini import lists its conversions. The
 * result goes through the ordinary import, so names and schemas get the same checks as any toolset.
 */
import type { Validator } from '../../validation/validator';
import { importToolset } from '../../import/import';
import type { ImportProblem, ImportResult } from '../../import/types';
import type { BfclFunction } from './ast-checker';
import { isJsonObject } from '../../json/is-json-object';

/** BFCL's GORILLA_TO_OPENAPI, for the Python names (Java/JavaScript names map the same way there). */
const TYPE_MAP: Readonly<Record<string, string>> = {
  integer: 'integer',
  number: 'number',
  float: 'number',
  string: 'string',
  boolean: 'boolean',
  bool: 'boolean',
  array: 'array',
  list: 'array',
  dict: 'object',
  object: 'object',
  tuple: 'array',
  any: 'string',
};

const CHANGE_TEXT: Readonly<Record<string, string>> = {
  dict: "type 'dict' written as 'object'",
  float: "type 'float' written as 'number'",
  tuple: "type 'tuple' written as 'array'",
  any: "type 'any' written as 'string', as BFCL sends it to models (its checker also expects a string)",
  list: "type 'list' written as 'array'",
  bool: "type 'bool' written as 'boolean'",
};

type Json = Record<string, unknown>;

function convertNode(node: unknown, path: string, note: (what: string, path: string) => void): unknown {
  if (!isJsonObject(node)) return node;
  const out: Json = {};
  const movedRequired: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') {
      if (typeof value !== 'string') out.type = value;
      else if (TYPE_MAP[value] !== undefined) {
        out.type = TYPE_MAP[value];
        if (CHANGE_TEXT[value] !== undefined) note(CHANGE_TEXT[value], path);
      } else {
        out.type = 'string';
        note(`unknown type '${value}' written as 'string', as BFCL does`, path);
      }
    } else if (key === 'optional') {
      note("'optional' dropped (a parameter is optional when it is not in 'required')", `${path}/optional`);
    } else if (key === 'properties' && isJsonObject(value)) {
      const properties: Json = {};
      for (const [name, child] of Object.entries(value)) {
        properties[name] = convertNode(child, `${path}/properties/${name}`, note);
        if (isJsonObject(child) && typeof child.required === 'boolean') {
          if (child.required) movedRequired.push(name);
          note(
            "'required: true|false' on a property moved to its object's 'required' list",
            `${path}/properties/${name}/required`,
          );
        }
      }
      out.properties = properties;
    } else if (key === 'items') {
      out.items = convertNode(value, `${path}/items`, note);
    } else if (key === 'required' && typeof value === 'boolean') {
      // Handled by the parent object, which owns the list.
    } else {
      out[key] = value;
    }
  }
  if (out.type === undefined && !('anyOf' in out) && !('oneOf' in out) && !('$ref' in out) && path !== '') {
    out.type = 'string';
    note("no type: written as 'string', as BFCL does", path);
  }
  if (movedRequired.length > 0)
    out.required = [...new Set([...(Array.isArray(out.required) ? (out.required as string[]) : []), ...movedRequired])];
  return out;
}

/** One function's parameters as JSON Schema, and what changed (change → pointers). */
export function bfclParametersToJsonSchema(parameters: unknown): { schema: Json; changes: Map<string, string[]> } {
  const changes = new Map<string, string[]>();
  const schema = convertNode(parameters, '', (what, path) =>
    changes.set(what, [...(changes.get(what) ?? []), path || '/']),
  );
  return { schema: isJsonObject(schema) ? { ...schema, type: 'object' } : { type: 'object', properties: {} }, changes };
}

/** BFCL function docs → a toolset, with each conversion listed as a `converted` warning. */
export function importBfclFunctions(
  functions: readonly BfclFunction[],
  validator: Validator,
  toolsetName = 'BFCL functions',
): ImportResult {
  const notes: ImportProblem[] = [];
  const tools = functions.map((fn, index) => {
    const { schema, changes } = bfclParametersToJsonSchema(fn.parameters);
    for (const [what, paths] of changes) {
      notes.push({
        toolIndex: index,
        toolName: fn.name,
        pointer: `/${index}/parameters${paths[0] === '/' ? '' : paths[0]}`,
        rule: 'converted',
        severity: 'warning',
        message: `Converted from BFCL's Python-flavoured types: ${what}${paths.length > 1 ? ` (${paths.length} places)` : ''}`,
      });
    }
    return { name: fn.name, description: fn.description ?? '', inputSchema: schema };
  });
  const result = importToolset(JSON.stringify(tools), { toolsetName, validator });
  return { ...result, problems: [...notes, ...result.problems] };
}

/** Every distinct function of a question file, first description of each name kept. */
export function functionsOfQuestions(questions: readonly { function: readonly BfclFunction[] }[]): BfclFunction[] {
  const seen = new Map<string, BfclFunction>();
  for (const question of questions) for (const fn of question.function) if (!seen.has(fn.name)) seen.set(fn.name, fn);
  return [...seen.values()];
}
