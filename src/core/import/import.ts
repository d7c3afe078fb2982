/**
 * Import: text in any supported format → a toolset of the tools that pass, and a precise report for
 * every one that does not (which tool, which JSON pointer, what rule). Never throws.
 */
import { DEFAULT_TOOLSET_ID } from '../toolset/collection';
import type { ToolDefinition, ToolsetBundle } from '../toolset/types';
import { parseArguments } from '../validation/json-text';
import { readAnthropic } from './formats/anthropic';
import { detectFormat } from './formats/detect';
import { readGemini } from './formats/gemini';
import { readInputSchemaTools } from './formats/mcp';
import { readOpenAiChat, readOpenAiResponses } from './formats/openai';
import type { Reader } from './formats/shared';
import { readToolsetFile } from './formats/toolset';
import { serverNameOf } from './server-name';
import { checkTool, IMPORTED_CATEGORY } from './check-tool';
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

export { IMPORTED_CATEGORY } from './check-tool';
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
