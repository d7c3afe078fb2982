import type { JsonObject, JsonValue, ToolDefinition } from '../toolset/types';
import { destructiveToolSign } from '../audit/rules/destructiveConfirm';
import { openAiParameters } from './openai';
import { hasRefs, inlineLocalRefs } from '../json/local-refs';
import { checkToolName, providerSchema } from './providerSchema';
import { KeywordLedger, cloneJson, isJsonObject, transformSchema } from './schemaTransform';
import { EXPORT_FORMAT_INFO, type ExportFormat, type ExportOptions, type ExportResult } from './types';
import { propertyPath } from '../json/parameter-path';

type Exporter = (tool: ToolDefinition, options: ExportOptions) => { value: JsonObject; notes: string[] };

const openAiChat: Exporter = (tool, options) => {
  const { parameters, strict, notes } = openAiParameters(tool, options.strict === true);
  const fn: JsonObject = { name: tool.name, description: tool.description, parameters };
  // Chat Completions treats an absent strict as false; only state it when it is on.
  if (strict) fn.strict = true;
  return { value: { type: 'function', function: fn }, notes };
};

const openAiResponses: Exporter = (tool, options) => {
  const { parameters, strict, notes } = openAiParameters(tool, options.strict === true);
  return { value: { type: 'function', name: tool.name, description: tool.description, parameters, strict }, notes };
};

/** Keywords Anthropic's strict tool use does not support (its structured-outputs JSON Schema limitations). */
export const ANTHROPIC_STRICT_UNSUPPORTED = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);

/** What `strict: true` would refuse in this schema, as "keyword (paths)" lines. */
const anthropicStrictGaps = (schema: JsonObject): string[] => {
  const gaps = new KeywordLedger();
  transformSchema(schema, (node, path) => {
    for (const keyword of Object.keys(node)) if (ANTHROPIC_STRICT_UNSUPPORTED.has(keyword)) gaps.add(keyword, path);
    if (typeof node.minItems === 'number' && node.minItems > 1) gaps.add('minItems above 1', path);
    if (node.type === 'object' && node.additionalProperties !== false)
      gaps.add('additionalProperties other than false', path);
    // Strict mode compiles simple patterns only: no back-references, lookaround or word boundaries.
    if (typeof node.pattern === 'string' && /\\[1-9bBk]|\(\?<?[=!]/.test(node.pattern))
      gaps.add('pattern with back-references, lookaround or \\b', path);
    return node;
  });
  return gaps.lines((keyword, paths) => `${keyword} (${paths})`);
};

const anthropic: Exporter = (tool) => {
  const { schema, notes } = providerSchema(tool);
  notes.push(...checkToolName(tool, 'Anthropic'));
  const gaps = anthropicStrictGaps(schema);
  notes.push(
    gaps.length > 0
      ? `Exported without "strict". Anthropic's strict tool use ("strict": true on the tool) makes Claude's input match input_schema by grammar-constrained sampling, but supports only part of JSON Schema, and would reject this schema for: ${gaps.join('; ')}. Anthropic's SDKs can move such constraints into the descriptions instead.`
      : 'This schema fits Anthropic\'s strict tool use: add "strict": true to the tool to have Claude\'s input match input_schema exactly (grammar-constrained sampling).',
  );
  notes.push(
    'Without strict, input_schema is guidance: constraints such as maxLength and minimum are not enforced on tool_use input, so validate the arguments before running the tool.',
  );
  return { value: { name: tool.name, description: tool.description, input_schema: schema }, notes };
};

/**
 * The fields of Gemini's function-declaration Schema (the generativelanguage Schema message, a subset of
 * OpenAPI 3.0): the API refuses a parameters object with any other field, so the rest is dropped.
 */
export const GEMINI_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'default',
  'example',
  'properties',
  'required',
  'propertyOrdering',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
]);
export const GEMINI_STRING_FORMATS = new Set(['enum', 'date-time']);

const gemini: Exporter = (tool) => {
  const provided = providerSchema(tool);
  const notes = provided.notes;
  // Gemini's Schema has no $ref or $defs: local references are inlined; what cannot be is said, never left as {}.
  let schema = provided.schema;
  if (hasRefs(schema) || '$defs' in schema || 'definitions' in schema) {
    const inlined = inlineLocalRefs(schema);
    schema = inlined.schema;
    if (inlined.inlined.length > 0)
      notes.push(`Inlined local references (${inlined.inlined.join(', ')}): Gemini's Schema has no $ref or $defs.`);
    if (inlined.recursive.length > 0)
      notes.push(
        `Cannot inline the recursive reference${inlined.recursive.length === 1 ? '' : 's'} ${inlined.recursive.join(', ')}: Gemini's Schema cannot describe a recursive structure, so that part is exported without its schema and Gemini will not constrain it; send the full JSON Schema as parametersJsonSchema instead.`,
      );
    if (inlined.unresolved.length > 0)
      notes.push(
        `Cannot resolve ${inlined.unresolved.join(', ')} inside this schema (it leaves the document or points nowhere), so that part is exported without its schema.`,
      );
  }
  if (!/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(tool.name))
    notes.push(
      `Gemini requires function names starting with a letter or underscore, at most 64 of a-z, A-Z, 0-9, _ . : -; '${tool.name}' would be rejected.`,
    );
  const dropped = new KeywordLedger();
  const changes: string[] = [];
  const parameters = transformSchema(schema, (node, path) => {
    const result: JsonObject = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (GEMINI_KEYWORDS.has(keyword)) result[keyword] = value;
      else dropped.add(keyword, path);
    }
    if (Array.isArray(result.type)) {
      const types = result.type.filter((type) => type !== 'null');
      if (types.length < result.type.length) result.nullable = true;
      if (types.length === 1 && types[0] !== undefined) result.type = types[0];
      else {
        changes.push(`'${path}' allows several types (${types.join(', ')}); Gemini needs one, so the type was removed`);
        delete result.type;
      }
    }
    if (Array.isArray(result.enum) && result.enum.some((value: JsonValue) => typeof value !== 'string')) {
      changes.push(`'${path}' has a non-string enum, which Gemini does not accept; the enum was removed`);
      delete result.enum;
    }
    if (typeof result.format === 'string' && result.type === 'string' && !GEMINI_STRING_FORMATS.has(result.format)) {
      changes.push(`'${path}' format '${result.format}' is not one Gemini accepts for strings; removed`);
      delete result.format;
    }
    if (result.type === 'object' && isJsonObject(node.additionalProperties)) {
      changes.push(
        `'${path || '(root)'}' is a map of arbitrary keys, which Gemini's schema cannot describe; it is exported as an object without declared properties, and Gemini may reject or ignore it`,
      );
    }
    return result;
  });
  const droppedLines = dropped.lines((keyword, paths) => `${keyword} (${paths})`);
  if (droppedLines.length > 0) {
    notes.push(
      `Removed keywords that Gemini's function-declaration Schema does not define (it refuses unknown fields in parameters): ${droppedLines.join('; ')}. The project validator still enforces them on the arguments; Gemini also takes the full JSON Schema as parametersJsonSchema instead of parameters.`,
    );
  }
  notes.push(...changes.map((change) => `${change}.`));
  return { value: { name: tool.name, description: tool.description, parameters }, notes };
};

const mcp: Exporter = (tool) => {
  const { schema, notes } = providerSchema(tool);
  const readOnly = tool.riskLevel === 'safe';
  const destructive =
    !readOnly &&
    (tool.riskLevel === 'high' || tool.riskLevel === 'critical' || destructiveToolSign(tool) !== undefined);
  notes.push(
    `Annotations derived from risk level '${tool.riskLevel}': readOnlyHint ${readOnly}${readOnly ? '' : `, destructiveHint ${destructive}`}. Hints are advisory; clients must not rely on them for security.`,
  );
  // MCP's destructiveHint defaults to true, so a writing tool states it either way.
  const annotations: JsonObject = readOnly
    ? { readOnlyHint: true }
    : { readOnlyHint: false, destructiveHint: destructive };
  return {
    value: { name: tool.name, title: tool.title, description: tool.description, inputSchema: schema, annotations },
    notes,
  };
};

const plain: Exporter = (tool) => {
  const notes: string[] = [];
  const missing: string[] = [];
  const inputSchema = isJsonObject(tool.inputSchema) ? cloneJson(tool.inputSchema) : {};
  transformSchema(inputSchema, (node, path) => {
    if (isJsonObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        if (isJsonObject(child) && (typeof child.type !== 'string' || typeof child.description !== 'string'))
          missing.push(propertyPath(path, name));
      }
    }
    return node;
  });
  if (missing.length > 0)
    notes.push(
      `The tool-definition format requires a string type and a description on every parameter; missing on ${missing.join(', ')}.`,
    );
  return { value: { name: tool.name, description: tool.description, inputSchema }, notes };
};

const EXPORTERS: Record<ExportFormat, Exporter> = {
  'openai-chat': openAiChat,
  'openai-responses': openAiResponses,
  anthropic,
  gemini,
  mcp,
  plain,
};

/** A tool definition in a provider's format. Pure: the same tool and format always give the same result. */
export const exportTool = (tool: ToolDefinition, format: ExportFormat, options: ExportOptions = {}): ExportResult => {
  const exporter = EXPORTERS[format] as Exporter | undefined;
  if (!exporter) {
    return {
      format,
      label: String(format),
      value: {},
      notes: [`Unknown export format '${String(format)}'; use one of: ${Object.keys(EXPORTERS).join(', ')}.`],
    };
  }
  const { value, notes } = exporter(tool, options);
  return { format, label: EXPORT_FORMAT_INFO[format].label, value, notes };
};

/** Every tool in one format, e.g. the `tools` array of a request. */
export const exportTools = (
  tools: readonly ToolDefinition[],
  format: ExportFormat,
  options: ExportOptions = {},
): JsonObject[] => tools.map((tool) => exportTool(tool, format, options).value);
