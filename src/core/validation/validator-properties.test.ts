import { describe, expect, it } from 'vitest';
import { validator, makeTool, readFile, everything, errorsOf } from './validator.test-support';

describe('validator.validate: unknown properties', () => {
  it('rejects unknown properties by default and ignores them when lenient', () => {
    expect(validator.validate(readFile, { path: 'a', verbose: true }).valid).toBe(false);
    expect(validator.validate(readFile, { path: 'a', verbose: true }, { lenient: true })).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
    expect(errorsOf(readFile, { verbose: true }, true)).toEqual([{ parameter: 'path', code: 'required' }]);
  });

  it('suggests the snake_case name for camelCase', () => {
    expect(validator.validate(readFile, { path: 'a', startLine: 1 }).errors[0].message).toBe(
      "Unknown parameter 'startLine'. Did you mean 'start_line'?",
    );
  });

  it('suggests close spellings', () => {
    expect(validator.validate(readFile, { path: 'a', encodng: 'ascii' }).errors[0].message).toBe(
      "Unknown parameter 'encodng'. Did you mean 'encoding'?",
    );
  });

  it('suggests path for filepath, file and filename', () => {
    for (const alias of ['filepath', 'file', 'filename']) {
      const result = validator.validate(readFile, { [alias]: 'a.txt' });
      expect(result.errors.find((error) => error.parameter === alias)?.message).toBe(
        `Unknown parameter '${alias}'. Did you mean 'path'?`,
      );
    }
  });

  it('does not suggest a name that is already given', () => {
    expect(validator.validate(readFile, { path: 'a', filepath: 'b' }).errors[0].message).toBe(
      "Unknown parameter 'filepath'",
    );
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
        cfg: {
          type: 'object',
          properties: { host: { type: 'string' }, port: { type: 'integer' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    });
    const messages = (args: Record<string, unknown>) =>
      validator.validate(server, args).errors.map((error) => error.message);
    expect(messages({ command: 'ls', timeout: 5 })).toEqual([
      "Unknown parameter 'timeout'. Did you mean 'timeout_seconds'?",
    ]);
    expect(messages({ command: 'ls', cfg: { prot: 80 } })).toEqual([
      "Unknown parameter 'cfg.prot'. Did you mean 'cfg.port'?",
    ]);
    // No guess for a different word.
    expect(messages({ command: 'ls', cfg: { name: 'x' } })).toEqual(["Unknown parameter 'cfg.name'"]);
  });
});

describe('validator.validate: relationships', () => {
  const askUser = makeTool(
    'ask_user',
    {
      type: 'object',
      properties: {
        question: { type: 'string' },
        options: { type: 'array', items: { type: 'string' } },
        default_option: { type: 'string' },
      },
      required: ['question'],
      additionalProperties: false,
    },
    {
      relationships: [
        {
          kind: 'member_of',
          parameter: 'default_option',
          list: 'options',
          description: 'default_option must be one of options.',
        },
      ],
    },
  );
  const semanticSearch = makeTool(
    'semantic_search',
    {
      type: 'object',
      properties: {
        query: { type: 'string' },
        scope: { type: 'string', enum: ['workspace', 'directory', 'file'], default: 'workspace' },
        path: { type: 'string' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    {
      relationships: [
        {
          kind: 'required_unless',
          parameter: 'path',
          when: 'scope',
          equals: 'workspace',
          description: 'path is required unless scope is workspace.',
        },
      ],
    },
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
    expect(errorsOf(readFile, { path: 'a', start_line: 'ten', end_line: 5 })).toEqual([
      { parameter: 'start_line', code: 'type_mismatch' },
    ]);
  });

  it('member_of: default_option must be among options', () => {
    const result = validator.validate(askUser, {
      question: 'Which?',
      options: ['xUnit', 'NUnit'],
      default_option: 'MSTest',
    });
    expect(result.errors).toEqual([
      expect.objectContaining({
        parameter: 'default_option',
        code: 'invalid_value',
        expected: 'One of: xUnit, NUnit',
        actual: "'MSTest'",
      }),
    ]);
    expect(
      validator.validate(askUser, { question: 'Which?', options: ['xUnit', 'NUnit'], default_option: 'NUnit' }).valid,
    ).toBe(true);
    expect(errorsOf(askUser, { question: 'Which?', options: ['a'], default_option: 3 })).toEqual([
      { parameter: 'default_option', code: 'type_mismatch' },
    ]);
    const withoutList = validator.validate(askUser, { question: 'Which?', default_option: 'Yes' });
    expect(withoutList.errors).toEqual([
      expect.objectContaining({
        parameter: 'default_option',
        code: 'invalid_value',
        message: "Parameter 'default_option' must be one of the values in 'options', but 'options' is not given",
      }),
    ]);
  });

  it('required_unless: path is required when scope is not workspace', () => {
    expect(errorsOf(semanticSearch, { query: 'auth', scope: 'file' })).toEqual([
      { parameter: 'path', code: 'required' },
    ]);
    expect(validator.validate(semanticSearch, { query: 'auth', scope: 'file' }).errors[0].message).toBe(
      "Missing required property 'path' (required when 'scope' is 'file', not 'workspace')",
    );
    expect(validator.validate(semanticSearch, { query: 'auth' }).valid).toBe(true);
    expect(validator.validate(semanticSearch, { query: 'auth', scope: 'workspace' }).valid).toBe(true);
    expect(validator.validate(semanticSearch, { query: 'auth', scope: 'directory', path: 'src' }).valid).toBe(true);
    // An invalid scope is reported once, as the enum error, not also as a missing path.
    expect(errorsOf(semanticSearch, { query: 'auth', scope: 'project' })).toEqual([
      { parameter: 'scope', code: 'invalid_enum' },
    ]);
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
    {
      warnings: [
        { code: 'large_value', parameter: 'content', maxChars: 100, description: 'Consider writing in chunks.' },
      ],
    },
  );
  const listDirectory = makeTool(
    'list_directory',
    {
      type: 'object',
      properties: {
        path: { type: 'string' },
        recursive: { type: 'boolean', default: false },
        max_depth: { type: 'integer' },
      },
      required: ['path'],
    },
    {
      warnings: [
        {
          code: 'slow_operation',
          when: { recursive: true },
          unlessPresent: 'max_depth',
          description: 'A recursive listing without max_depth may be slow.',
        },
      ],
    },
  );

  it('large_value: a valid result carries the warning', () => {
    const result = validator.validate(writeFile, { path: 'a', content: 'x'.repeat(101) });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      {
        parameter: 'content',
        code: 'large_value',
        message: "Parameter 'content' is 101 characters, over 100. Consider writing in chunks.",
        severity: 1,
      },
    ]);
    expect(validator.validate(writeFile, { path: 'a', content: 'x'.repeat(100) }).warnings).toEqual([]);
  });

  it('slow_operation: when all pairs match and the escape parameter is absent', () => {
    expect(validator.validate(listDirectory, { path: '.', recursive: true }).warnings).toEqual([
      {
        parameter: 'recursive',
        code: 'slow_operation',
        message: 'This may be slow: A recursive listing without max_depth may be slow.',
        severity: 1,
      },
    ]);
    expect(validator.validate(listDirectory, { path: '.', recursive: true, max_depth: 2 }).warnings).toEqual([]);
    expect(validator.validate(listDirectory, { path: '.' }).warnings).toEqual([]);
    expect(validator.validate(listDirectory, { path: '.', recursive: false }).warnings).toEqual([]);
  });

  it('deprecated: a property marked deprecated earns a warning naming its replacement', () => {
    const result = validator.validate(everything, { recurse: true, legacy: 'x' });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      {
        parameter: 'recurse',
        code: 'deprecated',
        message: "Parameter 'recurse' is deprecated. Use 'options.recursive' instead.",
        severity: 2,
      },
      { parameter: 'legacy', code: 'deprecated', message: "Parameter 'legacy' is deprecated.", severity: 2 },
    ]);
  });
});
