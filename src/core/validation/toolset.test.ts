import { createCompilingValidator } from './compile';
/**
 * The core toolset against the validator: for every tool, six kinds of case (valid, missing
 * required, wrong type, constraint violation, extra field, examples), every invalid example,
 * and the verification scenarios of the toolset specification.
 */
import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import type { JsonObject, JsonValue, ToolDefinition } from '../toolset/types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

type PropertySchema = Record<string, JsonValue>;

const tools = bundle.tools;

function propertiesOf(tool: ToolDefinition): Record<string, PropertySchema> {
  return (tool.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
}

function requiredOf(tool: ToolDefinition): string[] {
  return ((tool.inputSchema.required ?? []) as JsonValue[]).map(String);
}

/** The smallest value a property schema accepts. */
function validValue(schema: PropertySchema): JsonValue {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'string':
      return 'a'.repeat(Math.max(1, typeof schema.minLength === 'number' ? schema.minLength : 1));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

function minimalArguments(tool: ToolDefinition): JsonObject {
  const properties = propertiesOf(tool);
  const args: JsonObject = {};
  for (const name of requiredOf(tool)) args[name] = validValue(properties[name]);
  return args;
}

function wrongTypeValue(schema: PropertySchema): JsonValue {
  switch (schema.type) {
    case 'string':
      return 42;
    case 'integer':
    case 'number':
      return 'ten';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not-an-array';
    default:
      return 'not-an-object';
  }
}

/** A value breaking the property's first constraint, with the code it must produce. */
function violation(schema: PropertySchema): { value: JsonValue; code: string } | undefined {
  if (typeof schema.maxLength === 'number') return { value: 'x'.repeat(schema.maxLength + 1), code: 'string_too_long' };
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    return { value: 'x'.repeat(schema.minLength - 1), code: 'string_too_short' };
  if (typeof schema.maximum === 'number') return { value: schema.maximum + 1, code: 'out_of_range' };
  if (typeof schema.minimum === 'number') return { value: schema.minimum - 1, code: 'out_of_range' };
  if (Array.isArray(schema.enum)) return { value: 'not-in-the-enum', code: 'invalid_enum' };
  if (typeof schema.maxItems === 'number')
    return { value: Array.from({ length: schema.maxItems + 1 }, (_, index) => `item${index}`), code: 'array_too_many' };
  return undefined;
}

const codesAt = (tool: ToolDefinition, args: unknown) =>
  validator.validate(tool, args).errors.map((error) => ({ parameter: error.parameter, code: error.code }));

const byName = (name: string): ToolDefinition => {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`tool ${name} is not in the bundle`);
  return tool;
};

describe('the bundle', () => {
  it('holds the 17 core tools and every schema compiles', () => {
    expect(tools).toHaveLength(17);
    for (const tool of tools) expect(validator.precompile(tool), tool.name).toMatchObject({ ok: true });
  });
});

describe.each(tools.map((tool) => [tool.name, tool] as const))('%s', (_name, tool) => {
  it('1 valid: the smallest valid arguments pass', () => {
    expect(validator.validate(tool, minimalArguments(tool))).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('2 missing required: each required parameter, when left out, is reported as required', () => {
    const required = requiredOf(tool);
    if (required.length === 0) {
      expect(validator.validate(tool, {}).valid).toBe(true);
      return;
    }
    for (const name of required) {
      const args = minimalArguments(tool);
      delete args[name];
      expect(codesAt(tool, args), name).toEqual([{ parameter: name, code: 'required' }]);
    }
  });

  it('3 wrong type: a value of the wrong JSON type is a type_mismatch on that parameter', () => {
    const properties = propertiesOf(tool);
    const names = Object.keys(properties);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const args = { ...minimalArguments(tool), [name]: wrongTypeValue(properties[name]) };
      expect(codesAt(tool, args), name).toEqual([{ parameter: name, code: 'type_mismatch' }]);
    }
  });

  it('4 constraint violation: breaking a bound gives its code on that parameter', () => {
    const properties = propertiesOf(tool);
    let checked = 0;
    for (const [name, schema] of Object.entries(properties)) {
      const broken = violation(schema);
      if (broken === undefined) continue;
      const args = { ...minimalArguments(tool), [name]: broken.value };
      expect(codesAt(tool, args), name).toEqual([{ parameter: name, code: broken.code }]);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('5 extra field: rejected by default with invalid_value, ignored when lenient', () => {
    const args = { ...minimalArguments(tool), unexpected_field: 1 };
    const result = validator.validate(tool, args);
    expect(result.errors).toEqual([
      expect.objectContaining({
        parameter: 'unexpected_field',
        code: 'invalid_value',
        message: "Unknown parameter 'unexpected_field'",
      }),
    ]);
    expect(validator.validate(tool, args, { lenient: true }).valid).toBe(true);
  });

  it('6 examples: every example validates without errors', () => {
    expect(tool.examples.length).toBeGreaterThan(0);
    for (const example of tool.examples) {
      expect(validator.validate(tool, example.arguments).errors, example.title).toEqual([]);
    }
  });
});

const invalidCases = tools.flatMap((tool) =>
  tool.invalidExamples.map((example) => [tool.name, example.title, tool, example] as const),
);

describe('invalid examples', () => {
  it.each(invalidCases)('%s: %s', (_toolName, _title, tool, example) => {
    const result = validator.validate(tool, example.arguments);
    expect(result.valid).toBe(false);
    expect(result.errors).toContainEqual(
      expect.objectContaining({ code: example.expected.code, parameter: example.expected.parameter }),
    );
  });
});

describe('verification scenarios', () => {
  const messages = (toolName: string, text: string) => {
    const result = validator.validateText(byName(toolName), text);
    return {
      valid: result.valid,
      text: result.errors.map((error) => `${error.parameter}: ${error.message}`).join('\n'),
    };
  };

  it('3: valid read_file arguments pass', () => {
    for (const text of [
      '{"path": "README.md"}',
      '{"path": "src/main.cs", "start_line": 1, "end_line": 100}',
      '{"path": "data.txt", "encoding": "ascii"}',
      '{"path": "file.txt", "start_line": 10, "end_line": 20, "encoding": "utf-16"}',
    ]) {
      expect(messages('read_file', text).valid, text).toBe(true);
    }
  });

  it('4: invalid read_file arguments name the parameter and the rule', () => {
    expect(messages('read_file', '{}').text).toMatch(/path[\s\S]*required/);
    expect(messages('read_file', '{"path": "test.txt", "start_line": "ten"}').text).toMatch(/start_line[\s\S]*integer/);
    expect(messages('read_file', '{"path": "test.txt", "encoding": "utf-32"}').text).toMatch(/encoding[\s\S]*enum/);
    expect(messages('read_file', '{"path": "test.txt", "start_line": 0}').text).toMatch(/start_line[\s\S]*minimum/);
  });

  it('5: execute_command timeout bounds', () => {
    for (const timeout of [60, 1, 3600])
      expect(messages('execute_command', `{"command": "echo test", "timeout_seconds": ${timeout}}`).valid).toBe(true);
    const below = messages('execute_command', '{"command": "echo test", "timeout_seconds": 0}');
    expect(below.valid).toBe(false);
    expect(below.text).toContain('minimum');
    const above = messages('execute_command', '{"command": "echo test", "timeout_seconds": 5000}');
    expect(above.valid).toBe(false);
    expect(above.text).toContain('maximum');
  });

  it('6: execute_script accepts only its languages', () => {
    for (const language of ['powershell', 'bash', 'python'])
      expect(messages('execute_script', `{"script": "x", "language": "${language}"}`).valid).toBe(true);
    for (const language of ['javascript', 'ruby']) {
      const result = messages('execute_script', `{"script": "x", "language": "${language}"}`);
      expect(result.valid).toBe(false);
      expect(result.text).toMatch(/language[\s\S]*enum/);
    }
  });

  it('7: git_log count bounds', () => {
    for (const text of ['{}', '{"count": 50}', '{"count": 1}', '{"count": 100}'])
      expect(messages('git_log', text).valid, text).toBe(true);
    for (const text of ['{"count": 0}', '{"count": 500}', '{"count": 101}'])
      expect(messages('git_log', text).valid, text).toBe(false);
  });

  it('8: git_commit message constraints', () => {
    expect(messages('git_commit', '{"message": "feat: add new feature"}').valid).toBe(true);
    expect(messages('git_commit', '{"message": "fix: bug fix", "files": ["src/app.cs"]}').valid).toBe(true);
    expect(messages('git_commit', '{"message": ""}').text).toContain('minLength');
    expect(messages('git_commit', '{}').text).toContain('required');
    expect(messages('git_commit', JSON.stringify({ message: 'a'.repeat(600) })).text).toContain('maxLength');
  });

  it('troubleshooting: camelCase names get the snake_case suggestion', () => {
    expect(messages('read_file', '{"path": "a", "startLine": 1, "endLine": 10}').text).toBe(
      "startLine: Unknown parameter 'startLine'. Did you mean 'start_line'?\nendLine: Unknown parameter 'endLine'. Did you mean 'end_line'?",
    );
  });

  it('threat 4: the safe error for an overlong path', () => {
    expect(messages('read_file', JSON.stringify({ path: 'a'.repeat(4523) })).text).toBe(
      "path: Parameter 'path' exceeds maxLength 4096 (actual: 4523)",
    );
  });

  it('write_file: 1 MB of content is valid and warned about as large', () => {
    const result = validator.validate(byName('write_file'), { path: 'big.txt', content: 'x'.repeat(1_048_576) });
    expect(result.valid).toBe(true);
    expect(result.warnings.map((warning) => warning.code)).toEqual(['large_value']);
    expect(
      validator.validate(byName('write_file'), { path: 'big.txt', content: 'x'.repeat(1_048_577) }).errors,
    ).toEqual([expect.objectContaining({ parameter: 'content', code: 'string_too_long' })]);
  });

  it('slow operations are warned about', () => {
    expect(
      validator
        .validate(byName('list_directory'), { path: '.', recursive: true })
        .warnings.map((warning) => warning.code),
    ).toEqual(['slow_operation']);
    expect(validator.validate(byName('search_files'), { query: 'x', regex: true, pattern: '*.ts' }).warnings).toEqual(
      [],
    );
  });
});
