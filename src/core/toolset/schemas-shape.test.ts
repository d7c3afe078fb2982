import { statSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { addPathFormats } from '../validation/path-formats';
import { listJsonFiles, schemasDirectory } from './acode-files.node.test-support.js';
import type { JsonObject, JsonValue } from './types';
import { bundle, properties, accepts } from './schemas.test-support';

/** The Acode tool list, category by category, as its user manual orders it. */
const SEED_CATEGORIES: [id: string, name: string, tools: string[]][] = [
  [
    'file_operations',
    'File Operations',
    ['read_file', 'write_file', 'list_directory', 'search_files', 'delete_file', 'move_file'],
  ],
  ['code_execution', 'Code Execution', ['execute_command', 'execute_script']],
  ['code_analysis', 'Code Analysis', ['semantic_search', 'find_symbol', 'get_definition']],
  ['version_control', 'Version Control', ['git_status', 'git_diff', 'git_log', 'git_commit']],
  ['user_interaction', 'User Interaction', ['ask_user', 'confirm_action']],
];

const PATH_PARAMETERS = new Set(['path', 'source', 'destination', 'working_directory', 'file_path']);

describe('toolset shape and non-functional requirements', () => {
  it('has the 17 tools the seed names, in 5 categories of 6/2/3/4/2, in the seed order', () => {
    expect(bundle.manifest.categories.map((category) => [category.id, category.name, category.tools])).toEqual(
      SEED_CATEGORIES,
    );
    expect(bundle.manifest.categories.map((category) => category.tools.length)).toEqual([6, 2, 3, 4, 2]);
    expect(bundle.tools.map((definition) => definition.name)).toEqual(SEED_CATEGORIES.flatMap(([, , names]) => names));
    expect(bundle.tools).toHaveLength(17);
  });

  it('every tool is version 1.0.0 (verification scenario 9)', () => {
    for (const definition of bundle.tools) expect(definition.version, definition.name).toBe('1.0.0');
  });

  it('every path parameter has maxLength 4096', () => {
    const pathParameters = bundle.tools.flatMap((definition) =>
      Object.entries(properties(definition.name)).flatMap(([name, schema]): [string, JsonValue][] => {
        if (PATH_PARAMETERS.has(name)) return [[`${definition.name}.${name}`, schema.maxLength ?? null]];
        if (name === 'files') return [[`${definition.name}.files[]`, (schema.items as JsonObject).maxLength ?? null]];
        return [];
      }),
    );
    expect(pathParameters.map(([where]) => where)).toEqual([
      'read_file.path',
      'write_file.path',
      'list_directory.path',
      'search_files.path',
      'delete_file.path',
      'move_file.source',
      'move_file.destination',
      'execute_command.working_directory',
      'execute_script.working_directory',
      'semantic_search.path',
      'find_symbol.path',
      'get_definition.file_path',
      'git_status.path',
      'git_diff.path',
      'git_log.path',
      'git_commit.files[]',
    ]);
    for (const [where, maxLength] of pathParameters) expect(maxLength, where).toBe(4096);
  });

  it('every timeout parameter is bounded 1..3600', () => {
    const timeouts = bundle.tools.flatMap((definition) =>
      Object.entries(properties(definition.name))
        .filter(([name]) => name.startsWith('timeout'))
        .map(([name, schema]) => ({ where: `${definition.name}.${name}`, schema })),
    );
    expect(timeouts.map((timeout) => timeout.where)).toEqual([
      'execute_command.timeout_seconds',
      'execute_script.timeout_seconds',
    ]);
    for (const { where, schema } of timeouts) {
      expect(schema.minimum, where).toBe(1);
      expect(schema.maximum, where).toBe(3600);
    }
  });

  it('every parameter has a description shorter than 500 characters', () => {
    for (const definition of bundle.tools) {
      for (const [name, schema] of Object.entries(properties(definition.name))) {
        expect(typeof schema.description, `${definition.name}.${name}`).toBe('string');
        expect((schema.description as string).length, `${definition.name}.${name}`).toBeGreaterThan(0);
        expect((schema.description as string).length, `${definition.name}.${name}`).toBeLessThan(500);
      }
    }
  });

  it('every boolean has an explicit default that its description states', () => {
    for (const definition of bundle.tools) {
      for (const [name, schema] of Object.entries(properties(definition.name))) {
        if (schema.type !== 'boolean') continue;
        expect(typeof schema.default, `${definition.name}.${name}`).toBe('boolean');
        expect(schema.description, `${definition.name}.${name}`).toContain(`(default: ${String(schema.default)})`);
      }
    }
  });

  it('every tool has a top-level description and a title', () => {
    for (const definition of bundle.tools) {
      expect(definition.description.length, definition.name).toBeGreaterThanOrEqual(30);
      expect(definition.description.length, definition.name).toBeLessThan(500);
      expect(definition.title.length, definition.name).toBeGreaterThan(0);
    }
  });

  it('rejects unknown parameters everywhere (security checklist)', () => {
    for (const definition of bundle.tools) {
      expect(definition.inputSchema.additionalProperties, definition.name).toBe(false);
      expect(
        accepts(definition.name, { ...(definition.examples[0]?.arguments ?? {}), unknown_parameter: true }),
        definition.name,
      ).toBe(false);
    }
  });

  it('gives every input schema a dialect, a stable $id and a title', () => {
    for (const definition of bundle.tools) {
      expect(definition.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(definition.inputSchema.$id).toBe(`urn:acode:tool:${definition.name}:1.0.0`);
      expect(typeof definition.inputSchema.title).toBe('string');
    }
  });

  it('every tool has at least 2 valid and 3 invalid examples, covering an unknown property', () => {
    for (const definition of bundle.tools) {
      expect(definition.examples.length, definition.name).toBeGreaterThanOrEqual(2);
      expect(definition.invalidExamples.length, definition.name).toBeGreaterThanOrEqual(3);
      for (const example of definition.examples)
        expect(accepts(definition.name, example.arguments), `${definition.name}: ${example.title}`).toBe(true);
      for (const example of definition.invalidExamples)
        expect(accepts(definition.name, example.arguments), `${definition.name}: ${example.title}`).toBe(false);
      expect(
        definition.invalidExamples.some(
          (example) =>
            example.expected.code === 'invalid_value' && !(example.expected.parameter in properties(definition.name)),
        ),
        definition.name,
      ).toBe(true);
    }
  });

  it('has an invalid example for every relationship, with the code it reports as', () => {
    const codes = { not_less_than: 'out_of_range', member_of: 'invalid_value', required_unless: 'required' } as const;
    for (const definition of bundle.tools) {
      for (const relationship of definition.relationships ?? []) {
        expect(
          definition.invalidExamples.some(
            (example) =>
              example.expected.parameter === relationship.parameter &&
              example.expected.code === codes[relationship.kind],
          ),
          `${definition.name} ${relationship.kind}`,
        ).toBe(true);
      }
    }
  });

  it('declares the agreed risk levels', () => {
    const risks = Object.fromEntries(bundle.tools.map((definition) => [definition.name, definition.riskLevel]));
    expect(risks).toMatchObject({
      read_file: 'safe',
      write_file: 'low',
      move_file: 'low',
      delete_file: 'high',
      execute_command: 'high',
      execute_script: 'high',
      git_commit: 'medium',
      git_status: 'safe',
      ask_user: 'safe',
    });
  });

  it('every schema compiles strictly and accepts its first example (the times are in npm run bench)', () => {
    const compiler = new Ajv2020({ allErrors: true, strict: true });
    addPathFormats(compiler);
    for (const definition of bundle.tools) {
      expect(() => compiler.compile(definition.inputSchema), definition.name).not.toThrow();
      expect(accepts(definition.name, definition.examples[0]?.arguments ?? {}), definition.name).toBe(true);
    }
  });

  it('all schema JSON together is under 500 KB', () => {
    const totalBytes = listJsonFiles(schemasDirectory).reduce(
      (sum, relativePath) => sum + statSync(`${schemasDirectory}/${relativePath}`).size,
      0,
    );
    expect(totalBytes).toBeGreaterThan(0);
    expect(totalBytes).toBeLessThan(500 * 1024);
  });
});
