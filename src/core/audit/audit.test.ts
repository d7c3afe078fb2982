import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { AUDIT_RULES, lintTool, lintToolset } from './index';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const GOOD_PATH = {
  type: 'string',
  maxLength: 4096,
  description: 'Path to the file to read, e.g. src/main.ts (max 4096)',
};

const makeTool = (
  properties: JsonObject,
  overrides: Partial<ToolDefinition> = {},
  required: string[] = [],
): ToolDefinition => ({
  name: 'sample_tool',
  title: 'Sample tool',
  description: 'A hand-made tool definition used to exercise the audit rules.',
  version: '1.0.0',
  category: 'testing',
  riskLevel: 'safe',
  tags: ['test'],
  inputSchema: { type: 'object', properties, required, additionalProperties: false },
  examples: [{ title: 'Minimal call', arguments: {} }],
  invalidExamples: [],
  ...overrides,
});

const findingsOf = (tool: ToolDefinition, rule: string) =>
  lintTool(tool, { validator }).filter((finding) => finding.rule === rule);

describe('lintTool on a clean definition', () => {
  it('reports nothing for a definition that follows every rule', () => {
    const tool = makeTool(
      {
        path: GOOD_PATH,
        count: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          default: 10,
          description: 'How many entries to return, 1-100 (default: 10)',
        },
        recursive: {
          type: 'boolean',
          default: false,
          description: 'Descend into subdirectories as well (default: false)',
        },
        mode: {
          type: 'string',
          enum: ['fast', 'full'],
          default: 'fast',
          description: 'Scan mode, fast or full (default: fast) for the run',
        },
      },
      { examples: [{ title: 'Read a file', arguments: { path: 'README.md', count: 5 } }] },
      ['path'],
    );
    expect(lintTool(tool, { validator })).toEqual([]);
  });

  it('registers one rule per id', () => {
    const ids = AUDIT_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('string-max-length', () => {
  it('fires for a string without maxLength and names the parameter: an error where the tool writes, executes or reaches out', () => {
    const findings = findingsOf(
      makeTool(
        { name: { type: 'string', description: 'Name of the thing to look up in the index' } },
        { riskLevel: 'medium' },
      ),
      'string-max-length',
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ tool: 'sample_tool', parameter: 'name', severity: 'error' });
    expect(findings[0]?.message).toMatch(/maxLength/);
  });
  it('is a warning, not an error, on a tool that only reads', () => {
    const unbounded = {
      name: { type: 'string', description: 'Name of the thing to look up in the index' },
      path: { type: 'string', description: 'Path of the file to look the thing up in' },
    };
    const severities = (riskLevel: ToolDefinition['riskLevel']) =>
      lintTool(makeTool(unbounded, { riskLevel }), { validator, rules: ['string-max-length', 'path-max-length'] }).map(
        (finding) => [finding.rule, finding.parameter, finding.severity],
      );
    expect(severities('safe')).toEqual([
      ['string-max-length', 'name', 'warning'],
      ['string-max-length', 'path', 'warning'],
      ['path-max-length', 'path', 'warning'],
    ]);
    expect(severities('low').every(([, , severity]) => severity === 'error')).toBe(true);
  });
  it('fires for string array items and map values', () => {
    const tool = makeTool({
      files: {
        type: 'array',
        maxItems: 10,
        items: { type: 'string' },
        description: 'Files to include in the operation (max 10)',
      },
      env: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Environment variables as key-value pairs for the run',
      },
    });
    expect(findingsOf(tool, 'string-max-length').map((finding) => finding.parameter)).toEqual(['files[]', 'env.*']);
  });
  it('does not fire for bounded strings or enums', () => {
    const tool = makeTool({
      path: GOOD_PATH,
      mode: { type: 'string', enum: ['a', 'b'], description: 'Mode of the operation, either a or b always' },
    });
    expect(findingsOf(tool, 'string-max-length')).toEqual([]);
  });
});

describe('number-bounds', () => {
  it('is an error without bounds and a warning with only a minimum', () => {
    const tool = makeTool({
      free: { type: 'number', description: 'A number without any bound at all, for testing' },
      line: { type: 'integer', minimum: 1, description: 'Line number in the file, 1-indexed (first is 1)' },
    });
    const findings = findingsOf(tool, 'number-bounds');
    expect(findings.map((finding) => [finding.parameter, finding.severity])).toEqual([
      ['free', 'error'],
      ['line', 'warning'],
    ]);
  });
  it('does not fire for bounded integers', () => {
    expect(
      findingsOf(
        makeTool({
          count: { type: 'integer', minimum: 1, maximum: 5, description: 'How many items to return, between 1 and 5' },
        }),
        'number-bounds',
      ),
    ).toEqual([]);
  });
});

describe('path-max-length', () => {
  it('fires for path-like names with another maxLength', () => {
    const tool = makeTool({
      source: { type: 'string', maxLength: 255, description: 'Path to the source file to move somewhere' },
      config_path: { type: 'string', maxLength: 1024, description: 'Path to a configuration file to load first' },
    });
    expect(findingsOf(tool, 'path-max-length').map((finding) => finding.parameter)).toEqual(['source', 'config_path']);
  });
  it('does not fire for 4096 or for non-path names', () => {
    const tool = makeTool({
      path: GOOD_PATH,
      pattern: { type: 'string', maxLength: 256, description: 'Glob pattern to filter files, e.g. *.ts or *.json' },
    });
    expect(findingsOf(tool, 'path-max-length')).toEqual([]);
  });
});

describe('timeout-bounds', () => {
  it('fires for a timeout outside 1..3600', () => {
    const tool = makeTool({
      timeout_seconds: {
        type: 'integer',
        minimum: 0,
        maximum: 86400,
        default: 300,
        description: 'Seconds before the run is stopped (default: 300)',
      },
    });
    const messages = findingsOf(tool, 'timeout-bounds').map((finding) => finding.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/minimum 0/);
    expect(messages[1]).toMatch(/maximum 86400/);
  });
  it('does not fire for 1..3600', () => {
    const tool = makeTool({
      timeout_seconds: {
        type: 'integer',
        minimum: 1,
        maximum: 3600,
        default: 300,
        description: 'Seconds before the run is stopped (default: 300)',
      },
    });
    expect(findingsOf(tool, 'timeout-bounds')).toEqual([]);
  });
});

describe('destructive-confirm', () => {
  it('fires for a deleting tool without confirm', () => {
    const findings = findingsOf(makeTool({ path: GOOD_PATH }, { name: 'remove_branch' }), 'destructive-confirm');
    expect(findings).toHaveLength(1);
    expect(findings[0]?.message).toMatch(/confirm/);
  });
  it('fires for a high-risk tool that overwrites, and for confirm defaulting to true', () => {
    const risky = makeTool(
      { path: GOOD_PATH },
      {
        name: 'replace_tree',
        riskLevel: 'high',
        description: 'Replaces a directory tree and will overwrite any existing files.',
      },
    );
    expect(findingsOf(risky, 'destructive-confirm')).toHaveLength(1);
    const confirmTrue = makeTool(
      {
        confirm: {
          type: 'boolean',
          default: true,
          description: 'Explicit confirmation of the deletion (default: true)',
        },
      },
      { name: 'delete_thing' },
    );
    expect(findingsOf(confirmTrue, 'destructive-confirm')[0]).toMatchObject({
      parameter: 'confirm',
      severity: 'error',
    });
  });
  it('does not fire for a deleting tool with confirm default false or a safe tool', () => {
    const deleting = makeTool(
      {
        confirm: {
          type: 'boolean',
          default: false,
          description: 'Explicit confirmation of the deletion (default: false)',
        },
      },
      { name: 'delete_thing' },
    );
    expect(findingsOf(deleting, 'destructive-confirm')).toEqual([]);
    const lowRisk = makeTool(
      { path: GOOD_PATH },
      { description: 'Writes a file and may overwrite it when asked to.', riskLevel: 'low' },
    );
    expect(findingsOf(lowRisk, 'destructive-confirm')).toEqual([]);
  });
});

describe('boolean-safe-default', () => {
  it('fires for overwrite defaulting to true and for a boolean without default', () => {
    const tool = makeTool({
      overwrite: { type: 'boolean', default: true, description: 'Overwrite the file if it exists (default: true)' },
      verbose: { type: 'boolean', description: 'Print more detail about each step of the run' },
    });
    expect(findingsOf(tool, 'boolean-safe-default').map((finding) => [finding.parameter, finding.severity])).toEqual([
      ['overwrite', 'error'],
      ['verbose', 'warning'],
    ]);
  });
  it('does not fire for safe defaults or harmless flags defaulting to true', () => {
    const tool = makeTool({
      overwrite: { type: 'boolean', default: false, description: 'Overwrite the file if it exists (default: false)' },
      include_line_numbers: {
        type: 'boolean',
        default: true,
        description: 'Prefix each line with its number (default: true)',
      },
    });
    expect(findingsOf(tool, 'boolean-safe-default')).toEqual([]);
  });
});

describe('additional-properties', () => {
  it('fires for additionalProperties true, a missing root policy and an empty map schema', () => {
    const tool = makeTool({
      env: {
        type: 'object',
        additionalProperties: {},
        description: 'Environment variables as key-value pairs for the run',
      },
    });
    tool.inputSchema = { ...tool.inputSchema, additionalProperties: true };
    const findings = findingsOf(tool, 'additional-properties');
    expect(findings.map((finding) => finding.parameter)).toEqual([undefined, 'env']);
    const missing = makeTool({});
    delete missing.inputSchema.additionalProperties;
    expect(findingsOf(missing, 'additional-properties')[0]?.severity).toBe('error');
  });
  it('does not fire for false or a typed map', () => {
    const tool = makeTool({
      env: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 10 },
        description: 'Environment variables as key-value pairs for the run',
      },
    });
    expect(findingsOf(tool, 'additional-properties')).toEqual([]);
  });
});

describe('explicit-types', () => {
  it('fires for missing types and anyOf', () => {
    const tool = makeTool({
      value: { description: 'Some value without a declared type at all' },
      either: {
        anyOf: [{ type: 'string' }, { type: 'integer' }],
        type: 'string',
        maxLength: 5,
        description: 'Either a string or an integer value here',
      },
    });
    expect(findingsOf(tool, 'explicit-types').map((finding) => finding.parameter)).toEqual(['value', 'either']);
  });
  it('does not fire for typed parameters', () => {
    expect(findingsOf(makeTool({ path: GOOD_PATH }), 'explicit-types')).toEqual([]);
  });
});

describe('description-length', () => {
  it('fires for missing, short and long descriptions, and long tool descriptions', () => {
    const tool = makeTool(
      {
        a: { type: 'boolean', default: false },
        b: { type: 'boolean', default: false, description: 'Short (default: false)' },
        c: { type: 'boolean', default: false, description: `${'x'.repeat(200)} (default: false)` },
      },
      { description: 'y'.repeat(500) },
    );
    const findings = findingsOf(tool, 'description-length');
    expect(findings.map((finding) => [finding.parameter, finding.severity])).toEqual([
      [undefined, 'error'],
      ['a', 'error'],
      ['b', 'warning'],
      ['c', 'warning'],
    ]);
  });
  it('does not fire for 30-200 character descriptions', () => {
    expect(findingsOf(makeTool({ path: GOOD_PATH }), 'description-length')).toEqual([]);
  });
  it("holds tool descriptions to the seed's 30-200 characters too", () => {
    const lengthFinding = (length: number) =>
      findingsOf(makeTool({ path: GOOD_PATH }, { description: 'x'.repeat(length) }), 'description-length');
    const long = lengthFinding(450);
    expect(long).toEqual([expect.objectContaining({ severity: 'warning' })]);
    expect(long[0]?.parameter).toBeUndefined();
    expect(long[0]?.message).toContain('450 characters (maximum 200)');
    expect(lengthFinding(201)[0]?.severity).toBe('warning');
    expect(lengthFinding(500)[0]?.severity).toBe('error');
    expect(lengthFinding(29)[0]).toMatchObject({ severity: 'warning' });
    expect(lengthFinding(29)[0]?.message).toContain('(minimum 30)');
    expect(lengthFinding(30)).toEqual([]);
    expect(lengthFinding(200)).toEqual([]);
  });
});

describe('description-states-default', () => {
  it('fires when the default is not mentioned or disagrees', () => {
    const tool = makeTool({
      scope: {
        type: 'string',
        enum: ['workspace', 'file'],
        default: 'workspace',
        description: 'Where to search: the whole workspace or one file',
      },
      overwrite: { type: 'boolean', default: false, description: 'Overwrite the file if it exists (default: true)' },
    });
    expect(
      findingsOf(tool, 'description-states-default').map((finding) => [finding.parameter, finding.severity]),
    ).toEqual([
      ['scope', 'warning'],
      ['overwrite', 'error'],
    ]);
  });
  it('does not fire when the description states the same default', () => {
    const tool = makeTool({
      encoding: {
        type: 'string',
        enum: ['utf-8', 'ascii'],
        default: 'utf-8',
        description: 'Text encoding used for the file (default: utf-8).',
      },
    });
    expect(findingsOf(tool, 'description-states-default')).toEqual([]);
  });
});

describe('enum-values', () => {
  it('fires for a default outside the enum, wrong-typed values and an implied fixed set', () => {
    const tool = makeTool({
      mode: { type: 'string', enum: ['a', 1], default: 'c', description: 'Mode of the run, a or b only (default: c)' },
      language: {
        type: 'string',
        maxLength: 20,
        description: "Script language, one of 'bash', 'python' or 'powershell'",
      },
    });
    const findings = findingsOf(tool, 'enum-values');
    expect(findings.map((finding) => [finding.parameter, finding.severity])).toEqual([
      ['mode', 'error'],
      ['mode', 'error'],
      ['language', 'info'],
    ]);
  });
  it('does not fire for a well-formed enum', () => {
    const tool = makeTool({
      language: { type: 'string', enum: ['bash', 'python'], description: "Script language, one of 'bash' or 'python'" },
    });
    expect(findingsOf(tool, 'enum-values')).toEqual([]);
  });
});

describe('array-bounds', () => {
  it('fires for arrays without maxItems or items', () => {
    const tool = makeTool({ files: { type: 'array', description: 'Files to stage and commit, workspace relative' } });
    expect(findingsOf(tool, 'array-bounds').map((finding) => finding.severity)).toEqual(['warning', 'error']);
  });
  it('does not fire for bounded arrays', () => {
    const tool = makeTool({
      files: {
        type: 'array',
        maxItems: 100,
        items: { type: 'string', maxLength: 4096 },
        description: 'Files to stage and commit, workspace relative',
      },
    });
    expect(findingsOf(tool, 'array-bounds')).toEqual([]);
  });
});

describe('map-bounds', () => {
  it('fires for an object of arbitrary keys without maxProperties, like execute_command.env', () => {
    const tool = makeTool({
      env: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 100 },
        description: 'Environment variables as key-value pairs for the run',
      },
    });
    const findings = findingsOf(tool, 'map-bounds');
    expect(findings).toEqual([expect.objectContaining({ parameter: 'env', severity: 'warning' })]);
    expect(findings[0]?.message).toContain('maxProperties');
  });
  it('does not fire with maxProperties, or for closed objects', () => {
    const bounded = makeTool({
      env: {
        type: 'object',
        maxProperties: 50,
        additionalProperties: { type: 'string', maxLength: 100 },
        description: 'Environment variables, at most 50 of them',
      },
    });
    expect(findingsOf(bounded, 'map-bounds')).toEqual([]);
    const closed = makeTool({
      options: {
        type: 'object',
        properties: {},
        additionalProperties: false,
        description: 'Options for the run, none defined yet',
      },
    });
    expect(findingsOf(closed, 'map-bounds')).toEqual([]);
  });
});

describe('examples-validate', () => {
  const countSchema = {
    count: { type: 'integer', minimum: 1, maximum: 10, description: 'How many entries to return, from 1 to 10' },
  };
  it('fires for an invalid valid-example, an accepted invalid-example and missing examples', () => {
    const tool = makeTool(countSchema, {
      examples: [{ title: 'Too many', arguments: { count: 50 } }],
      invalidExamples: [
        { title: 'Fine actually', arguments: { count: 5 }, expected: { code: 'out_of_range', parameter: 'count' } },
      ],
    });
    const messages = findingsOf(tool, 'examples-validate').map((finding) => finding.message);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/Example 1 \('Too many'\) does not validate/);
    expect(messages[1]).toMatch(/Invalid example 1 \('Fine actually'\) is accepted/);
    expect(findingsOf(makeTool(countSchema, { examples: [] }), 'examples-validate')[0]?.severity).toBe('warning');
  });
  it('fires when an invalid example is rejected for another reason than it declares', () => {
    const tool = makeTool(countSchema, {
      examples: [{ title: 'Five', arguments: { count: 5 } }],
      invalidExamples: [
        { title: 'Wrong code', arguments: { count: 0 }, expected: { code: 'type_mismatch', parameter: 'count' } },
        { title: 'Wrong parameter', arguments: { count: 11 }, expected: { code: 'out_of_range', parameter: 'limit' } },
        { title: 'Right', arguments: { count: 11 }, expected: { code: 'out_of_range', parameter: 'count' } },
      ],
    });
    const findings = findingsOf(tool, 'examples-validate');
    expect(findings.map((finding) => [finding.parameter, finding.severity])).toEqual([
      ['count', 'error'],
      ['limit', 'error'],
    ]);
    expect(findings[0]?.message).toBe(
      "Invalid example 1 ('Wrong code') declares 'type_mismatch' on 'count' but the validator reports count: Parameter 'count' is below minimum 1 (actual: 0) [out_of_range]; correct the declared code or parameter, or the example.",
    );
    expect(findings[1]?.message).toMatch(
      /declares 'out_of_range' on 'limit' but the validator reports count: .*\[out_of_range\]/,
    );
  });
  it('does not fire when examples behave, and uses a supplied validator', () => {
    const tool = makeTool(countSchema, {
      examples: [{ title: 'Five', arguments: { count: 5 } }],
      invalidExamples: [
        { title: 'Zero', arguments: { count: 0 }, expected: { code: 'out_of_range', parameter: 'count' } },
      ],
    });
    expect(findingsOf(tool, 'examples-validate')).toEqual([]);
    const rejectAll = lintTool(tool, {
      validator,
      validateExample: () => ['always wrong'],
      rules: ['examples-validate'],
    });
    expect(rejectAll).toHaveLength(1);
    expect(rejectAll[0]?.message).toMatch(/always wrong/);
  });
});

describe('examples-safe', () => {
  it('fires for traversal and destructive commands in examples', () => {
    const tool = makeTool(
      { path: GOOD_PATH },
      {
        examples: [
          { title: 'Escape', arguments: { path: '../../etc/passwd' } },
          { title: 'Wipe', arguments: { command: 'rm -rf /' } },
        ],
      },
    );
    expect(findingsOf(tool, 'examples-safe').map((finding) => finding.parameter)).toEqual(['path', 'command']);
  });
  it('does not fire for workspace-relative values', () => {
    expect(
      findingsOf(
        makeTool({ path: GOOD_PATH }, { examples: [{ title: 'Read', arguments: { path: 'src/app.ts' } }] }),
        'examples-safe',
      ),
    ).toEqual([]);
  });
});

describe('description-no-secrets, naming, pattern-safety', () => {
  it('fire on sensitive descriptions, camelCase names and nested quantifiers', () => {
    const tool = makeTool(
      {
        startLine: {
          type: 'string',
          maxLength: 10,
          pattern: '^(a+)+$',
          description: 'Connects to 10.0.0.12 with password: hunter2 for data',
        },
      },
      { name: 'ReadThing', version: '1.0' },
    );
    expect(findingsOf(tool, 'description-no-secrets').map((finding) => [finding.severity, finding.message])).toEqual([
      [
        'error',
        "Description of 'startLine' contains what looks like a credential; descriptions go into every prompt and the public docs: remove it, and rotate the secret if it is real.",
      ],
      [
        'warning',
        "Description of 'startLine' contains an IP address; descriptions go into prompts and documentation, so use a neutral example instead.",
      ],
    ]);
    expect(findingsOf(tool, 'naming').map((finding) => finding.severity)).toEqual(['warning', 'error', 'warning']);
    expect(findingsOf(tool, 'pattern-safety')[0]).toMatchObject({ severity: 'error', parameter: 'startLine' });
    expect(findingsOf(tool, 'pattern-safety')[0]?.message).toContain('backtrack exponentially');
  });
  it('do not fire on plain descriptions, snake_case names and simple patterns', () => {
    const tool = makeTool({
      start_line: {
        type: 'string',
        maxLength: 10,
        pattern: '^[a-z_]+$',
        description: 'Line number to start reading from, 1-indexed',
      },
    });
    expect([
      ...findingsOf(tool, 'description-no-secrets'),
      ...findingsOf(tool, 'naming'),
      ...findingsOf(tool, 'pattern-safety'),
    ]).toEqual([]);
  });
  it('naming holds names to the style the toolset declares', () => {
    const pascal = makeTool(
      { filePath: { type: 'string', maxLength: 10, description: 'Relative path to the file' } },
      { name: 'ReadFile' },
    );
    expect(
      lintTool(pascal, { validator, naming: { tools: 'PascalCase', parameters: 'camelCase' } }).filter(
        (finding) => finding.rule === 'naming',
      ),
    ).toEqual([]);
    const mixed = makeTool(
      { file_path: { type: 'string', maxLength: 10, description: 'Relative path to the file' } },
      { name: 'read_file' },
    );
    expect(
      lintTool(mixed, { validator, naming: { tools: 'PascalCase', parameters: 'camelCase' } })
        .filter((finding) => finding.rule === 'naming')
        .map((finding) => finding.message),
    ).toEqual([
      "Tool name 'read_file' is not PascalCase; rename it (e.g. 'ReadFile') so models see one convention.",
      "Parameter name 'file_path' is not camelCase; rename it (e.g. 'startLine', not 'start_line').",
    ]);
  });
  it('pattern-safety warns when a polynomial pattern can meet values longer than it is tested on', () => {
    const field = (maxLength: number) => ({
      type: 'string',
      maxLength,
      pattern: '^\\S+@\\S+\\.\\S+$',
      description: 'E-mail address of the reviewer to notify',
    });
    const loose = findingsOf(makeTool({ email: field(4096) }), 'pattern-safety');
    expect(loose).toEqual([expect.objectContaining({ severity: 'warning', parameter: 'email' })]);
    expect(loose[0]?.message).toContain('values over 464 characters');
    expect(findingsOf(makeTool({ email: field(254) }), 'pattern-safety')).toEqual([]);
  });
  it('pattern-safety reads patternProperties keys, at the root and below', () => {
    const env = {
      type: 'object',
      description: 'Environment variables to set',
      patternProperties: { '^(a+)+$': { type: 'string', maxLength: 10 } },
    };
    const tool = makeTool({ env });
    tool.inputSchema = { ...tool.inputSchema, patternProperties: { '^(b+)+$': { type: 'string', maxLength: 10 } } };
    const findings = findingsOf(tool, 'pattern-safety');
    expect(findings.map((finding) => [finding.severity, finding.parameter, finding.pointer])).toEqual([
      ['error', '', '/patternProperties/^(b+)+$'],
      ['error', 'env', '/properties/env/patternProperties/^(a+)+$'],
    ]);
    expect(findings[1]?.message).toContain("patternProperties key of 'env' (^(a+)+$) is unsafe");
  });
  it.each(['^(?:a(?=a*$))*b', '^(?:a(?!a*b))*$', '^(\\w+)-\\1$'])(
    'pattern-safety never calls %s linear: its values are capped',
    (pattern) => {
      const findings = findingsOf(
        makeTool({ word: { type: 'string', maxLength: 100_000, pattern, description: 'A word with a lookaround' } }),
        'pattern-safety',
      );
      expect(findings).toEqual([expect.objectContaining({ severity: 'warning', parameter: 'word' })]);
      expect(findings[0]?.message).toContain('values over 10000 characters, which are refused here untested');
    },
  );
});

describe('description-no-secrets', () => {
  const secretsIn = (text: string) =>
    findingsOf(makeTool({ path: { ...GOOD_PATH, description: text } }), 'description-no-secrets').map(
      (finding) => finding.severity,
    );
  it.each([
    'Uses the internal API key sk-123 to reach the index',
    'Authenticates with password hunter2 before reading',
    'Send header Authorization: Bearer abcdef123456 with it',
    'Reads with token ghp_abcdefghij0123456789 from CI',
    'Signs requests with AKIAABCDEFGHIJKLMNOP on the way',
    'Set api_key=anything before running the command',
  ])('reports a credential in %j as an error', (text) => {
    expect(secretsIn(text)).toEqual(['error']);
  });
  it.each([
    'Path to the file to read, e.g. src/main.ts (max 4096)',
    'Maximum number of tokens 4096 in the answer, at most',
    'A task-based secret sauce: the password policy applies',
    'Name of the API key to rotate, e.g. deploy-key (not its value)',
  ])('does not report %j', (text) => {
    expect(secretsIn(text)).toEqual([]);
  });
});

describe('lintToolset', () => {
  it('groups findings by tool and counts severities', () => {
    const clean = makeTool({ path: GOOD_PATH }, { name: 'clean_tool' });
    const dirty = makeTool(
      { name: { type: 'string', description: 'Name of the thing to look up in the index' } },
      { name: 'dirty_tool', riskLevel: 'medium' },
    );
    const report = lintToolset(
      {
        manifest: { id: 't', name: 'T', version: '1.0.0', description: 'test', categories: [] },
        tools: [clean, dirty],
      },
      { validator },
    );
    expect(report.byTool.clean_tool).toEqual([]);
    expect(report.byTool.dirty_tool?.map((finding) => finding.rule)).toEqual(['string-max-length']);
    expect(report.summary).toEqual({ tools: 2, findings: 1, errors: 1, warnings: 0, infos: 0 });
  });
  it('reports a malformed definition instead of throwing', () => {
    const broken = { ...makeTool({}), inputSchema: null } as unknown as ToolDefinition;
    expect(() => lintTool(broken, { validator })).not.toThrow();
    expect(
      lintTool(broken, { validator }).some(
        (finding) => finding.rule === 'explicit-types' && finding.severity === 'error',
      ),
    ).toBe(true);
  });
});
