/**
 * One definition read from the text, checked into a tool: its name, description, input and output schemas, the
 * meta-schema's gaps and the providers' name rules, each problem with its pointer.
 */
import type { JsonObject, RiskLevel, ToolDefinition } from '../toolset/types';
import { RISK_LEVELS } from '../toolset/types';
import { nameSpoofingReason, visibleName } from '../toolset/name-characters';
import type { RegexEngine } from '../validation/linear-engine';
import { schemaNotes } from '../validation/schema-notes';
import { isJsonObject } from '../json/is-json-object';
import { codeGenesisGaps } from './codegenesis-gaps';
import { isPlainSchema } from './plain-schema';
import { checkSchema } from './schema-checks';
import type { ImportFormat, ImportOptions, ImportProblem, RawTool } from './types';

/** OpenAI refuses other names; Anthropic and Gemini accept the same set. */
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const IMPORTED_CATEGORY = 'imported';

const titleFrom = (name: string): string => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
};

export function checkTool(
  raw: RawTool,
  format: ImportFormat,
  options: ImportOptions,
  names: Set<string>,
  problems: ImportProblem[],
): ToolDefinition | null {
  // A name is shown with its invisible and bidirectional characters made visible, never raw.
  const where = {
    toolIndex: raw.index,
    ...(typeof raw.name === 'string' && raw.name.trim() ? { toolName: visibleName(raw.name) } : {}),
  };
  const error = (pointer: string, rule: ImportProblem['rule'], message: string): null => {
    problems.push({ ...where, pointer, rule, severity: 'error', message });
    return null;
  };
  const warn = (pointer: string, rule: ImportProblem['rule'], message: string) =>
    problems.push({ ...where, pointer, rule, severity: 'warning', message });
  // This tool's problems are those from here on: looking only at them keeps an import of many tools linear.
  const first = problems.length;
  for (const note of raw.notes ?? []) problems.push(note);

  const label = typeof raw.name === 'string' && raw.name.trim() ? `'${visibleName(raw.name)}'` : `#${raw.index + 1}`;
  if (typeof raw.name !== 'string')
    return error(
      `${raw.pointer}/name`,
      raw.name === undefined ? 'missing_field' : 'wrong_type',
      `Tool ${label} has no name: a tool needs a string "name"`,
    );
  const name = raw.name.trim();
  if (name === '') return error(`${raw.pointer}/name`, 'empty_name', `Tool ${label} has an empty name`);
  const spoofing = nameSpoofingReason(name);
  if (spoofing) return error(`${raw.pointer}/name`, 'spoofing_name', `Tool ${label} is refused as a name: ${spoofing}`);
  if (names.has(name))
    return error(
      `${raw.pointer}/name`,
      'duplicate_name',
      `Tool '${name}' is defined twice; only the first is imported`,
    );
  if (typeof raw.description !== 'string')
    return error(`${raw.pointer}/description`, 'wrong_type', `Tool '${name}': "description" must be a string`);
  const gaps = codeGenesisGaps(raw, name, options.format === 'codegenesis');
  // Declared CodeGenesis: its meta-schema is the contract.
  if (options.format === 'codegenesis') for (const gap of gaps) error(gap.pointer, 'meta_schema', gap.message);
  const schemaPointer = `${raw.pointer}${raw.schemaPointer}`;
  if (!isJsonObject(raw.schema)) {
    return error(
      schemaPointer,
      raw.schema === undefined ? 'missing_field' : 'schema_not_object',
      `Tool '${name}': its input schema must be a JSON object`,
    );
  }
  if (raw.schema.type !== undefined && raw.schema.type !== 'object') {
    return error(
      `${schemaPointer}/type`,
      'schema_not_object',
      `Tool '${name}': its input schema has type ${JSON.stringify(raw.schema.type)}; tool arguments are an object, so the type must be "object"`,
    );
  }
  for (const issue of checkSchema(raw.schema, options.validator.regexEngine))
    (issue.severity === 'warning' ? warn : error)(
      `${schemaPointer}${issue.pointer}`,
      issue.rule,
      `Tool '${name}': ${issue.message}`,
    );
  const outputSchema = raw.outputSchema ?? (raw.full ? raw.full.outputSchema : undefined);
  const outputPointer = `${raw.pointer}/outputSchema`;
  if (outputSchema !== undefined)
    checkOutputSchema(outputSchema, outputPointer, name, error, options.validator.regexEngine, warn);
  if (problems.slice(first).some((problem) => problem.toolIndex === raw.index && problem.severity === 'error'))
    return null;
  // Otherwise a finding (after any refusal, which says more); for other formats only the gaps a model feels (no
  // description, an untyped parameter), not the shape of a tool without parameters.
  if (options.format !== 'codegenesis')
    for (const gap of gaps)
      if (format === 'codegenesis' || gap.everywhere) warn(gap.pointer, 'meta_schema', gap.message);

  if (!OPENAI_NAME.test(name))
    warn(
      `${raw.pointer}/name`,
      'provider_name',
      `Tool '${name}': OpenAI and Anthropic refuse this name (they accept 1-64 letters, digits, '_' and '-')${/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(name) ? "; Gemini accepts it (a letter or '_', then letters, digits, '_', '.', ':' and '-', at most 64)" : ", and so does Gemini (a letter or '_', then letters, digits, '_', '.', ':' and '-', at most 64)"}`,
    );

  const full = raw.full ?? {};
  const riskLevel =
    raw.risk ??
    (RISK_LEVELS.includes(full.riskLevel as RiskLevel)
      ? (full.riskLevel as RiskLevel)
      : (options.defaultRisk ?? 'medium'));
  const tool: ToolDefinition = {
    ...(full as Partial<ToolDefinition>),
    name,
    title:
      typeof raw.title === 'string' && raw.title.trim()
        ? raw.title.trim()
        : typeof full.title === 'string'
          ? full.title
          : titleFrom(name),
    description: raw.description,
    version: typeof full.version === 'string' ? full.version : '1.0.0',
    category: typeof full.category === 'string' ? full.category : IMPORTED_CATEGORY,
    riskLevel,
    tags: Array.isArray(full.tags) ? (full.tags as string[]) : (raw.tags ?? []),
    inputSchema: raw.schema as JsonObject,
    examples: Array.isArray(full.examples) ? (full.examples as ToolDefinition['examples']) : [],
    invalidExamples: Array.isArray(full.invalidExamples)
      ? (full.invalidExamples as ToolDefinition['invalidExamples'])
      : [],
  };
  if (isJsonObject(outputSchema)) tool.outputSchema = outputSchema as JsonObject;
  // A plain schema always compiles, with nothing from strict mode (plain-schema.ts): the validator compiles it on first use.
  const inputPlain = options.compileAll !== true && isPlainSchema(tool.inputSchema);
  const compiled = inputPlain ? { ok: true as const } : options.validator.precompile(tool);
  if (!compiled.ok)
    return error(
      schemaPointer,
      'schema_does_not_compile',
      `Tool '${name}': the schema does not compile: ${compiled.message}`,
    );
  for (const note of schemaNotes(tool.inputSchema, inputPlain ? [] : undefined))
    warn(`${schemaPointer}${note.pointer}`, 'schema_note', `Tool '${name}': ${note.message}`);
  if (tool.outputSchema && (options.compileAll === true || !isPlainSchema(tool.outputSchema))) {
    const output = options.validator.precompile({
      ...tool,
      inputSchema: tool.outputSchema,
      relationships: [],
      warnings: [],
    });
    if (!output.ok)
      return error(
        outputPointer,
        'schema_does_not_compile',
        `Tool '${name}': the output schema does not compile: ${output.message}`,
      );
  }
  names.add(name);
  return tool;
}

/** MCP says an output schema describes `structuredContent`, which is a JSON object: the root must be an object schema. */
function checkOutputSchema(
  schema: unknown,
  pointer: string,
  name: string,
  error: (pointer: string, rule: ImportProblem['rule'], message: string) => null,
  regexEngine: RegexEngine,
  warn: (pointer: string, rule: ImportProblem['rule'], message: string) => unknown,
): void {
  if (!isJsonObject(schema)) {
    error(pointer, 'schema_not_object', `Tool '${name}': its output schema must be a JSON object`);
    return;
  }
  if (schema.type !== 'object') {
    error(
      `${pointer}/type`,
      'schema_not_object',
      `Tool '${name}': its output schema has type ${JSON.stringify(schema.type ?? null)}; structuredContent is an object, so the type must be "object"`,
    );
    return;
  }
  for (const issue of checkSchema(schema, regexEngine))
    (issue.severity === 'warning' ? warn : error)(
      `${pointer}${issue.pointer}`,
      issue.rule,
      `Tool '${name}': output schema: ${issue.message}`,
    );
}
