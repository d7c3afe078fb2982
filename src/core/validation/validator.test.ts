import { createCompilingValidator } from './compile';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolDefinition } from '../toolset/types';
import { MAX_NESTING_DEPTH, MAX_REPORTED_ERRORS, parseArguments, toLlmContext, verboseTrace } from './validator';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

function makeTool(name: string, inputSchema: JsonSchema, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    title: name,
    description: `${name} test tool`,
    version: '1.0.0',
    category: 'file_operations',
    riskLevel: 'safe',
    tags: [],
    inputSchema,
    examples: [],
    invalidExamples: [],
    ...extra,
  };
}

const readFile = makeTool(
  'read_file',
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:test:read_file',
    title: 'read_file arguments',
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path', maxLength: 4096, examples: ['README.md'] },
      start_line: { type: 'integer', minimum: 1, description: 'First line' },
      end_line: { type: 'integer', minimum: 1, description: 'Last line' },
      encoding: { type: 'string', enum: ['utf-8', 'ascii', 'utf-16'], default: 'utf-8' },
    },
    required: ['path'],
    additionalProperties: false,
  },
  { relationships: [{ kind: 'not_less_than', parameter: 'end_line', other: 'start_line', description: 'end_line must be >= start_line.' }] },
);

const everything = makeTool('everything', {
  $id: 'urn:test:everything',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    branch: { type: 'string', pattern: '^[a-z-]+$' },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    above: { type: 'number', exclusiveMinimum: 0 },
    count: { type: 'integer', minimum: 1, maximum: 100 },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    options: {
      type: 'object',
      properties: { recursive: { type: 'boolean' }, depth: { type: 'integer', minimum: 0 } },
      required: ['recursive'],
      additionalProperties: false,
    },
    confirm: { const: true },
    url: { type: 'string', format: 'uri' },
    recurse: { type: 'boolean', deprecated: true, 'x-replacement': 'options.recursive' },
    legacy: { type: 'string', deprecated: true },
  },
  additionalProperties: false,
});

const errorsOf = (tool: ToolDefinition, args: unknown, lenient = false) =>
  validator.validate(tool, args, { lenient }).errors.map((error) => ({ parameter: error.parameter, code: error.code }));

describe('validator.validate: schema rules', () => {
  it('ValidateAgainstSchema_ValidParameters_ReturnsValid', () => {
    expect(validator.validate(readFile, { path: 'src/main.ts', start_line: 1, end_line: 10, encoding: 'ascii' })).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
  });

  it('ValidateAgainstSchema_MissingRequired_ReturnsError', () => {
    const result = validator.validate(readFile, {});
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([{ parameter: 'path', code: 'required', message: "Missing required property 'path'", expected: 'A string value' }]);
  });

  it('ValidateAgainstSchema_WrongType_ReturnsError', () => {
    const result = validator.validate(readFile, { path: 'test.txt', start_line: 'ten' });
    expect(result.errors).toEqual([
      { parameter: 'start_line', code: 'type_mismatch', message: "Property 'start_line' must be integer, got string", expected: 'integer', actual: 'string' },
    ]);
  });

  it('reports a fractional number given for an integer as a number', () => {
    expect(validator.validate(readFile, { path: 'a', start_line: 1.5 }).errors[0].message).toBe("Property 'start_line' must be integer, got number");
  });

  it('ValidateAgainstSchema_UnknownProperty_ReturnsError', () => {
    const result = validator.validate(readFile, { path: 'a', lines: '1-2' });
    expect(result.errors).toEqual([
      { parameter: 'lines', code: 'invalid_value', message: "Unknown parameter 'lines'", expected: 'Only the known parameters: path, start_line, end_line, encoding' },
    ]);
  });

  it('ValidateParameter_String_ValidatesLength', () => {
    expect(errorsOf(everything, { name: 'a' })).toEqual([{ parameter: 'name', code: 'string_too_short' }]);
    expect(errorsOf(everything, { name: 'abcdef' })).toEqual([{ parameter: 'name', code: 'string_too_long' }]);
    const short = validator.validate(everything, { name: 'a' }).errors[0];
    expect(short.message).toBe("Parameter 'name' is below minLength 2 (actual: 1)");
    expect(short.expected).toBe('At least 2 characters');
  });

  it('names the parameter and the rule for an overlong path', () => {
    const error = validator.validate(readFile, { path: 'p'.repeat(4523) }).errors[0];
    expect(error).toMatchObject({ parameter: 'path', code: 'string_too_long', message: "Parameter 'path' exceeds maxLength 4096 (actual: 4523)", expected: 'At most 4096 characters', actual: '4523 characters' });
  });

  it('ValidateParameter_String_ValidatesPattern', () => {
    const error = validator.validate(everything, { branch: 'Feature X' }).errors[0];
    expect(error).toMatchObject({ parameter: 'branch', code: 'pattern_mismatch', expected: 'Pattern: ^[a-z-]+$', actual: "'Feature X'" });
    expect(error.message).toBe("Parameter 'branch' does not match the required pattern ^[a-z-]+$ (got 'Feature X')");
  });

  it('ValidateParameter_String_ValidatesEnum', () => {
    const error = validator.validate(readFile, { path: 'a', encoding: 'utf-32' }).errors[0];
    expect(error).toMatchObject({ parameter: 'encoding', code: 'invalid_enum', expected: 'One of: utf-8, ascii, utf-16', actual: "'utf-32'" });
    expect(error.message).toContain("Parameter 'encoding' must be one of the enum values: utf-8, ascii, utf-16 (got 'utf-32')");
  });

  it('suggests the enum value that differs only in case or separators', () => {
    expect(validator.validate(readFile, { path: 'a', encoding: 'UTF8' }).errors[0].message).toContain("Did you mean 'utf-8'?");
    expect(validator.validate(readFile, { path: 'a', encoding: 'latin-1' }).errors[0].message).not.toContain('Did you mean');
  });

  it('reports const as invalid_enum', () => {
    const error = validator.validate(everything, { confirm: false }).errors[0];
    expect(error).toMatchObject({ parameter: 'confirm', code: 'invalid_enum', expected: 'Exactly true' });
    expect(error.message).toBe("Parameter 'confirm' must be the constant value true (got false)");
  });

  it('ValidateParameter_Integer_ValidatesRange', () => {
    const below = validator.validate(everything, { count: 0 }).errors[0];
    expect(below).toMatchObject({ parameter: 'count', code: 'out_of_range', message: "Parameter 'count' is below minimum 1 (actual: 0)", expected: 'Between 1 and 100', actual: '0' });
    const above = validator.validate(everything, { count: 500 }).errors[0];
    expect(above).toMatchObject({ code: 'out_of_range', message: "Parameter 'count' exceeds maximum 100 (actual: 500)" });
    expect(validator.validate(everything, { count: 1 }).valid).toBe(true);
    expect(validator.validate(everything, { count: 100 }).valid).toBe(true);
  });

  it('ValidateParameter_Number_ValidatesRange', () => {
    expect(errorsOf(everything, { ratio: 1.5 })).toEqual([{ parameter: 'ratio', code: 'out_of_range' }]);
    expect(errorsOf(everything, { ratio: -0.1 })).toEqual([{ parameter: 'ratio', code: 'out_of_range' }]);
    expect(validator.validate(everything, { ratio: 0.5 }).valid).toBe(true);
    const exclusive = validator.validate(everything, { above: 0 }).errors[0];
    expect(exclusive).toMatchObject({ code: 'out_of_range', expected: 'Greater than 0' });
    expect(exclusive.message).toContain('exclusiveMinimum 0');
  });

  it('ValidateParameter_Array_ValidatesItemCount', () => {
    expect(validator.validate(everything, { tags: [] }).errors[0]).toMatchObject({
      parameter: 'tags',
      code: 'array_too_few',
      message: "Parameter 'tags' has fewer items than minItems 1 (actual: 0)",
    });
    expect(validator.validate(everything, { tags: ['a', 'b', 'c', 'd'] }).errors[0]).toMatchObject({
      parameter: 'tags',
      code: 'array_too_many',
      message: "Parameter 'tags' has more items than maxItems 3 (actual: 4)",
    });
  });

  it('ValidateParameter_Array_ValidatesUniqueItems', () => {
    const error = validator.validate(everything, { tags: ['a', 'b', 'a'] }).errors[0];
    expect(error).toMatchObject({ parameter: 'tags', code: 'items_not_unique', expected: 'All items must be unique' });
    expect(error.message).toContain("items 0 and 2 are both 'a'");
  });

  it('ValidateParameter_Array_ValidatesItemTypes', () => {
    expect(errorsOf(everything, { tags: ['a', 2, 'c'] })).toEqual([{ parameter: 'tags[1]', code: 'type_mismatch' }]);
  });

  it('ValidateParameter_Object_ValidatesNestedRequired', () => {
    const result = validator.validate(everything, { options: { depth: 2 } });
    expect(result.errors).toEqual([{ parameter: 'options.recursive', code: 'required', message: "Missing required property 'options.recursive'", expected: 'A boolean value' }]);
  });

  it('ValidateParameter_Object_ValidatesNestedProperties', () => {
    const errors = errorsOf(everything, { options: { recursive: 'yes', depth: -1, extra: 1 } });
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        { parameter: 'options.recursive', code: 'type_mismatch' },
        { parameter: 'options.depth', code: 'out_of_range' },
        { parameter: 'options.extra', code: 'invalid_value' },
      ]),
    );
  });

  it('names map entries with dots: env.PORT', () => {
    expect(errorsOf(everything, { env: { NODE_ENV: 'test', PORT: 8080 } })).toEqual([{ parameter: 'env.PORT', code: 'type_mismatch' }]);
    expect(errorsOf(everything, { env: { 'my.key': 1 } })).toEqual([{ parameter: 'env["my.key"]', code: 'type_mismatch' }]);
  });

  it('reports formats as invalid_value', () => {
    expect(errorsOf(everything, { url: 'not a uri' })).toEqual([{ parameter: 'url', code: 'invalid_value' }]);
    expect(validator.validate(everything, { url: 'https://example.com/a' }).valid).toBe(true);
  });

  it('reports one error per cause: a wrong type hides the value rules at the same place', () => {
    expect(errorsOf(readFile, { path: 'a', encoding: 5 })).toEqual([{ parameter: 'encoding', code: 'type_mismatch' }]);
    expect(errorsOf(everything, { tags: 'a' })).toEqual([{ parameter: 'tags', code: 'type_mismatch' }]);
  });

  it('reports every independent cause at once', () => {
    expect(errorsOf(readFile, { start_line: 0, encoding: 'x', extra: true })).toEqual(
      expect.arrayContaining([
        { parameter: 'path', code: 'required' },
        { parameter: 'start_line', code: 'out_of_range' },
        { parameter: 'encoding', code: 'invalid_enum' },
        { parameter: 'extra', code: 'invalid_value' },
      ]),
    );
  });

  it('uses the words the verification scenarios look for', () => {
    const messages = (args: unknown) => validator.validate(readFile, args).errors.map((error) => error.message).join('\n');
    expect(messages({})).toMatch(/path.*required|required.*path/);
    expect(messages({ path: 'a', start_line: 'ten' })).toMatch(/start_line.*integer/);
    expect(messages({ path: 'a', encoding: 'utf-32' })).toMatch(/encoding.*enum/);
    expect(messages({ path: 'a', start_line: 0 })).toMatch(/start_line.*minimum/);
    expect(validator.validate(everything, { count: 5000 }).errors[0].message).toMatch(/maximum/);
    expect(validator.validate(everything, { name: '' }).errors[0].message).toMatch(/minLength/);
    expect(validator.validate(everything, { name: 'toolong' }).errors[0].message).toMatch(/maxLength/);
  });
});

describe('validator.validate: combinators', () => {
  const either = makeTool('either', {
    type: 'object',
    properties: { path: { type: 'string' }, pattern: { type: 'string' }, mode: { type: 'string' } },
    anyOf: [{ required: ['path'] }, { required: ['pattern'] }],
    if: { properties: { mode: { const: 'strict' } }, required: ['mode'] },
    then: { required: ['path'] },
    additionalProperties: false,
  });

  it('folds anyOf branches into one error that names the allowed forms', () => {
    const result = validator.validate(either, {});
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ parameter: '', code: 'invalid_value' });
    expect(result.errors[0].message).toContain("Missing required property 'path'; or Missing required property 'pattern'");
  });

  it('folds alternative types into one type mismatch', () => {
    const tool = makeTool('alternatives', { type: 'object', properties: { limit: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(validator.validate(tool, { limit: true }).errors).toEqual([
      { parameter: 'limit', code: 'type_mismatch', message: "Property 'limit' must be string or integer, got boolean", expected: 'string or integer', actual: 'boolean' },
    ]);
    expect(validator.validate(tool, { limit: 3 }).valid).toBe(true);
  });

  it('drops the if wrapper and keeps the then cause', () => {
    expect(errorsOf(either, { pattern: '*.ts', mode: 'strict' })).toEqual([{ parameter: 'path', code: 'required' }]);
  });
});

describe('validator.validate: error order', () => {
  it('lists errors in the order the schema declares the parameters, unknown parameters last', () => {
    const args = { zzz: 1, encoding: 'utf-32', start_line: 'ten', end_line: 0 };
    expect(errorsOf(readFile, args)).toEqual([
      { parameter: 'path', code: 'required' },
      { parameter: 'start_line', code: 'type_mismatch' },
      { parameter: 'end_line', code: 'out_of_range' },
      { parameter: 'encoding', code: 'invalid_enum' },
      { parameter: 'zzz', code: 'invalid_value' },
    ]);
  });

  it('orders nested errors by their top-level parameter', () => {
    expect(errorsOf(everything, { url: 'x', tags: ['a', 1], name: 'n' }).map((error) => error.parameter)).toEqual(['name', 'tags[1]', 'url']);
  });
});

describe('validator.validate: unknown properties', () => {
  it('rejects unknown properties by default and ignores them when lenient', () => {
    expect(validator.validate(readFile, { path: 'a', verbose: true }).valid).toBe(false);
    expect(validator.validate(readFile, { path: 'a', verbose: true }, { lenient: true })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(errorsOf(readFile, { verbose: true }, true)).toEqual([{ parameter: 'path', code: 'required' }]);
  });

  it('suggests the snake_case name for camelCase', () => {
    expect(validator.validate(readFile, { path: 'a', startLine: 1 }).errors[0].message).toBe("Unknown parameter 'startLine'. Did you mean 'start_line'?");
  });

  it('suggests close spellings', () => {
    expect(validator.validate(readFile, { path: 'a', encodng: 'ascii' }).errors[0].message).toBe("Unknown parameter 'encodng'. Did you mean 'encoding'?");
  });

  it('suggests path for filepath, file and filename', () => {
    for (const alias of ['filepath', 'file', 'filename']) {
      const result = validator.validate(readFile, { [alias]: 'a.txt' });
      expect(result.errors.find((error) => error.parameter === alias)?.message).toBe(`Unknown parameter '${alias}'. Did you mean 'path'?`);
    }
  });

  it('does not suggest a name that is already given', () => {
    expect(validator.validate(readFile, { path: 'a', filepath: 'b' }).errors[0].message).toBe("Unknown parameter 'filepath'");
  });

  it('suggests inside nested objects with the full path', () => {
    expect(validator.validate(everything, { options: { recursive: true, Depth: 2 } }).errors[0].message).toBe(
      "Unknown parameter 'options.Depth'. Did you mean 'options.depth'?",
    );
  });

  it('suggests the full name for a prefix and counts a swap of two letters as one edit', () => {
    const server = makeTool('server', {
      type: 'object',
      properties: {
        command: { type: 'string' },
        timeout_seconds: { type: 'integer' },
        cfg: { type: 'object', properties: { host: { type: 'string' }, port: { type: 'integer' } }, additionalProperties: false },
      },
      additionalProperties: false,
    });
    const messages = (args: Record<string, unknown>) => validator.validate(server, args).errors.map((error) => error.message);
    expect(messages({ command: 'ls', timeout: 5 })).toEqual(["Unknown parameter 'timeout'. Did you mean 'timeout_seconds'?"]);
    expect(messages({ command: 'ls', cfg: { prot: 80 } })).toEqual(["Unknown parameter 'cfg.prot'. Did you mean 'cfg.port'?"]);
    // No guess for a different word.
    expect(messages({ command: 'ls', cfg: { name: 'x' } })).toEqual(["Unknown parameter 'cfg.name'"]);
  });
});

describe('validator.validate: relationships', () => {
  const askUser = makeTool(
    'ask_user',
    {
      type: 'object',
      properties: { question: { type: 'string' }, options: { type: 'array', items: { type: 'string' } }, default_option: { type: 'string' } },
      required: ['question'],
      additionalProperties: false,
    },
    { relationships: [{ kind: 'member_of', parameter: 'default_option', list: 'options', description: 'default_option must be one of options.' }] },
  );
  const semanticSearch = makeTool(
    'semantic_search',
    {
      type: 'object',
      properties: { query: { type: 'string' }, scope: { type: 'string', enum: ['workspace', 'directory', 'file'], default: 'workspace' }, path: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
    { relationships: [{ kind: 'required_unless', parameter: 'path', when: 'scope', equals: 'workspace', description: 'path is required unless scope is workspace.' }] },
  );

  it('not_less_than: end_line before start_line is out_of_range', () => {
    const result = validator.validate(readFile, { path: 'a', start_line: 150, end_line: 100 });
    expect(result.errors).toEqual([
      {
        parameter: 'end_line',
        code: 'out_of_range',
        message: "Parameter 'end_line' (100) must not be less than 'start_line' (150)",
        expected: "At least 150 (the value of 'start_line')",
        actual: '100',
      },
    ]);
    expect(validator.validate(readFile, { path: 'a', start_line: 100, end_line: 100 }).valid).toBe(true);
    expect(validator.validate(readFile, { path: 'a', end_line: 5 }).valid).toBe(true);
  });

  it('not_less_than is only judged on values of the right type', () => {
    expect(errorsOf(readFile, { path: 'a', start_line: 'ten', end_line: 5 })).toEqual([{ parameter: 'start_line', code: 'type_mismatch' }]);
  });

  it('member_of: default_option must be among options', () => {
    const result = validator.validate(askUser, { question: 'Which?', options: ['xUnit', 'NUnit'], default_option: 'MSTest' });
    expect(result.errors).toEqual([
      expect.objectContaining({ parameter: 'default_option', code: 'invalid_value', expected: 'One of: xUnit, NUnit', actual: "'MSTest'" }),
    ]);
    expect(validator.validate(askUser, { question: 'Which?', options: ['xUnit', 'NUnit'], default_option: 'NUnit' }).valid).toBe(true);
    expect(errorsOf(askUser, { question: 'Which?', options: ['a'], default_option: 3 })).toEqual([{ parameter: 'default_option', code: 'type_mismatch' }]);
    const withoutList = validator.validate(askUser, { question: 'Which?', default_option: 'Yes' });
    expect(withoutList.errors).toEqual([
      expect.objectContaining({ parameter: 'default_option', code: 'invalid_value', message: "Parameter 'default_option' must be one of the values in 'options', but 'options' is not given" }),
    ]);
  });

  it('required_unless: path is required when scope is not workspace', () => {
    expect(errorsOf(semanticSearch, { query: 'auth', scope: 'file' })).toEqual([{ parameter: 'path', code: 'required' }]);
    expect(validator.validate(semanticSearch, { query: 'auth', scope: 'file' }).errors[0].message).toBe(
      "Missing required property 'path' (required when 'scope' is 'file', not 'workspace')",
    );
    expect(validator.validate(semanticSearch, { query: 'auth' }).valid).toBe(true);
    expect(validator.validate(semanticSearch, { query: 'auth', scope: 'workspace' }).valid).toBe(true);
    expect(validator.validate(semanticSearch, { query: 'auth', scope: 'directory', path: 'src' }).valid).toBe(true);
    // An invalid scope is reported once, as the enum error, not also as a missing path.
    expect(errorsOf(semanticSearch, { query: 'auth', scope: 'project' })).toEqual([{ parameter: 'scope', code: 'invalid_enum' }]);
  });
});

describe('validator.validate: warnings', () => {
  const writeFile = makeTool(
    'write_file',
    {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string', maxLength: 1048576 } },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    { warnings: [{ code: 'large_value', parameter: 'content', maxChars: 100, description: 'Consider writing in chunks.' }] },
  );
  const listDirectory = makeTool(
    'list_directory',
    {
      type: 'object',
      properties: { path: { type: 'string' }, recursive: { type: 'boolean', default: false }, max_depth: { type: 'integer' } },
      required: ['path'],
    },
    { warnings: [{ code: 'slow_operation', when: { recursive: true }, unlessPresent: 'max_depth', description: 'A recursive listing without max_depth may be slow.' }] },
  );

  it('large_value: a valid result carries the warning', () => {
    const result = validator.validate(writeFile, { path: 'a', content: 'x'.repeat(101) });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      { parameter: 'content', code: 'large_value', message: "Parameter 'content' is 101 characters, over 100. Consider writing in chunks.", severity: 1 },
    ]);
    expect(validator.validate(writeFile, { path: 'a', content: 'x'.repeat(100) }).warnings).toEqual([]);
  });

  it('slow_operation: when all pairs match and the escape parameter is absent', () => {
    expect(validator.validate(listDirectory, { path: '.', recursive: true }).warnings).toEqual([
      { parameter: 'recursive', code: 'slow_operation', message: 'This may be slow: A recursive listing without max_depth may be slow.', severity: 1 },
    ]);
    expect(validator.validate(listDirectory, { path: '.', recursive: true, max_depth: 2 }).warnings).toEqual([]);
    expect(validator.validate(listDirectory, { path: '.' }).warnings).toEqual([]);
    expect(validator.validate(listDirectory, { path: '.', recursive: false }).warnings).toEqual([]);
  });

  it('deprecated: a property marked deprecated earns a warning naming its replacement', () => {
    const result = validator.validate(everything, { recurse: true, legacy: 'x' });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      { parameter: 'recurse', code: 'deprecated', message: "Parameter 'recurse' is deprecated. Use 'options.recursive' instead.", severity: 2 },
      { parameter: 'legacy', code: 'deprecated', message: "Parameter 'legacy' is deprecated.", severity: 2 },
    ]);
  });
});

describe('validator.validate: robustness', () => {
  it.each([
    [null, 'null'],
    [[1, 2], 'array'],
    ['{"path":"a"}', 'string'],
    [42, 'number'],
    [true, 'boolean'],
    [undefined, 'nothing'],
  ])('non-object arguments %j give one clear error', (args, typeName) => {
    expect(validator.validate(readFile, args)).toEqual({
      valid: false,
      errors: [{ parameter: '', code: 'type_mismatch', message: `Arguments must be a JSON object, got ${typeName}`, expected: 'object', actual: typeName }],
      warnings: [],
    });
  });

  it('reports __proto__ and constructor keys as unknown without polluting anything', () => {
    const args = JSON.parse('{"path":"a","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown;
    const result = validator.validate(readFile, args);
    expect(result.errors.map((error) => [error.parameter, error.code])).toEqual([
      ['__proto__', 'invalid_value'],
      ['constructor', 'invalid_value'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(validator.validate(readFile, args, { lenient: true }).valid).toBe(true);
  });

  it('does not count inherited properties as present', () => {
    const tool = makeTool('proto', { type: 'object', properties: { constructor: { type: 'string' } }, required: ['constructor'] });
    expect(errorsOf(tool, {})).toEqual([{ parameter: 'constructor', code: 'required' }]);
  });

  it(`refuses values nested deeper than ${MAX_NESTING_DEPTH} levels without overflowing the stack`, () => {
    const depth = 100_000;
    const text = `{"env":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const result = validator.validateText(everything, text);
    expect(result.errors).toEqual([
      { parameter: 'env', code: 'invalid_value', message: `Parameter 'env' is nested more than ${MAX_NESTING_DEPTH} levels deep`, expected: `At most ${MAX_NESTING_DEPTH} levels of nesting` },
    ]);
    let shallow: unknown = 'leaf';
    for (let level = 0; level < 60; level++) shallow = { level: shallow };
    expect(errorsOf(everything, { env: shallow })).toEqual([{ parameter: 'env.level', code: 'type_mismatch' }]);
  });

  it('rejects a 5 MB string without echoing it (its time is in npm run bench)', () => {
    const huge = 'A'.repeat(5 * 1024 * 1024);
    const result = validator.validate(readFile, { path: huge });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ parameter: 'path', code: 'string_too_long' });
    expect(JSON.stringify(result).length).toBeLessThan(500);
    expect(toLlmContext(result).length).toBeLessThan(500);
  });

  it('truncates echoed values and keys to about 60 characters', () => {
    const longValue = 'v'.repeat(10_000);
    const longKey = 'k'.repeat(10_000);
    const result = validator.validate(readFile, { path: 'a', encoding: longValue, [longKey]: 1 });
    for (const error of result.errors) {
      expect(error.message.length).toBeLessThan(300);
      expect(error.parameter.length).toBeLessThan(70);
    }
    expect(result.errors.find((error) => error.code === 'invalid_enum')?.actual).toBe(`'${'v'.repeat(60)}…'`);
  });

  it('caps the number of reported errors', () => {
    const args: Record<string, number> = { path: 1 };
    for (let index = 0; index < 10_000; index++) args[`unknown_${index}`] = index;
    const result = validator.validate(readFile, args);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(result.errors[MAX_REPORTED_ERRORS]).toEqual({ parameter: '', code: 'invalid_value', message: `${10_001 - MAX_REPORTED_ERRORS} more errors not shown; fix the ones above first` });
  });

  it('never throws, even for a broken tool definition', () => {
    const broken = { name: 'broken' } as unknown as ToolDefinition;
    expect(validator.validate(broken, { a: 1 })).toMatchObject({ valid: false, errors: [{ parameter: '', code: 'invalid_value' }] });
    const hostile = makeTool('hostile', { type: 'object' });
    Object.defineProperty(hostile, 'relationships', {
      get() {
        throw new Error('internal detail at /secret/path');
      },
    });
    const result = validator.validate(hostile, {});
    expect(result.valid).toBe(false);
    expect(result.errors[0].code).toBe('invalid_value');
    expect(result.errors[0].message).not.toContain('/secret');
  });

  it('reports a schema that does not compile instead of throwing', () => {
    const typo = makeTool('typo', { type: 'object', properties: { count: { type: 'integer', maximum: 'five' } } });
    const result = validator.validate(typo, { count: 1 });
    expect(result.valid).toBe(false);
    expect(result.errors[0].message).toContain("The input schema of 'typo' does not compile");
    expect(result.errors[0].message).toContain('maximum');
    expect(validator.precompile(typo)).toMatchObject({ ok: false });
  });

  it('never includes Ajv internals or stack traces in messages', () => {
    const result = validator.validate(everything, { name: 5, count: 'x', tags: [1, 1], options: 3, extra: 1 });
    for (const error of result.errors) {
      expect(error.message).not.toMatch(/instancePath|schemaPath|#\/|\bat .*:\d+/);
      expect(error.message).not.toMatch(/must be (string|integer|object) *$/);
    }
  });
});

describe('compile cache', () => {
  it('compiles each schema once and reuses it', () => {
    validator.reset();
    const first = validator.precompile(readFile);
    expect(first.ok).toBe(true);
    const second = validator.precompile(readFile);
    expect(second).toEqual(first);
  });

  it('reuses the compiled schema for an equal copy with the same $id', () => {
    validator.reset();
    const original = validator.precompile(readFile);
    const copy = makeTool('read_file', structuredClone(readFile.inputSchema));
    expect(validator.precompile(copy)).toEqual(original);
  });

  it('recompiles a changed schema that keeps its $id', () => {
    validator.reset();
    expect(validator.validate(readFile, { path: 'a', start_line: 0 }).valid).toBe(false);
    const edited = structuredClone(readFile.inputSchema) as JsonSchema & { properties: Record<string, JsonSchema> };
    edited.properties.start_line = { type: 'integer', minimum: 0 };
    expect(validator.validate(makeTool('read_file', edited), { path: 'a', start_line: 0 }).valid).toBe(true);
    expect(validator.validate(readFile, { path: 'a', start_line: 0 }).valid).toBe(false);
  });

  it('compiles a corrected schema after a broken one with the same $id', () => {
    const broken = makeTool('fixed', { $id: 'urn:test:fixed', type: 'object', properties: { n: { type: 'integer', maximum: 'five' } } });
    expect(validator.precompile(broken).ok).toBe(false);
    const fixed = makeTool('fixed', { $id: 'urn:test:fixed', type: 'object', properties: { n: { type: 'integer', maximum: 5 } } });
    expect(validator.precompile(fixed).ok).toBe(true);
    expect(errorsOf(fixed, { n: 6 })).toEqual([{ parameter: 'n', code: 'out_of_range' }]);
  });

  it('accepts draft-07 schemas by reading them as 2020-12', () => {
    const imported = makeTool('imported', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(errorsOf(imported, {})).toEqual([{ parameter: 'q', code: 'required' }]);
  });
});

describe('text arguments', () => {
  it('parses valid JSON', () => {
    expect(parseArguments('{"path": "a"}')).toEqual({ ok: true, value: { path: 'a' } });
  });

  it('reports an empty text clearly', () => {
    const parsed = parseArguments('   \n ');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toEqual({ message: 'Arguments are empty: expected a JSON object, for example {}', line: 1, column: 1, offset: 0 });
  });

  it('validateArgumentsText carries the parse error and an error result', () => {
    const result = validator.validateText(readFile, '{\n  "path": "a",\n}');
    expect(result.valid).toBe(false);
    expect(result.parseError).toMatchObject({ line: 3, column: 1, offset: 17 });
    expect(result.errors[0]).toMatchObject({ parameter: '', code: 'invalid_value' });
    expect(result.errors[0].message).toContain('line 3, column 1');
  });

  it('validates parsed text like an object', () => {
    expect(validator.validateText(readFile, '{"path": "README.md"}')).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validator.validateText(readFile, '[]').errors[0].message).toBe('Arguments must be a JSON object, got array');
  });
});

describe('verboseTrace', () => {
  it('walks required parameters, types, constraints, relationships and warnings', () => {
    const args = { path: 'test.txt', start_line: 1 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines).toEqual([
      'Validating against: read_file v1.0.0',
      'Schema: file_operations category',
      'Checking arguments are an object…',
      '  ✓ object',
      'Checking required parameters…',
      '  ✓ path: present',
      'Checking types…',
      '  ✓ path: string',
      '  ✓ start_line: integer',
      'Checking constraints…',
      '  ✓ path: length 8 <= maxLength 4096',
      '  ✓ start_line: 1 >= minimum 1',
      'Checking unknown parameters…',
      '  ✓ none',
      'Checking relationships…',
      '  ✓ end_line must be >= start_line.',
      'Checking warnings…',
      '  ✓ none',
      'Result: ✓ Valid',
    ]);
  });

  it('marks each failure under its step', () => {
    const args = { start_line: 'ten', encoding: 'utf-32', lines: 3 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    const at = (heading: string) => lines.indexOf(heading);
    const line = (text: string) => lines.findIndex((entry) => entry.includes(text));
    expect(line("✗ path: Missing required property 'path'")).toBeGreaterThan(at('Checking required parameters…'));
    expect(line("✗ start_line: Property 'start_line' must be integer")).toBeGreaterThan(at('Checking types…'));
    expect(line('✗ encoding:')).toBeGreaterThan(at('Checking constraints…'));
    expect(line("✗ lines: Unknown parameter 'lines'")).toBeGreaterThan(at('Checking unknown parameters…'));
    expect(lines[lines.length - 1]).toBe('Result: ✗ Invalid (4 errors)');
  });

  it('lists relationship failures under relationships', () => {
    const args = { path: 'a', start_line: 5, end_line: 2 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines.findIndex((entry) => entry.includes('✗ end_line'))).toBeGreaterThan(lines.indexOf('Checking relationships…'));
  });

  it('still ticks the constraints a parameter passed when only a relationship fails', () => {
    const args = { path: 'a', start_line: 150, end_line: 100 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    const constraints = lines.slice(lines.indexOf('Checking constraints…') + 1, lines.indexOf('Checking unknown parameters…'));
    expect(constraints).toEqual(['  ✓ path: length 1 <= maxLength 4096', '  ✓ start_line: 150 >= minimum 1', '  ✓ end_line: 100 >= minimum 1']);
    const relationships = lines.slice(lines.indexOf('Checking relationships…') + 1, lines.indexOf('Checking warnings…'));
    expect(relationships).toEqual(["  ✗ end_line: Parameter 'end_line' (100) must not be less than 'start_line' (150)"]);
  });

  it('ticks no constraint for a parameter that fails its own', () => {
    const args = { path: 'a', start_line: 0, end_line: 100 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines.some((line) => line.startsWith('  ✓ start_line: 0'))).toBe(false);
    expect(lines).toContain('  ✓ end_line: 100 >= minimum 1');
  });

  it('does not tick a relationship it could not judge because a value involved is already invalid', () => {
    const args = { path: 'a', start_line: 'ten', end_line: 2 };
    const lines = verboseTrace(readFile, args, validator.validate(readFile, args));
    expect(lines[lines.indexOf('Checking relationships…') + 1]).toBe("  – not checked ('start_line' already invalid): end_line must be >= start_line.");
  });

  it('stops at the nesting check when a value is too deep, since no other rule ran', () => {
    let deep: unknown = 1;
    for (let level = 0; level < MAX_NESTING_DEPTH + 5; level++) deep = { a: deep };
    const args = { path: 'a', unknown_parameter: deep };
    expect(verboseTrace(readFile, args, validator.validate(readFile, args)).slice(4)).toEqual([
      'Checking nesting depth…',
      `  ✗ unknown_parameter: Parameter 'unknown_parameter' is nested more than ${MAX_NESTING_DEPTH} levels deep`,
      '  (no other rule was checked)',
      'Result: ✗ Invalid (1 error)',
    ]);
  });

  it('stops after the object check for non-object arguments', () => {
    expect(verboseTrace(readFile, [1], validator.validate(readFile, [1]))).toEqual([
      'Validating against: read_file v1.0.0',
      'Schema: file_operations category',
      'Checking arguments are an object…',
      '  ✗ (arguments): Arguments must be a JSON object, got array',
      'Result: ✗ Invalid (1 error)',
    ]);
  });
});

describe('pattern safety in the validator', () => {
  const withPattern = (pattern: string, maxLength?: number) =>
    makeTool('patterned', {
      type: 'object',
      properties: { name: { type: 'string', pattern, ...(maxLength === undefined ? {} : { maxLength }) } },
      additionalProperties: false,
    });

  it('checks length before pattern: a value over maxLength gets only string_too_long, at once', () => {
    validator.reset();
    // A quadratic pattern: run on the long value it would also add its own length error (or cost ~seconds).
    const tool = withPattern('[^\\u0000]*$', 10);
    const result = validator.validate(tool, { name: `${'a'.repeat(100_000)}\u0000x` });
    expect(result.errors).toEqual([expect.objectContaining({ parameter: 'name', code: 'string_too_long' })]);
  });

  it('runs {pattern: ^(a+)+$} on RE2: a long value is answered at once instead of hanging', () => {
    validator.reset();
    const tool = withPattern('^(a+)+$');
    expect(validator.precompile(tool).ok).toBe(true);
    expect(validator.validate(tool, { name: `${'a'.repeat(100_000)}!` }).errors).toEqual([expect.objectContaining({ parameter: 'name', code: 'pattern_mismatch' })]);
    expect(validator.validate(tool, { name: 'a'.repeat(100_000) }).valid).toBe(true);
  });

  it('refuses at compile time an exponential pattern RE2 cannot run (lookaround)', () => {
    validator.reset();
    const tool = withPattern('^(a+)+(?!b)$', 10);
    for (const result of [validator.validate(tool, { name: `${'a'.repeat(28)}!` }), validator.validate(tool, { name: 'aaaa!' })]) {
      expect(result.valid).toBe(false);
      expect(result.errors[0].code).toBe('invalid_value');
      expect(result.errors[0].message).toContain('does not compile');
      expect(result.errors[0].message).toContain('backtrack exponentially');
    }
    expect(validator.precompile(tool).ok).toBe(false);
  });

  it('refuses a value over the safe input length of a quadratic lookaround pattern with its own message', () => {
    validator.reset();
    const tool = withPattern('(?!x)[^\\u0000]*$');
    const result = validator.validate(tool, { name: `${'a'.repeat(60_000)}\u0000x` });
    expect(result.errors).toEqual([expect.objectContaining({ parameter: 'name', code: 'pattern_mismatch', actual: '60002 characters' })]);
    expect(result.errors[0].message).toBe(
      "Parameter 'name' is 60002 characters, too long to be checked against its pattern (?!x)[^\\u0000]*$: a quadratic-time pattern is tested only on values up to 10000 characters",
    );
    expect(validator.validate(tool, { name: 'short' }).valid).toBe(true);
  });

  it('still tests a linear pattern on a long value and reports the mismatch', () => {
    validator.reset();
    const tool = withPattern('^[a-z]+$');
    expect(validator.validate(tool, { name: 'a'.repeat(200_000) }).valid).toBe(true);
    expect(validator.validate(tool, { name: `${'a'.repeat(200_000)}!` }).errors[0].code).toBe('pattern_mismatch');
  });
});

describe('duplicate parameters in argument text', () => {
  it('validateArgumentsText reports a repeated parameter as invalid_value with its place', () => {
    const result = validator.validateText(readFile, '{"path":"x","path":"y"}');
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        parameter: 'path',
        code: 'invalid_value',
        message: "Parameter 'path' appears twice (line 1, column 13); JSON keeps only the last value",
        expected: "'path' given once",
        actual: '2 times',
      },
    ]);
  });

  it('the page’s path — parseArguments, then validator.validate on the value — reports it too', () => {
    const parsed = parseArguments('{\n  "path": "a",\n  "start_line": 1,\n  "path": "b"\n}');
    if (!parsed.ok) throw new Error('expected the text to parse');
    const result = validator.validate(readFile, parsed.value);
    expect(result.errors.map((error) => [error.parameter, error.code, error.message])).toEqual([
      ['path', 'invalid_value', "Parameter 'path' appears twice (line 4, column 3); JSON keeps only the last value"],
    ]);
    // The same arguments built in code (the form) have no text, so nothing is reported.
    expect(validator.validate(readFile, { path: 'b', start_line: 1 }).valid).toBe(true);
  });

  it('lists the repeat next to the schema’s own errors, and in the verbose trace', () => {
    const text = '{"path": "a", "start_line": "ten", "path": "b"}';
    const result = validator.validateText(readFile, text);
    expect(result.errors.map((error) => [error.parameter, error.code])).toEqual([
      ['path', 'invalid_value'],
      ['start_line', 'type_mismatch'],
    ]);
    const parsed = parseArguments(text);
    expect(verboseTrace(readFile, parsed.ok ? parsed.value : null, result).join('\n')).toContain("✗ path: Parameter 'path' appears twice (line 1, column 36)");
  });
});
