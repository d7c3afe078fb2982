import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import toolDefinitionMetaSchema from '../../../schemas/meta/tool-definition.schema.json';
import toolsetMetaSchema from '../../../schemas/meta/toolset.schema.json';
import type { Validator } from '../validation/validator';
import { nameSpoofingReason, visibleName } from './name-characters';
import { compareVersions } from './versions';
import { checkDefinition } from './load-checks';
import { ajvProblems, ToolsetLoadError, type ToolsetProblem } from './toolset-problems';
import type { CategoryInfo, JsonObject, ToolDefinition, ToolsetBundle, ToolsetManifest } from './types';
import { isJsonObject } from '../json/is-json-object';

export { ToolsetLoadError, type ToolsetProblem } from './toolset-problems';

export interface ToolFile {
  /** Path as the author knows it, e.g. `schemas/acode/file_operations/read_file.json`. */
  path: string;
  json: unknown;
}

const MANIFEST_FILE_NAME = 'toolset.json';

/** A definition whose name holds a character that would let it display as something else, said before any other check. */
function spoofedName(file: string, json: unknown): ToolsetProblem | null {
  const name = isJsonObject(json) ? json.name : undefined;
  const reason = typeof name === 'string' ? nameSpoofingReason(name) : null;
  return reason
    ? { file, pointer: '/name', message: `'${visibleName(name as string)}' is refused as a name: ${reason}` }
    : null;
}

/** Only for the files' structure (the meta-schemas); examples go through the validator passed in. */
function createMetaAjv(): Ajv2020 {
  return new Ajv2020({ allErrors: true, strict: true });
}

let metaValidators: { manifest: ValidateFunction; definition: ValidateFunction } | undefined;

/**
 * The meta-schemas' validators, compiled once per process: a process that loads a folder on each save (site dev)
 * compiled them on every load, about 57 ms of each (profiled on a 2-core machine at a load average of 10).
 */
function metaValidatorsOf(): { manifest: ValidateFunction; definition: ValidateFunction } {
  if (!metaValidators) {
    const ajv = createMetaAjv();
    metaValidators = { manifest: ajv.compile(toolsetMetaSchema), definition: ajv.compile(toolDefinitionMetaSchema) };
  }
  return metaValidators;
}

function fileParts(path: string): { folder: string; baseName: string; extension: string } {
  const segments = path.replace(/\\/g, '/').split('/');
  const fileName = segments[segments.length - 1] ?? '';
  const dot = fileName.lastIndexOf('.');
  return {
    folder: segments[segments.length - 2] ?? '',
    baseName: dot > 0 ? fileName.slice(0, dot) : fileName,
    extension: dot > 0 ? fileName.slice(dot + 1) : '',
  };
}

/** The namespace of a toolset's schema ids: its id up to the first hyphen (`acode` for `acode-core`). */
function schemaIdNamespace(toolsetId: string): string {
  return toolsetId.split('-')[0] ?? toolsetId;
}

function withoutSchemaKey<T extends JsonObject>(json: T): T {
  const { $schema: _ignored, ...rest } = json;
  void _ignored;
  return rest as T;
}

export interface LoadToolsetOptions {
  /** The validator the entry point built (createValidator): every example is judged with it. */
  validator: Validator;
  /** How problems name the manifest (`toolset.json` unless given). */
  manifestPath?: string;
  /** Earlier versions of the tools, `history/<tool>/<version>.json`. */
  historyFiles?: readonly ToolFile[];
}

/**
 * Validates a toolset's manifest and tool files against their meta-schemas and each other, and their
 * examples with the validator given, and returns the bundle in manifest order. Pure: callers read the files.
 */
export function loadToolset(
  manifestJson: unknown,
  toolFiles: readonly ToolFile[],
  options: LoadToolsetOptions,
): ToolsetBundle {
  const { validator, manifestPath = MANIFEST_FILE_NAME, historyFiles = [] } = options;
  const { manifest: validateManifest, definition: validateDefinition } = metaValidatorsOf();
  const problems: ToolsetProblem[] = [];

  let manifest: ToolsetManifest | undefined;
  if (validateManifest(manifestJson)) {
    manifest = withoutSchemaKey(manifestJson as JsonObject) as unknown as ToolsetManifest;
  } else {
    problems.push(...ajvProblems(manifestPath, validateManifest.errors));
  }

  // Where the manifest lists each tool: category id and position.
  const listedCategory = new Map<string, string>();
  const categoryIds = new Set<string>();
  for (const [categoryIndex, category] of (manifest?.categories ?? []).entries()) {
    if (categoryIds.has(category.id)) {
      problems.push({
        file: manifestPath,
        pointer: `/categories/${categoryIndex}/id`,
        message: `duplicate category '${category.id}'`,
      });
    }
    categoryIds.add(category.id);
    category.tools.forEach((toolName, toolIndex) => {
      const earlier = listedCategory.get(toolName);
      if (earlier !== undefined) {
        problems.push({
          file: manifestPath,
          pointer: `/categories/${categoryIndex}/tools/${toolIndex}`,
          message: `tool '${toolName}' is already listed in category '${earlier}'`,
        });
      } else {
        listedCategory.set(toolName, category.id);
      }
    });
  }

  const definitions = new Map<string, ToolDefinition>();
  // Files that exist but failed their own checks are reported once, not again as missing.
  const fileBaseNames = new Set<string>();
  for (const toolFile of toolFiles) {
    const file = toolFile.path;
    const { folder, baseName, extension } = fileParts(file);
    fileBaseNames.add(baseName);
    if (extension !== 'json') {
      problems.push({ file, pointer: '', message: 'tool definition files must end in .json' });
      continue;
    }
    const spoofing = spoofedName(file, toolFile.json);
    if (spoofing) {
      problems.push(spoofing);
      continue;
    }
    if (!validateDefinition(toolFile.json)) {
      problems.push(...ajvProblems(file, validateDefinition.errors));
      continue;
    }
    const definition = withoutSchemaKey(toolFile.json as JsonObject) as unknown as ToolDefinition;
    if (definition.name !== baseName) {
      problems.push({ file, pointer: '/name', message: `must match the file name: '${baseName}'` });
    }
    if (definition.category !== folder) {
      problems.push({ file, pointer: '/category', message: `must match the folder the file is in: '${folder}'` });
    }
    if (manifest) {
      if (!categoryIds.has(definition.category)) {
        problems.push({
          file,
          pointer: '/category',
          message: `category '${definition.category}' is not declared in ${manifestPath}`,
        });
      } else if (!listedCategory.has(definition.name)) {
        problems.push({
          file,
          pointer: '/name',
          message: `tool '${definition.name}' is not listed in ${manifestPath}`,
        });
      } else if (listedCategory.get(definition.name) !== definition.category) {
        problems.push({
          file,
          pointer: '/category',
          message: `${manifestPath} lists '${definition.name}' under '${listedCategory.get(definition.name)}'`,
        });
      }
    }
    if (definitions.has(definition.name)) {
      problems.push({ file, pointer: '/name', message: `duplicate tool name '${definition.name}'` });
      continue;
    }
    definitions.set(definition.name, definition);
    checkDefinition(file, definition, schemaIdNamespace(manifest?.id ?? 'acode'), validator, problems);
  }

  for (const [toolName, categoryId] of listedCategory) {
    if (!definitions.has(toolName) && !fileBaseNames.has(toolName)) {
      problems.push({
        file: manifestPath,
        pointer: '/categories',
        message: `tool '${toolName}' (category '${categoryId}') has no definition file`,
      });
    }
  }

  const history = loadHistory(
    historyFiles,
    definitions,
    categoryIds,
    schemaIdNamespace(manifest?.id ?? 'acode'),
    validator,
    validateDefinition,
    problems,
  );

  if (problems.length > 0 || !manifest) throw new ToolsetLoadError(problems);

  const categories: CategoryInfo[] = manifest.categories;
  const tools = categories.flatMap((category) =>
    category.tools.map((toolName) => definitions.get(toolName) as ToolDefinition),
  );
  return history.length > 0 ? { manifest, tools, history } : { manifest, tools };
}

/**
 * Earlier versions of the toolset's tools, each checked like a current one (meta-schema, `$id`, examples)
 * and placed at `history/<tool>/<version>.json`, older than the current version and never twice.
 */
function loadHistory(
  historyFiles: readonly ToolFile[],
  current: ReadonlyMap<string, ToolDefinition>,
  categoryIds: ReadonlySet<string>,
  namespace: string,
  validator: Validator,
  validateDefinition: ValidateFunction,
  problems: ToolsetProblem[],
): ToolDefinition[] {
  const history: ToolDefinition[] = [];
  const seen = new Set<string>();
  for (const historyFile of historyFiles) {
    const file = historyFile.path;
    const { folder, baseName, extension } = fileParts(file);
    if (extension !== 'json') {
      problems.push({ file, pointer: '', message: 'earlier versions live in history/<tool>/<version>.json' });
      continue;
    }
    const spoofing = spoofedName(file, historyFile.json);
    if (spoofing) {
      problems.push(spoofing);
      continue;
    }
    if (!validateDefinition(historyFile.json)) {
      problems.push(...ajvProblems(file, validateDefinition.errors));
      continue;
    }
    const definition = withoutSchemaKey(historyFile.json as JsonObject) as unknown as ToolDefinition;
    if (definition.name !== folder)
      problems.push({ file, pointer: '/name', message: `must match the folder the file is in: '${folder}'` });
    if (definition.version !== baseName)
      problems.push({ file, pointer: '/version', message: `must match the file name: '${baseName}'` });
    if (!categoryIds.has(definition.category))
      problems.push({
        file,
        pointer: '/category',
        message: `category '${definition.category}' is not declared in the manifest`,
      });
    const currentTool = current.get(definition.name);
    if (!currentTool) {
      problems.push({
        file,
        pointer: '/name',
        message: `is an earlier version of '${definition.name}', which the toolset does not have`,
      });
    } else if (compareVersions(definition.version, currentTool.version) >= 0) {
      problems.push({
        file,
        pointer: '/version',
        message: `${definition.version} must be older than the current version ${currentTool.version}`,
      });
    }
    const key = `${definition.name}@${definition.version}`;
    if (seen.has(key)) {
      problems.push({ file, pointer: '/version', message: `duplicate version ${key}` });
      continue;
    }
    seen.add(key);
    checkDefinition(file, definition, namespace, validator, problems);
    history.push(definition);
  }
  return history.sort(
    (left, right) => left.name.localeCompare(right.name) || compareVersions(left.version, right.version),
  );
}
