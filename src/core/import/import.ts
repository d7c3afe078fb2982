/**
 * Import: text in any supported format → a toolset of the tools that pass, and a precise report for
 * every one that does not (which tool, which JSON pointer, what rule). Never throws.
 */
import { DEFAULT_TOOLSET_ID } from '../toolset/collection';
import type { JsonObject, RiskLevel, ToolDefinition, ToolsetBundle } from '../toolset/types';
import { RISK_LEVELS } from '../toolset/types';
import { nameSpoofingReason, visibleName } from '../toolset/name-characters';
import { parseArguments } from '../validation/json-text';
import type { RegexEngine } from '../validation/linear-engine';
import { schemaNotes } from '../validation/schema-notes';
import { readAnthropic } from './formats/anthropic';
import { detectFormat } from './formats/detect';
import { readGemini } from './formats/gemini';
import { readInputSchemaTools } from './formats/mcp';
import { readOpenAiChat, readOpenAiResponses } from './formats/openai';
import { segment, type Reader } from './formats/shared';
import { readToolsetFile } from './formats/toolset';
import { isPlainSchema } from './plain-schema';
import { checkSchema } from './schema-checks';
import { serverNameOf } from './server-name';
import {
  DEFAULT_MAX_CHARACTERS,
  IMPORT_FORMAT_LABELS,
  MAX_TEXT_DEPTH,
  type ImportFormat,
  type ImportOptions,
  type ImportProblem,
  type ImportResult,
  type RawTool,
} from './types';
import { isJsonObject } from '../json/is-json-object';
import { depthMessage, findDeepSpans, lineAndColumnOf, withoutSpans, type DeepSpan } from '../json/text-limits';

/** OpenAI refuses other names; Anthropic and Gemini accept the same set. */
const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const IMPORTED_CATEGORY = 'imported';
/** Past this many parts nested too deep, the text is refused whole rather than tool by tool. */
const MAX_DEEP_PARTS = 100;

const READERS: Record<Exclude<ImportFormat, 'json-schema' | 'toolset'>, Reader> = {
  'openai-chat': readOpenAiChat,
  'openai-responses': readOpenAiResponses,
  anthropic: readAnthropic,
  gemini: readGemini,
  mcp: readInputSchemaTools,
  codegenesis: readInputSchemaTools,
};

const emptyToolset = (
  options: ImportOptions,
  format: ImportFormat | null,
  serverName: string | null = null,
): ToolsetBundle => {
  const name =
    options.toolsetName?.trim() ||
    serverName ||
    options.sourceName?.trim() ||
    (format ? `Imported ${IMPORT_FORMAT_LABELS[format].replace(/^an? /, '')}` : 'Imported tools');
  const id = options.toolsetId ?? toolsetIdFrom(name);
  return {
    manifest: {
      id,
      name,
      version: '1.0.0',
      description: format ? `Imported from ${IMPORT_FORMAT_LABELS[format]}.` : 'Imported tools.',
      categories: [],
    },
    tools: [],
  };
};

export function toolsetIdFrom(name: string): string {
  const id =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'imported';
  return id === DEFAULT_TOOLSET_ID ? `${id}-imported` : id;
}

const titleFrom = (name: string): string => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
};

function tooDeepProblem(source: string, span: DeepSpan, subject: string): ImportProblem {
  const { line, column } = lineAndColumnOf(source, span.start);
  return {
    pointer: span.pointer,
    rule: 'too_deep',
    severity: 'error',
    message: `${subject} ${depthMessage(MAX_TEXT_DEPTH, line, column)}`,
  };
}

function fail(format: ImportFormat | null, options: ImportOptions, problem: ImportProblem): ImportResult {
  return { format, toolset: emptyToolset(options, format), problems: [problem], found: 0, needsToolName: false };
}

/** The share of the progress reported once the text is parsed; checking the definitions is the rest. */
const PARSED_SHARE = 0.4;

export function importToolset(text: string, options: ImportOptions): ImportResult {
  try {
    return importUnguarded(text, options);
  } catch (error) {
    return fail(null, options, {
      pointer: '',
      rule: 'not_json',
      severity: 'error',
      message: `The text could not be imported: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

function importUnguarded(text: string, options: ImportOptions): ImportResult {
  const limit = options.maxCharacters ?? DEFAULT_MAX_CHARACTERS;
  if (text.length > limit) {
    return fail(null, options, {
      pointer: '',
      rule: 'too_large',
      severity: 'error',
      message: `The text has ${text.length.toLocaleString('en')} characters; imports are limited to ${limit.toLocaleString('en')}. Split the toolset into several files.`,
    });
  }
  // Depth is measured on the text before it is parsed: a part nested too deep is cut out (its tool is refused
  // below), so nothing after this point ever walks more than MAX_TEXT_DEPTH levels.
  const source = text.replace(/^\uFEFF/, '');
  const deep = findDeepSpans(source, MAX_TEXT_DEPTH, MAX_DEEP_PARTS);
  if (deep.length >= MAX_DEEP_PARTS)
    return fail(null, options, tooDeepProblem(source, deep[0]!, `${MAX_DEEP_PARTS} or more parts of the text are`));
  options.onProgress?.(PARSED_SHARE / 3);
  const parsed = parseArguments(withoutSpans(source, deep));
  options.onProgress?.(PARSED_SHARE);
  if (!parsed.ok && deep.length > 0) return fail(null, options, tooDeepProblem(source, deep[0]!, 'The text is'));
  if (!parsed.ok)
    return fail(null, options, {
      pointer: '',
      rule: 'not_json',
      severity: 'error',
      message: `The text is not JSON: ${parsed.error.message}`,
    });

  const detected = detectFormat(parsed.value);
  if (!detected && deep.length > 0) return fail(null, options, tooDeepProblem(source, deep[0]!, 'The text is'));
  if (!detected) {
    return fail(null, options, {
      pointer: '',
      rule: 'unknown_format',
      severity: 'error',
      message:
        'No tool definitions found. Expected an OpenAI or Anthropic `tools` array, Gemini `functionDeclarations`, an MCP `tools/list` result, {name, description, inputSchema} objects, a toolset file or a JSON Schema.',
    });
  }
  const declared = options.format;
  if (
    declared !== undefined &&
    declared !== detected.format &&
    !(declared === 'codegenesis' && detected.format === 'mcp')
  ) {
    return fail(detected.format, options, {
      pointer: '',
      rule: 'unknown_format',
      severity: 'error',
      message: `The text was to be read as ${IMPORT_FORMAT_LABELS[declared]}, but it reads as ${IMPORT_FORMAT_LABELS[detected.format]}`,
    });
  }
  // {name, description, inputSchema} is both MCP's shape and CodeGenesis's: declared CodeGenesis holds it to that meta-schema.
  const format = declared ?? detected.format;
  const problems: ImportProblem[] = [];

  let raws: RawTool[];
  let toolset = emptyToolset(options, format, serverNameOf(parsed.value));
  if (format === 'json-schema') {
    const name = options.schemaToolName?.trim();
    if (!name) return { format, toolset, problems: [], found: 1, needsToolName: true };
    raws = [
      {
        index: 0,
        pointer: '',
        name,
        description:
          isJsonObject(parsed.value) && typeof parsed.value.description === 'string' ? parsed.value.description : '',
        schemaPointer: '',
        schema: parsed.value,
      },
    ];
  } else if (format === 'toolset') {
    const read = readToolsetFile(parsed.value, options);
    raws = read.raws;
    toolset = { ...read.toolset, tools: [] };
    problems.push(...read.problems);
  } else {
    raws = READERS[format](detected.entries, detected.basePointer);
  }
  // Each part cut out for its depth refuses the tool it belongs to; a part outside every tool refuses the text.
  const deepByRaw = new Map<RawTool, DeepSpan>();
  for (const span of deep) {
    const owner = raws.find(
      (raw) => detected.single || span.pointer === raw.pointer || span.pointer.startsWith(`${raw.pointer}/`),
    );
    if (!owner) return fail(format, options, tooDeepProblem(source, span, 'The text is'));
    if (!deepByRaw.has(owner)) deepByRaw.set(owner, span);
  }
  if (detected.single) for (const raw of raws) raw.pointer = '';

  const names = new Set<string>();
  const tools: ToolDefinition[] = [];
  for (const [position, raw] of raws.entries()) {
    options.onProgress?.(PARSED_SHARE + ((1 - PARSED_SHARE) * (position + 1)) / (raws.length + 1));
    const span = deepByRaw.get(raw);
    if (span) {
      const label = typeof raw.name === 'string' && raw.name.trim() ? `'${raw.name.trim()}'` : `#${raw.index + 1}`;
      problems.push({
        ...tooDeepProblem(source, span, `Tool ${label} is`),
        toolIndex: raw.index,
        ...(typeof raw.name === 'string' && raw.name.trim() ? { toolName: raw.name.trim() } : {}),
      });
      continue;
    }
    const tool = checkTool(raw, format, options, names, problems);
    if (tool) tools.push(tool);
  }

  const categories = format === 'toolset' ? toolset.manifest.categories : [];
  toolset = {
    ...toolset,
    manifest: {
      ...toolset.manifest,
      categories: categoriesFor(categories, tools),
    },
    tools,
  };
  return { format, toolset, problems, found: raws.length, needsToolName: false };
}

/** The toolset file's categories where they still list tools; everything else under "Imported". */
function categoriesFor(
  declared: ToolsetBundle['manifest']['categories'],
  tools: readonly ToolDefinition[],
): ToolsetBundle['manifest']['categories'] {
  const present = new Set(tools.map((tool) => tool.name));
  const kept = declared
    .map((category) => ({ ...category, tools: category.tools.filter((name) => present.has(name)) }))
    .filter((category) => category.tools.length > 0);
  const placed = new Set(kept.flatMap((category) => category.tools));
  const rest = tools.filter(
    (tool) => !placed.has(tool.name) || !kept.some((category) => category.id === tool.category),
  );
  for (const tool of rest) if (!placed.has(tool.name)) tool.category = IMPORTED_CATEGORY;
  const unplaced = rest.filter((tool) => !placed.has(tool.name)).map((tool) => tool.name);
  return unplaced.length > 0
    ? [
        ...kept,
        { id: IMPORTED_CATEGORY, name: 'Imported', description: 'Tools imported into this toolset', tools: unplaced },
      ]
    : kept;
}

function checkTool(
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

/**
 * What the CodeGenesis meta-schema asks of a definition beyond JSON Schema: a description, an
 * object input schema with properties, and a type and a description for each parameter. Each gap with its pointer.
 */
function codeGenesisGaps(
  raw: RawTool,
  name: string,
  declared: boolean,
): { pointer: string; message: string; everywhere: boolean }[] {
  const gaps: { pointer: string; message: string; everywhere: boolean }[] = [];
  // The format is named only to someone who chose it; anyone else is told why a model needs what is missing.
  const why = (requirement: string, reason: string) =>
    declared ? `the CodeGenesis meta-schema requires ${requirement}` : reason;
  if (typeof raw.description === 'string' && raw.description.trim() === '')
    gaps.push({
      pointer: `${raw.pointer}/description`,
      message: `Tool '${name}' has no description (${why('a non-empty "description"', 'a model reads it to choose the tool')})`,
      everywhere: true,
    });
  const schemaPointer = `${raw.pointer}${raw.schemaPointer}`;
  const schema = isJsonObject(raw.schema) ? raw.schema : {};
  if (schema.type !== 'object')
    gaps.push({
      pointer: `${schemaPointer}/type`,
      message: `Tool '${name}': ${declared ? 'the CodeGenesis meta-schema requires inputSchema.type to be "object"' : 'inputSchema.type should be "object", as tool arguments are an object'}`,
      everywhere: false,
    });
  const properties = isJsonObject(schema.properties) ? schema.properties : null;
  if (!properties)
    gaps.push({
      pointer: `${schemaPointer}/properties`,
      message: `Tool '${name}': ${declared ? 'the CodeGenesis meta-schema requires inputSchema.properties' : 'inputSchema has no "properties", so a model is told of no parameter'}`,
      everywhere: false,
    });
  for (const [parameter, definition] of Object.entries(properties ?? {})) {
    const at = `${schemaPointer}/properties/${segment(parameter)}`;
    if (!isJsonObject(definition) || typeof definition.type !== 'string') {
      // Elsewhere a parameter typed another way ($ref, typed anyOf branches, enum) is typed all the same.
      const typedOtherwise =
        isJsonObject(definition) &&
        ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((keyword) => keyword in definition);
      gaps.push({
        pointer: `${at}/type`,
        message: `Tool '${name}': parameter '${parameter}' has no "type" (${why('one', 'a model and a form need it to know what to send')})`,
        everywhere: !typedOtherwise,
      });
    }
    if (!isJsonObject(definition) || typeof definition.description !== 'string')
      gaps.push({
        pointer: `${at}/description`,
        message: `Tool '${name}': parameter '${parameter}' has no "description" (${why('one', 'a model reads it to know what to send')})`,
        everywhere: true,
      });
  }
  return gaps;
}
