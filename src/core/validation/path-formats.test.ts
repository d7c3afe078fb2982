import { createCompilingValidator } from './compile';
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { createPathFormats, PATH_FORMATS, pathProblem, pathProblemInFull, pathViolation } from './path-formats';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const allTools: ToolDefinition[] = collection.toolsets.flatMap((toolset) => toolset.tools);
const tool = (name: string): ToolDefinition => {
  const found = allTools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
};

/** Every top-level parameter (or array of them) whose schema declares a path format. */
function pathParameters(definition: ToolDefinition): { name: string; items: boolean }[] {
  const properties = (definition.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const found: { name: string; items: boolean }[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (PATH_FORMATS.includes(String(schema.format))) found.push({ name, items: false });
    const items = schema.items as Record<string, unknown> | undefined;
    if (items !== undefined && PATH_FORMATS.includes(String(items.format))) found.push({ name, items: true });
  }
  return found;
}

/** The smallest valid arguments of a tool (its first example), with one path parameter replaced. */
function withPath(
  definition: ToolDefinition,
  parameter: { name: string; items: boolean },
  value: string,
): Record<string, unknown> {
  return { ...definition.examples[0].arguments, [parameter.name]: parameter.items ? [value] : value };
}

const HOSTILE_PATHS = [
  '../../../etc/passwd',
  '/etc/passwd',
  'src/\u0000.ts',
  '..\\..\\windows\\system32',
  '%2e%2e/%2e%2e/etc/passwd',
  '..%2fetc%2fpasswd',
  'C:\\Windows\\win.ini',
  '~/.ssh/id_rsa',
  '\u2025/etc/passwd',
  '\uff0e\uff0e\uff0fetc',
  'src/../../outside',
  '/workspace/../etc',
];

describe('Layer-1 path security at validation time', () => {
  it('finds path parameters in both toolsets from the schema alone', () => {
    const withPaths = allTools
      .filter((definition) => pathParameters(definition).length > 0)
      .map((definition) => definition.name);
    expect(withPaths).toEqual(
      expect.arrayContaining([
        'read_file',
        'write_file',
        'move_file',
        'git_commit',
        'ReadFile',
        'WriteFile',
        'DeleteFile',
        'ListFiles',
        'Grep',
      ]),
    );
    expect(withPaths.length).toBeGreaterThanOrEqual(29);
  });

  it('validate read_file reports the seed example as path_outside_workspace', () => {
    const result = validator.validate(tool('read_file'), { path: '../../../etc/passwd' });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      expect.objectContaining({
        parameter: 'path',
        code: 'path_outside_workspace',
        message: "Parameter 'path': path is outside the workspace: '../../../etc/passwd'",
      }),
    ]);
  });

  it('shows a NUL byte escaped, never raw', () => {
    const [error] = validator.validateText(tool('read_file'), '{"path": "a\\u0000b"}').errors;
    expect(error).toMatchObject({ code: 'path_outside_workspace', parameter: 'path' });
    expect(error.message).toContain('NUL');
    expect(error.message).toContain('a\\x00b');
    expect(error.message).not.toContain('\u0000');
  });

  for (const definition of allTools) {
    for (const parameter of pathParameters(definition)) {
      it(`${definition.name}.${parameter.name}: every spelling of traversal is path_outside_workspace`, () => {
        for (const hostile of HOSTILE_PATHS) {
          const result = validator.validate(definition, withPath(definition, parameter, hostile));
          const at = parameter.items ? `${parameter.name}[0]` : parameter.name;
          expect(
            result.errors.map((error) => `${error.parameter}:${error.code}`),
            hostile,
          ).toContain(`${at}:path_outside_workspace`);
        }
      });
    }
  }

  it('keeps paths inside the workspace valid, absolute ones too where the toolset allows them', () => {
    expect(validator.validate(tool('read_file'), { path: 'src/app.ts' }).valid).toBe(true);
    expect(validator.validate(tool('read_file'), { path: '/workspace/src/app.ts' }).valid).toBe(true);
    expect(validator.validate(tool('read_file'), { path: 'src/../README.md' }).valid).toBe(true);
    expect(validator.validate(tool('read_file'), { path: '100%25.txt' }).valid).toBe(true);
    expect(validator.validate(tool('ReadFile'), { filePath: 'src/app.ts' }).valid).toBe(true);
  });

  it('PRFactory paths are relative only and never contain .. (its PathValidator), so the page says what the runtime does', () => {
    expect(validator.validate(tool('ReadFile'), { filePath: 'src/../README.md' }).errors[0]).toMatchObject({
      code: 'path_outside_workspace',
      parameter: 'filePath',
    });
    expect(validator.validate(tool('ReadFile'), { filePath: '/workspace/README.md' }).errors[0]).toMatchObject({
      code: 'path_outside_workspace',
    });
    // The seed refuses '..' anywhere (`filePath.Contains("..")`), and so does the runtime: `a..b.ts` too.
    expect(pathViolation('src/a..b.ts', 'workspace-relative-path')).toBe("path contains '..', which is not allowed");
    expect(pathViolation('src/a..b.ts', 'workspace-path')).toBeNull();
  });
});

describe('the last refused path is remembered with its format', () => {
  it('gives each format its own verdict on the same value, and still counts every unclean look', () => {
    const formats = createPathFormats();
    const other = createPathFormats();
    const inside = '/workspace/src/app.ts';
    for (let round = 0; round < 2; round++) {
      for (const format of ['workspace-relative-path', 'workspace-path', 'workspace-relative-path']) {
        const before = formats.uncleanCount();
        expect(formats.pathProblem(inside, format)).toEqual(pathProblemInFull(inside, format));
        expect(formats.uncleanCount()).toBe(before + 1);
      }
    }
    // Another set of formats counts only what it looked at.
    expect(other.uncleanCount()).toBe(0);
    expect(formats.pathProblem(inside, 'workspace-path')).toBeNull();
    expect(formats.pathProblem(inside, 'workspace-relative-path')?.code).toBe('path_outside_workspace');
    const huge = `../${'a/'.repeat(3000)}`;
    expect(formats.pathProblem(huge, 'workspace-path')).toEqual(pathProblemInFull(huge, 'workspace-path'));
    expect(formats.pathProblem('../x', 'workspace-path')).toEqual(pathProblemInFull('../x', 'workspace-path'));
    expect(pathProblem('../x', 'workspace-path')).toEqual(pathProblemInFull('../x', 'workspace-path'));
  });
});

describe('warnings carry a severity, and security_concern and compatibility are produced', () => {
  it('a secrets file earns security_concern, severity 3', () => {
    const result = validator.validate(tool('read_file'), { path: '.env' });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      expect.objectContaining({ parameter: 'path', code: 'security_concern', severity: 3 }),
    ]);
  });

  it('backslashes and names Windows cannot create earn compatibility, severity 2', () => {
    const result = validator.validate(tool('write_file'), { path: 'src\\aux.ts', content: 'x' });
    expect(result.valid).toBe(true);
    expect(result.warnings.map((warning) => [warning.code, warning.severity])).toEqual([
      ['compatibility', 2],
      ['compatibility', 2],
    ]);
    expect(result.warnings[1].message).toContain("'aux.ts'");
  });

  it('each path in an array is judged on its own', () => {
    const result = validator.validate(tool('git_commit'), { message: 'm', files: ['ok.ts', 'id_rsa'] });
    expect(result.warnings).toEqual([expect.objectContaining({ parameter: 'files[1]', code: 'security_concern' })]);
  });

  it('an ordinary path earns no warning', () => {
    expect(validator.validate(tool('read_file'), { path: 'src/app.ts' }).warnings).toEqual([]);
  });
});

describe('enum matching: strict is exact, lenient accepts letter case with a warning', () => {
  it("strict mode refuses 'UTF-8' and suggests the canonical value", () => {
    const result = validator.validate(tool('read_file'), { path: 'a.txt', encoding: 'UTF-8' });
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatchObject({ code: 'invalid_enum', parameter: 'encoding' });
    expect(result.errors[0].message.toLowerCase()).toContain("did you mean 'utf-8'?");
  });

  it("lenient mode accepts 'UTF-8' with a compatibility warning naming 'utf-8'", () => {
    const result = validator.validate(tool('read_file'), { path: 'a.txt', encoding: 'UTF-8' }, { lenient: true });
    expect(result.valid).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ parameter: 'encoding', code: 'compatibility', severity: 2 }),
    ]);
    expect(result.warnings[0].message).toContain("'utf-8'");
  });

  it('lenient mode still refuses a value that is not a case variant', () => {
    const result = validator.validate(tool('read_file'), { path: 'a.txt', encoding: 'utf-32' }, { lenient: true });
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatchObject({ code: 'invalid_enum', parameter: 'encoding' });
  });
});
