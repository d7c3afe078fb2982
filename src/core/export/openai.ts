import type { JsonObject, JsonValue, ToolDefinition } from '../toolset/types';
import { checkToolName, providerSchema } from './providerSchema';
import { withoutUnusedDefinitions } from '../json/local-refs';
import { KeywordLedger, isJsonObject, transformSchema } from './schemaTransform';
import { propertyPath } from '../json/parameter-path';

/** Keywords OpenAI strict mode (Structured Outputs) documents as supported. */
export const STRICT_SUPPORTED = new Set([
  'type',
  'description',
  'title',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  '$defs',
  '$ref',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
/** Supported by current strict mode but rejected by earlier versions of it. */
const STRICT_RECENT = new Set([
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
/** The string formats strict mode documents; another format value (`workspace-path`) is removed with a note. */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const unsupportedFormat = (keyword: string, value: JsonValue | undefined): boolean =>
  keyword === 'format' && !(typeof value === 'string' && STRICT_FORMATS.has(value));
/** Constructs strict mode cannot express at all: dropping them would change what the schema accepts. */
export const STRICT_INEXPRESSIBLE = new Set([
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'propertyNames',
  'prefixItems',
  'contains',
]);

interface StrictAnalysis {
  optional: string[];
  unsupported: KeywordLedger;
  recent: KeywordLedger;
  blockers: string[];
}

const typeList = (node: JsonObject): JsonValue[] =>
  Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];

const analyse = (schema: JsonObject): StrictAnalysis => {
  const analysis: StrictAnalysis = {
    optional: [],
    unsupported: new KeywordLedger(),
    recent: new KeywordLedger(),
    blockers: [],
  };
  transformSchema(schema, (node, path) => {
    for (const keyword of Object.keys(node)) {
      if (STRICT_INEXPRESSIBLE.has(keyword))
        analysis.blockers.push(`'${path || '(root)'}' uses ${keyword}, which strict mode cannot express`);
      else if (!STRICT_SUPPORTED.has(keyword)) analysis.unsupported.add(keyword, path);
      else if (unsupportedFormat(keyword, node[keyword]))
        analysis.unsupported.add(`format ${JSON.stringify(node[keyword])}`, path);
      else if (STRICT_RECENT.has(keyword)) analysis.recent.add(keyword, path);
    }
    const isObject = typeList(node).includes('object') || isJsonObject(node.properties);
    if (isObject) {
      if (isJsonObject(node.additionalProperties))
        analysis.blockers.push(
          `'${path || '(root)'}' is a map (additionalProperties is a schema), but strict mode requires additionalProperties: false`,
        );
      const properties = isJsonObject(node.properties) ? Object.keys(node.properties) : [];
      const required = Array.isArray(node.required) ? node.required : [];
      for (const name of properties) if (!required.includes(name)) analysis.optional.push(propertyPath(path, name));
    }
    return node;
  });
  return analysis;
};

/** Makes a property schema accept null, the strict-mode way of saying "optional". */
const nullable = (schema: JsonValue): JsonValue => {
  if (!isJsonObject(schema)) return schema;
  const result: JsonObject = { ...schema };
  const types = typeList(result);
  if (types.length > 0 && !types.includes('null')) result.type = [...types, 'null'];
  if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  return result;
};

const toStrictSchema = (schema: JsonObject): JsonObject =>
  transformSchema(schema, (node) => {
    const result: JsonObject = {};
    for (const [keyword, value] of Object.entries(node))
      if (STRICT_SUPPORTED.has(keyword) && !unsupportedFormat(keyword, value)) result[keyword] = value;
    if (typeList(result).includes('object') || isJsonObject(result.properties)) {
      const properties = isJsonObject(result.properties) ? result.properties : {};
      const required = Array.isArray(node.required) ? node.required : [];
      const converted: JsonObject = {};
      for (const [name, child] of Object.entries(properties))
        converted[name] = required.includes(name) ? child : nullable(child);
      result.properties = converted;
      result.required = Object.keys(converted);
      result.additionalProperties = false;
    }
    return result;
  });

export interface OpenAiParameters {
  parameters: JsonObject;
  strict: boolean;
  notes: string[];
}

/** The parameters object for OpenAI function tools, converted for strict mode when asked and possible. */
export const openAiParameters = (tool: ToolDefinition, wantStrict: boolean): OpenAiParameters => {
  const provided = providerSchema(tool);
  const notes = provided.notes;
  // Definitions nothing references are never applied: they neither block strict mode nor go into the request.
  const { schema, removed } = withoutUnusedDefinitions(provided.schema);
  if (removed.length > 0) notes.push(`Removed definitions no reference uses: ${removed.join(', ')}.`);
  notes.push(...checkToolName(tool, 'OpenAI'));
  const analysis = analyse(schema);
  const unsupported = analysis.unsupported.lines((keyword, paths) => `${keyword} (${paths})`);
  if (!wantStrict || analysis.blockers.length > 0) {
    if (wantStrict)
      notes.push(`Strict mode was requested but is not possible, so strict is false: ${analysis.blockers.join('; ')}.`);
    const requirements: string[] = [];
    if (analysis.optional.length > 0)
      requirements.push(
        `every property listed in required (optional here: ${analysis.optional.join(', ')}; they would have to become nullable)`,
      );
    requirements.push('additionalProperties: false on every object');
    notes.push(`Not strict. OpenAI strict mode requires ${requirements.join(', and ')}.`);
    if (unsupported.length > 0)
      notes.push(
        `OpenAI strict mode does not support these keywords and would reject the schema: ${unsupported.join('; ')}.`,
      );
    if (analysis.blockers.length > 0 && !wantStrict)
      notes.push(`Strict mode could not express this schema: ${analysis.blockers.join('; ')}.`);
    return { parameters: schema, strict: false, notes };
  }
  const parameters = toStrictSchema(schema);
  if (analysis.optional.length > 0) {
    notes.push(
      `Strict mode: optional parameters made required and nullable (${analysis.optional.join(', ')}); the model sends null for a value it omits, so drop null arguments before validating them.`,
    );
  }
  notes.push('Strict mode: additionalProperties set to false on every object.');
  if (unsupported.length > 0)
    notes.push(
      `Strict mode: removed keywords OpenAI does not support: ${unsupported.join('; ')}. The project validator still enforces them on the arguments.`,
    );
  const recent = analysis.recent.lines((keyword, paths) => `${keyword} (${paths})`);
  if (recent.length > 0)
    notes.push(
      `Kept ${recent.join('; ')}: supported by current strict mode, but earlier versions rejected them; remove them if an older model refuses the schema.`,
    );
  return { parameters, strict: true, notes };
};
