import { readFileSync, statSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import toolDefinitionMetaSchema from '../../../schemas/meta/tool-definition.schema.json';
import toolsetMetaSchema from '../../../schemas/meta/toolset.schema.json';
import { addPathFormats } from '../validation/path-formats';
import { createCompilingValidator } from '../validation/compile';
import { loadToolset } from './load';
import { relationshipViolations } from './relationships';
import { listJsonFiles, readAcodeFiles, schemasDirectory } from './test-fixtures.node.js';
import type { JsonObject, JsonValue, ToolDefinition } from './types';

const files = readAcodeFiles();
const bundle = loadToolset(files.manifest, files.tools, { validator: createCompilingValidator() });
const toolsByName = new Map(bundle.tools.map((tool) => [tool.name, tool]));

const ajv = new Ajv2020({ allErrors: true, strict: true });
addPathFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function tool(name: string): ToolDefinition {
  const found = toolsByName.get(name);
  if (!found) throw new Error(`tool ${name} is not in the bundle`);
  return found;
}

function properties(toolName: string): Record<string, JsonObject> {
  return tool(toolName).inputSchema.properties as Record<string, JsonObject>;
}

function parameter(toolName: string, name: string): JsonObject {
  const found = properties(toolName)[name];
  if (!found) throw new Error(`${toolName} has no parameter ${name}`);
  return found;
}

const requiredOf = (toolName: string): JsonValue[] => (tool(toolName).inputSchema.required as JsonValue[] | undefined) ?? [];

function accepts(toolName: string, args: JsonValue): boolean {
  let validate = validators.get(toolName);
  if (!validate) {
    validate = ajv.compile(tool(toolName).inputSchema);
    validators.set(toolName, validate);
  }
  return validate(args) && relationshipViolations(tool(toolName).relationships ?? [], args, tool(toolName).inputSchema).length === 0;
}

// --- small assertions the FR table is written in

const defined = (toolName: string, category: string) => () => {
  expect(tool(toolName).category).toBe(category);
  expect(tool(toolName).inputSchema.type).toBe('object');
};

const requiredParameter = (toolName: string, name: string, type: string) => () => {
  expect(parameter(toolName, name).type).toBe(type);
  expect(requiredOf(toolName)).toContain(name);
  const args = { ...(tool(toolName).examples[0]?.arguments ?? {}) };
  delete args[name];
  expect(accepts(toolName, args)).toBe(false);
};

const optionalParameter = (toolName: string, name: string, type: string, defaultValue?: JsonValue) => () => {
  const schema = parameter(toolName, name);
  expect(schema.type).toBe(type);
  expect(requiredOf(toolName)).not.toContain(name);
  if (defaultValue !== undefined) expect(schema.default).toEqual(defaultValue);
};

/** A boolean option: explicit default, stated in the description as well. */
const booleanOption = (toolName: string, name: string, defaultValue: boolean) => () => {
  optionalParameter(toolName, name, 'boolean', defaultValue)();
  expect(parameter(toolName, name).description).toContain(`(default: ${defaultValue})`);
};

const enumOf = (toolName: string, name: string, values: string[], exact = true) => () => {
  const allowed = parameter(toolName, name).enum as string[];
  if (exact) expect(allowed).toEqual(values);
  else expect(allowed).toEqual(expect.arrayContaining(values));
};

/** Bound on a string's length, checked by validating at and past the limit. */
const stringLength = (toolName: string, name: string, bounds: { min?: number; max?: number }) => () => {
  const base = { ...(tool(toolName).examples[0]?.arguments ?? {}) } as JsonObject;
  if (bounds.max !== undefined) {
    expect(parameter(toolName, name).maxLength).toBe(bounds.max);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.max) })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.max + 1) })).toBe(false);
  }
  if (bounds.min !== undefined) {
    expect(parameter(toolName, name).minLength).toBe(bounds.min);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.min) })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: 'x'.repeat(bounds.min - 1) })).toBe(false);
  }
};

const integerRange = (toolName: string, name: string, bounds: { min?: number; max?: number }) => () => {
  expect(parameter(toolName, name).type).toBe('integer');
  const base = { ...(tool(toolName).examples[0]?.arguments ?? {}) } as JsonObject;
  if (bounds.min !== undefined) {
    expect(parameter(toolName, name).minimum).toBe(bounds.min);
    expect(accepts(toolName, { ...base, [name]: bounds.min })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: bounds.min - 1 })).toBe(false);
  }
  if (bounds.max !== undefined) {
    expect(parameter(toolName, name).maximum).toBe(bounds.max);
    expect(accepts(toolName, { ...base, [name]: bounds.max })).toBe(true);
    expect(accepts(toolName, { ...base, [name]: bounds.max + 1 })).toBe(false);
  }
};

const allDescribed = (toolName: string) => () => {
  for (const [name, schema] of Object.entries(properties(toolName))) {
    expect(typeof schema.description, `${toolName}.${name}`).toBe('string');
    expect((schema.description as string).length, `${toolName}.${name}`).toBeGreaterThan(0);
  }
};

const all = (...checks: (() => void)[]) => () => checks.forEach((check) => check());

type Requirement = [id: string, toolName: string, check: () => void];

const FUNCTIONAL_REQUIREMENTS: Requirement[] = [
  ['FR-001', 'read_file', defined('read_file', 'file_operations')],
  ['FR-002', 'read_file', requiredParameter('read_file', 'path', 'string')],
  ['FR-003', 'read_file', all(optionalParameter('read_file', 'start_line', 'integer'), integerRange('read_file', 'start_line', { min: 1 }))],
  ['FR-004', 'read_file', all(optionalParameter('read_file', 'end_line', 'integer'), integerRange('read_file', 'end_line', { min: 1 }), () => {
    expect(tool('read_file').relationships).toContainEqual(expect.objectContaining({ kind: 'not_less_than', parameter: 'end_line', other: 'start_line' }));
    expect(accepts('read_file', { path: 'a.txt', start_line: 10, end_line: 10 })).toBe(true);
    expect(accepts('read_file', { path: 'a.txt', start_line: 10, end_line: 9 })).toBe(false);
  })],
  ['FR-005', 'read_file', all(optionalParameter('read_file', 'encoding', 'string', 'utf-8'), enumOf('read_file', 'encoding', ['utf-8', 'ascii', 'utf-16']))],
  ['FR-006', 'read_file', stringLength('read_file', 'path', { max: 4096 })],
  ['FR-007', 'read_file', allDescribed('read_file')],

  ['FR-008', 'write_file', defined('write_file', 'file_operations')],
  ['FR-009', 'write_file', requiredParameter('write_file', 'path', 'string')],
  ['FR-010', 'write_file', requiredParameter('write_file', 'content', 'string')],
  ['FR-011', 'write_file', booleanOption('write_file', 'create_directories', false)],
  ['FR-012', 'write_file', booleanOption('write_file', 'overwrite', true)],
  ['FR-013', 'write_file', all(optionalParameter('write_file', 'encoding', 'string', 'utf-8'), enumOf('write_file', 'encoding', ['utf-8', 'ascii', 'utf-16']))],
  ['FR-014', 'write_file', stringLength('write_file', 'path', { max: 4096 })],
  ['FR-015', 'write_file', stringLength('write_file', 'content', { max: 1048576 })],

  ['FR-016', 'list_directory', defined('list_directory', 'file_operations')],
  ['FR-017', 'list_directory', requiredParameter('list_directory', 'path', 'string')],
  ['FR-018', 'list_directory', booleanOption('list_directory', 'recursive', false)],
  ['FR-019', 'list_directory', all(optionalParameter('list_directory', 'pattern', 'string'), () => expect(parameter('list_directory', 'pattern').description).toMatch(/glob/i))],
  ['FR-020', 'list_directory', all(optionalParameter('list_directory', 'max_depth', 'integer'), integerRange('list_directory', 'max_depth', { min: 1 }))],
  ['FR-021', 'list_directory', booleanOption('list_directory', 'include_hidden', false)],

  ['FR-022', 'search_files', defined('search_files', 'file_operations')],
  ['FR-023', 'search_files', requiredParameter('search_files', 'query', 'string')],
  ['FR-024', 'search_files', all(optionalParameter('search_files', 'path', 'string'), () => expect(parameter('search_files', 'path').description).toContain('default: workspace root'))],
  ['FR-025', 'search_files', all(optionalParameter('search_files', 'pattern', 'string'), () => expect(parameter('search_files', 'pattern').description).toMatch(/glob/i))],
  ['FR-026', 'search_files', booleanOption('search_files', 'case_sensitive', false)],
  ['FR-027', 'search_files', booleanOption('search_files', 'regex', false)],
  ['FR-028', 'search_files', optionalParameter('search_files', 'max_results', 'integer', 100)],

  ['FR-029', 'delete_file', defined('delete_file', 'file_operations')],
  ['FR-030', 'delete_file', requiredParameter('delete_file', 'path', 'string')],
  ['FR-031', 'delete_file', booleanOption('delete_file', 'confirm', false)],
  ['FR-032', 'delete_file', () => {
    expect(parameter('delete_file', 'confirm').description).toMatch(/confirm/i);
    expect(parameter('delete_file', 'confirm').description).toMatch(/destructive/i);
  }],

  ['FR-033', 'move_file', defined('move_file', 'file_operations')],
  ['FR-034', 'move_file', requiredParameter('move_file', 'source', 'string')],
  ['FR-035', 'move_file', requiredParameter('move_file', 'destination', 'string')],
  ['FR-036', 'move_file', booleanOption('move_file', 'overwrite', false)],

  ['FR-037', 'execute_command', defined('execute_command', 'code_execution')],
  ['FR-038', 'execute_command', requiredParameter('execute_command', 'command', 'string')],
  ['FR-039', 'execute_command', optionalParameter('execute_command', 'working_directory', 'string')],
  ['FR-040', 'execute_command', optionalParameter('execute_command', 'timeout_seconds', 'integer', 300)],
  ['FR-041', 'execute_command', all(optionalParameter('execute_command', 'env', 'object'), () => {
    expect(parameter('execute_command', 'env').additionalProperties).toEqual({ type: 'string' });
    expect(accepts('execute_command', { command: 'node app.js', env: { NODE_ENV: 'test' } })).toBe(true);
    expect(accepts('execute_command', { command: 'node app.js', env: { PORT: 3000 } })).toBe(false);
  })],
  ['FR-042', 'execute_command', integerRange('execute_command', 'timeout_seconds', { min: 1, max: 3600 })],
  ['FR-043', 'execute_command', stringLength('execute_command', 'command', { max: 8192 })],

  ['FR-044', 'execute_script', defined('execute_script', 'code_execution')],
  ['FR-045', 'execute_script', requiredParameter('execute_script', 'script', 'string')],
  ['FR-046', 'execute_script', all(requiredParameter('execute_script', 'language', 'string'), enumOf('execute_script', 'language', ['powershell', 'bash', 'python']))],
  ['FR-047', 'execute_script', optionalParameter('execute_script', 'working_directory', 'string')],
  ['FR-048', 'execute_script', optionalParameter('execute_script', 'timeout_seconds', 'integer')],
  ['FR-049', 'execute_script', stringLength('execute_script', 'script', { max: 65536 })],

  ['FR-050', 'semantic_search', defined('semantic_search', 'code_analysis')],
  ['FR-051', 'semantic_search', requiredParameter('semantic_search', 'query', 'string')],
  ['FR-052', 'semantic_search', all(optionalParameter('semantic_search', 'scope', 'string', 'workspace'), enumOf('semantic_search', 'scope', ['workspace', 'directory', 'file']))],
  ['FR-053', 'semantic_search', all(optionalParameter('semantic_search', 'path', 'string'), () => {
    expect(tool('semantic_search').relationships).toContainEqual(expect.objectContaining({ kind: 'required_unless', parameter: 'path', when: 'scope', equals: 'workspace' }));
    expect(accepts('semantic_search', { query: 'error handling' })).toBe(true);
    expect(accepts('semantic_search', { query: 'error handling', scope: 'directory' })).toBe(false);
    expect(accepts('semantic_search', { query: 'error handling', scope: 'directory', path: 'src' })).toBe(true);
  })],
  ['FR-054', 'semantic_search', optionalParameter('semantic_search', 'max_results', 'integer', 20)],
  ['FR-055', 'semantic_search', stringLength('semantic_search', 'query', { min: 3 })],

  ['FR-056', 'find_symbol', defined('find_symbol', 'code_analysis')],
  ['FR-057', 'find_symbol', requiredParameter('find_symbol', 'symbol_name', 'string')],
  ['FR-058', 'find_symbol', all(optionalParameter('find_symbol', 'symbol_type', 'string'), enumOf('find_symbol', 'symbol_type', ['class', 'method', 'function', 'variable'], false))],
  ['FR-059', 'find_symbol', optionalParameter('find_symbol', 'path', 'string')],
  ['FR-060', 'find_symbol', booleanOption('find_symbol', 'include_references', false)],

  ['FR-061', 'get_definition', defined('get_definition', 'code_analysis')],
  ['FR-062', 'get_definition', requiredParameter('get_definition', 'file_path', 'string')],
  ['FR-063', 'get_definition', all(requiredParameter('get_definition', 'line', 'integer'), integerRange('get_definition', 'line', { min: 1 }))],
  ['FR-064', 'get_definition', all(requiredParameter('get_definition', 'column', 'integer'), integerRange('get_definition', 'column', { min: 1 }))],

  ['FR-065', 'git_status', defined('git_status', 'version_control')],
  ['FR-066', 'git_status', all(optionalParameter('git_status', 'path', 'string'), () => expect(parameter('git_status', 'path').description).toContain('default: current workspace'))],
  ['FR-067', 'git_status', () => {
    expect(requiredOf('git_status')).toEqual([]);
    expect(accepts('git_status', {})).toBe(true);
  }],

  ['FR-068', 'git_diff', defined('git_diff', 'version_control')],
  ['FR-069', 'git_diff', optionalParameter('git_diff', 'path', 'string')],
  ['FR-070', 'git_diff', booleanOption('git_diff', 'staged', false)],
  ['FR-071', 'git_diff', optionalParameter('git_diff', 'commit', 'string')],

  ['FR-072', 'git_log', defined('git_log', 'version_control')],
  ['FR-073', 'git_log', optionalParameter('git_log', 'count', 'integer', 10)],
  ['FR-074', 'git_log', optionalParameter('git_log', 'path', 'string')],
  ['FR-075', 'git_log', optionalParameter('git_log', 'author', 'string')],
  ['FR-076', 'git_log', integerRange('git_log', 'count', { min: 1, max: 100 })],

  ['FR-077', 'git_commit', defined('git_commit', 'version_control')],
  ['FR-078', 'git_commit', requiredParameter('git_commit', 'message', 'string')],
  ['FR-079', 'git_commit', all(optionalParameter('git_commit', 'files', 'array'), () => {
    expect(parameter('git_commit', 'files').items).toMatchObject({ type: 'string' });
    expect(accepts('git_commit', { message: 'fix', files: ['a.ts', 'b.ts'] })).toBe(true);
    expect(accepts('git_commit', { message: 'fix', files: ['a.ts', 1] })).toBe(false);
  })],
  ['FR-080', 'git_commit', booleanOption('git_commit', 'all', false)],
  ['FR-081', 'git_commit', stringLength('git_commit', 'message', { min: 1, max: 500 })],

  ['FR-082', 'ask_user', defined('ask_user', 'user_interaction')],
  ['FR-083', 'ask_user', requiredParameter('ask_user', 'question', 'string')],
  ['FR-084', 'ask_user', all(optionalParameter('ask_user', 'options', 'array'), () => expect(parameter('ask_user', 'options').items).toMatchObject({ type: 'string' }))],
  ['FR-085', 'ask_user', all(optionalParameter('ask_user', 'default_option', 'string'), () => {
    expect(tool('ask_user').relationships).toContainEqual(expect.objectContaining({ kind: 'member_of', parameter: 'default_option', list: 'options' }));
    expect(accepts('ask_user', { question: 'Which?', options: ['a', 'b'], default_option: 'b' })).toBe(true);
    expect(accepts('ask_user', { question: 'Which?', options: ['a', 'b'], default_option: 'c' })).toBe(false);
  })],
  ['FR-086', 'ask_user', stringLength('ask_user', 'question', { min: 1, max: 500 })],

  ['FR-087', 'confirm_action', defined('confirm_action', 'user_interaction')],
  ['FR-088', 'confirm_action', requiredParameter('confirm_action', 'action_description', 'string')],
  ['FR-089', 'confirm_action', booleanOption('confirm_action', 'destructive', false)],
  ['FR-090', 'confirm_action', stringLength('confirm_action', 'action_description', { min: 10 })],
];

describe('every file in schemas/ validates against its meta-schema', () => {
  const metaAjv = new Ajv2020({ allErrors: true, strict: true });
  const validateTool = metaAjv.compile(toolDefinitionMetaSchema);
  const validateManifest = metaAjv.compile(toolsetMetaSchema);
  const allFiles = listJsonFiles(schemasDirectory);

  it('finds the meta-schemas, manifests and tool files', () => {
    expect(allFiles).toContain('meta/tool-definition.schema.json');
    expect(allFiles).toContain('meta/toolset.schema.json');
    expect(allFiles).toContain('acode/toolset.json');
  });

  it.each(allFiles)('%s', (relativePath) => {
    const json = JSON.parse(readFileSync(`${schemasDirectory}/${relativePath}`, 'utf8')) as unknown;
    if (relativePath.startsWith('meta/')) {
      expect(metaAjv.validateSchema(json as object), JSON.stringify(metaAjv.errors)).toBe(true);
    } else if (relativePath.endsWith('/toolset.json')) {
      expect(validateManifest(json), JSON.stringify(validateManifest.errors)).toBe(true);
    } else {
      expect(validateTool(json), JSON.stringify(validateTool.errors)).toBe(true);
      // Earlier versions sit one folder deeper: history/<tool>/<version>.json.
      const depth = relativePath.split('/').length - 1;
      expect((json as JsonObject).$schema).toBe(`${'../'.repeat(depth)}meta/tool-definition.schema.json`);
    }
  });
});

describe('functional requirements FR-001…FR-090', () => {
  it('covers every requirement exactly once', () => {
    const ids = FUNCTIONAL_REQUIREMENTS.map(([id]) => id);
    expect(ids).toEqual(Array.from({ length: 90 }, (_, index) => `FR-${String(index + 1).padStart(3, '0')}`));
  });

  it.each(FUNCTIONAL_REQUIREMENTS)('%s (%s)', (_id, _toolName, check) => check());
});

/** The seed's tool list, category by category, as its user manual orders it. */
const SEED_CATEGORIES: [id: string, name: string, tools: string[]][] = [
  ['file_operations', 'File Operations', ['read_file', 'write_file', 'list_directory', 'search_files', 'delete_file', 'move_file']],
  ['code_execution', 'Code Execution', ['execute_command', 'execute_script']],
  ['code_analysis', 'Code Analysis', ['semantic_search', 'find_symbol', 'get_definition']],
  ['version_control', 'Version Control', ['git_status', 'git_diff', 'git_log', 'git_commit']],
  ['user_interaction', 'User Interaction', ['ask_user', 'confirm_action']],
];

const PATH_PARAMETERS = new Set(['path', 'source', 'destination', 'working_directory', 'file_path']);

describe('toolset shape and non-functional requirements', () => {
  it('has the 17 tools the seed names, in 5 categories of 6/2/3/4/2, in the seed order', () => {
    expect(bundle.manifest.categories.map((category) => [category.id, category.name, category.tools])).toEqual(SEED_CATEGORIES);
    expect(bundle.manifest.categories.map((category) => category.tools.length)).toEqual([6, 2, 3, 4, 2]);
    expect(bundle.tools.map((definition) => definition.name)).toEqual(SEED_CATEGORIES.flatMap(([, , names]) => names));
    expect(bundle.tools).toHaveLength(17);
  });

  it('every tool is version 1.0.0 (verification scenario 9)', () => {
    for (const definition of bundle.tools) expect(definition.version, definition.name).toBe('1.0.0');
  });

  it('NFR-002: every path parameter has maxLength 4096', () => {
    const pathParameters = bundle.tools.flatMap((definition) =>
      Object.entries(properties(definition.name)).flatMap(([name, schema]): [string, JsonValue][] => {
        if (PATH_PARAMETERS.has(name)) return [[`${definition.name}.${name}`, schema.maxLength ?? null]];
        if (name === 'files') return [[`${definition.name}.files[]`, (schema.items as JsonObject).maxLength ?? null]];
        return [];
      }),
    );
    expect(pathParameters.map(([where]) => where)).toEqual([
      'read_file.path', 'write_file.path', 'list_directory.path', 'search_files.path', 'delete_file.path',
      'move_file.source', 'move_file.destination', 'execute_command.working_directory', 'execute_script.working_directory',
      'semantic_search.path', 'find_symbol.path', 'get_definition.file_path',
      'git_status.path', 'git_diff.path', 'git_log.path', 'git_commit.files[]',
    ]);
    for (const [where, maxLength] of pathParameters) expect(maxLength, where).toBe(4096);
  });

  it('NFR-003: every timeout parameter is bounded 1..3600', () => {
    const timeouts = bundle.tools.flatMap((definition) =>
      Object.entries(properties(definition.name)).filter(([name]) => name.startsWith('timeout')).map(([name, schema]) => ({ where: `${definition.name}.${name}`, schema })),
    );
    expect(timeouts.map((timeout) => timeout.where)).toEqual(['execute_command.timeout_seconds', 'execute_script.timeout_seconds']);
    for (const { where, schema } of timeouts) {
      expect(schema.minimum, where).toBe(1);
      expect(schema.maximum, where).toBe(3600);
    }
  });

  it('NFR-004/007/008: every parameter has a description shorter than 500 characters', () => {
    for (const definition of bundle.tools) {
      for (const [name, schema] of Object.entries(properties(definition.name))) {
        expect(typeof schema.description, `${definition.name}.${name}`).toBe('string');
        expect((schema.description as string).length, `${definition.name}.${name}`).toBeGreaterThan(0);
        expect((schema.description as string).length, `${definition.name}.${name}`).toBeLessThan(500);
      }
    }
  });

  it('NFR-005: every boolean has an explicit default that its description states', () => {
    for (const definition of bundle.tools) {
      for (const [name, schema] of Object.entries(properties(definition.name))) {
        if (schema.type !== 'boolean') continue;
        expect(typeof schema.default, `${definition.name}.${name}`).toBe('boolean');
        expect(schema.description, `${definition.name}.${name}`).toContain(`(default: ${String(schema.default)})`);
      }
    }
  });

  it('NFR-006: every tool has a top-level description and a title', () => {
    for (const definition of bundle.tools) {
      expect(definition.description.length, definition.name).toBeGreaterThanOrEqual(30);
      expect(definition.description.length, definition.name).toBeLessThan(500);
      expect(definition.title.length, definition.name).toBeGreaterThan(0);
    }
  });

  it('rejects unknown parameters everywhere (security checklist)', () => {
    for (const definition of bundle.tools) {
      expect(definition.inputSchema.additionalProperties, definition.name).toBe(false);
      expect(accepts(definition.name, { ...(definition.examples[0]?.arguments ?? {}), unknown_parameter: true }), definition.name).toBe(false);
    }
  });

  it('gives every input schema a dialect, a stable $id and a title', () => {
    for (const definition of bundle.tools) {
      expect(definition.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(definition.inputSchema.$id).toBe(`urn:acode:tool:${definition.name}:1.0.0`);
      expect(typeof definition.inputSchema.title).toBe('string');
    }
  });

  it('NFR-021: every tool has at least 2 valid and 3 invalid examples, covering an unknown property', () => {
    for (const definition of bundle.tools) {
      expect(definition.examples.length, definition.name).toBeGreaterThanOrEqual(2);
      expect(definition.invalidExamples.length, definition.name).toBeGreaterThanOrEqual(3);
      for (const example of definition.examples) expect(accepts(definition.name, example.arguments), `${definition.name}: ${example.title}`).toBe(true);
      for (const example of definition.invalidExamples) expect(accepts(definition.name, example.arguments), `${definition.name}: ${example.title}`).toBe(false);
      expect(definition.invalidExamples.some((example) => example.expected.code === 'invalid_value' && !(example.expected.parameter in properties(definition.name))), definition.name).toBe(true);
    }
  });

  it('has an invalid example for every relationship, with the code it reports as', () => {
    const codes = { not_less_than: 'out_of_range', member_of: 'invalid_value', required_unless: 'required' } as const;
    for (const definition of bundle.tools) {
      for (const relationship of definition.relationships ?? []) {
        expect(definition.invalidExamples.some((example) => example.expected.parameter === relationship.parameter && example.expected.code === codes[relationship.kind]), `${definition.name} ${relationship.kind}`).toBe(true);
      }
    }
  });

  it('declares the agreed risk levels', () => {
    const risks = Object.fromEntries(bundle.tools.map((definition) => [definition.name, definition.riskLevel]));
    expect(risks).toMatchObject({ read_file: 'safe', write_file: 'low', move_file: 'low', delete_file: 'high', execute_command: 'high', execute_script: 'high', git_commit: 'medium', git_status: 'safe', ask_user: 'safe' });
  });

  it('NFR-015/016: every schema compiles strictly and accepts its first example (the times are in npm run bench)', () => {
    const compiler = new Ajv2020({ allErrors: true, strict: true });
    addPathFormats(compiler);
    for (const definition of bundle.tools) {
      expect(() => compiler.compile(definition.inputSchema), definition.name).not.toThrow();
      expect(accepts(definition.name, definition.examples[0]?.arguments ?? {}), definition.name).toBe(true);
    }
  });

  it('NFR-017: all schema JSON together is under 500 KB', () => {
    const totalBytes = listJsonFiles(schemasDirectory).reduce((sum, relativePath) => sum + statSync(`${schemasDirectory}/${relativePath}`).size, 0);
    expect(totalBytes).toBeGreaterThan(0);
    expect(totalBytes).toBeLessThan(500 * 1024);
  });
});

describe('seed verification scenarios 2–8', () => {
  it('scenario 2: read_file shows its description and the README example', () => {
    expect(tool('read_file').description).toContain('Read the contents of a file');
    expect(tool('read_file').examples.map((example) => example.arguments)).toContainEqual({ path: 'README.md' });
  });

  const cases: [scenario: number, toolName: string, args: JsonValue, valid: boolean][] = [
    [3, 'read_file', { path: 'README.md' }, true],
    [3, 'read_file', { path: 'src/main.cs', start_line: 1, end_line: 100 }, true],
    [3, 'read_file', { path: 'data.txt', encoding: 'ascii' }, true],
    [3, 'read_file', { path: 'file.txt', start_line: 10, end_line: 20, encoding: 'utf-16' }, true],
    [4, 'read_file', {}, false],
    [4, 'read_file', { path: 'test.txt', start_line: 'ten' }, false],
    [4, 'read_file', { path: 'test.txt', encoding: 'utf-32' }, false],
    [4, 'read_file', { path: 'test.txt', start_line: 0 }, false],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 60 }, true],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 1 }, true],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 3600 }, true],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 0 }, false],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 5000 }, false],
    [6, 'execute_script', { script: 'Write-Host hello', language: 'powershell' }, true],
    [6, 'execute_script', { script: 'echo hello', language: 'bash' }, true],
    [6, 'execute_script', { script: 'print(hello)', language: 'python' }, true],
    [6, 'execute_script', { script: 'console.log(hello)', language: 'javascript' }, false],
    [6, 'execute_script', { script: 'puts hello', language: 'ruby' }, false],
    [7, 'git_log', {}, true],
    [7, 'git_log', { count: 50 }, true],
    [7, 'git_log', { count: 1 }, true],
    [7, 'git_log', { count: 100 }, true],
    [7, 'git_log', { count: 0 }, false],
    [7, 'git_log', { count: 500 }, false],
    [8, 'git_commit', { message: 'feat: add new feature' }, true],
    [8, 'git_commit', { message: 'fix: bug fix', files: ['src/app.cs'] }, true],
    [8, 'git_commit', { message: '' }, false],
    [8, 'git_commit', {}, false],
    [8, 'git_commit', { message: 'a'.repeat(600) }, false],
  ];

  it.each(cases)('scenario %i: %s %j → valid %s', (_scenario, toolName, args, valid) => {
    expect(accepts(toolName, args)).toBe(valid);
  });
});
