/**
 * The compiled warning checks (warning-checks.ts) against the reference they replace on the validator's path
 * (`collectWarnings`, warning-checks.test-support.ts): the same warnings, in the same order, for every bundled tool and for made-up
 * tools with nested, deprecated and defaulted parameters, on generated arguments and with errors present.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { JsonSchema, ToolDefinition, WarningRule } from '../toolset/types';
import { createAjv, createCompilingValidator, RE2_ENGINE } from './compile';
import { createPathFormats, PATH_FORMATS } from './path-formats';
import { createValidator, type PrecompiledValidator } from './validator';
import { validators as generatedValidators } from '../../generated/validators.js';
import { NO_REGEX_ENGINE } from './linear-engine';
import { collectWarnings } from './warning-checks.test-support';
import { collectDeprecated, collectPathProperties } from './schema-shape';
import type { ValidationError } from './types';
import { compileWarningChecks, formatChecksEveryPath } from './warning-checks';
import { hasErrorAt } from './rules';

function shapeOf(schema: JsonSchema) {
  const deprecatedProperties: Parameters<typeof collectDeprecated>[3] = [];
  collectDeprecated(schema, [], '', deprecatedProperties);
  return { pathProperties: collectPathProperties(schema), deprecatedProperties };
}

/** Strings that earn remarks or warnings, and strings that do not. */
const STRINGS = [
  'src/app.ts',
  'README.md',
  '.env',
  'id_rsa',
  'x.pem',
  'con',
  '..\\a',
  'a\\b',
  '/etc/passwd',
  '',
  'sudo ls',
  'rm -rf ~',
  'cargo build',
  'npm test',
  'é',
  'cab',
  'x'.repeat(20),
  'x'.repeat(21),
  'x'.repeat(300),
];
const values: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...STRINGS), weight: 6 },
  fc.string(),
  fc.boolean(),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.constantFrom(...STRINGS), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('recursive', 'depth', 'old', 'path'),
    fc.oneof(fc.boolean(), fc.constantFrom(...STRINGS)),
    { maxKeys: 3 },
  ),
);

function argumentsFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys((schema.properties as object | undefined) ?? {});
  return fc.dictionary(fc.constantFrom(...names, 'other'), values, { maxKeys: names.length + 1 });
}

const errorsAt = (names: string[]): fc.Arbitrary<ValidationError[]> =>
  fc
    .subarray(names)
    .map((picked) => picked.map((parameter) => ({ parameter, code: 'invalid_value' as const, message: 'x' })));

function agree(tool: ToolDefinition): void {
  const shape = shapeOf(tool.inputSchema);
  const checks = compileWarningChecks(tool, shape);
  const names = Object.keys((tool.inputSchema.properties as object | undefined) ?? {});
  fc.assert(
    fc.property(argumentsFor(tool.inputSchema), errorsAt(names), fc.boolean(), (args, errors, engineLoaded) => {
      const engine = engineLoaded ? RE2_ENGINE : NO_REGEX_ENGINE;
      const expected = collectWarnings(tool, shape, args, errors, engine);
      const actual = checks === null ? [] : checks(args, errors, engine, false);
      expect(actual).toEqual(expected);
    }),
    { numRuns: 300 },
  );
}

describe('compiled warning checks agree with collectWarnings', () => {
  for (const tool of collection.toolsets.flatMap((toolset) => toolset.tools)) {
    it(tool.name, () => agree(tool));
  }

  const madeUp: ToolDefinition = {
    ...collection.toolsets[0]!.tools[0]!,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', format: 'workspace-path' },
        files: { type: 'array', items: { type: 'string', format: 'workspace-relative-path' } },
        options: {
          type: 'object',
          properties: {
            recursive: { type: 'boolean', default: true },
            old: { type: 'string', deprecated: true, 'x-replacement': 'path' },
          },
        },
        legacy: { type: 'string', deprecated: true },
        mode: { type: 'string', default: 'fast' },
        command: { type: 'string' },
      },
    },
    warnings: [
      { code: 'large_value', parameter: 'command', maxChars: 20, description: 'Long.' },
      { code: 'slow_operation', when: { mode: 'fast' }, unlessPresent: 'path', description: 'Defaulted.' },
      { code: 'slow_operation', when: { options: { recursive: true } }, description: 'Nested equality.' },
      { code: 'security_concern', parameter: 'command', matches: '\\bsudo\\b', description: 'Root.' },
      { code: 'compatibility', parameter: 'options.old', matches: 'c(a|o)', description: 'Nested pattern.' },
      { code: 'large_value', parameter: 'options.old', maxChars: 3, description: 'Nested size.' },
    ] as WarningRule[],
  };
  it('a made-up tool with nested, deprecated and defaulted parameters', () => agree(madeUp));

  it('none when the tool has nothing to check', () => {
    const plain: ToolDefinition = {
      ...madeUp,
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      warnings: [],
    };
    expect(compileWarningChecks(plain, shapeOf(plain.inputSchema))).toBeNull();
  });

  it('a pattern edited in place is used at once', () => {
    const rule = { code: 'compatibility' as const, parameter: 'command', matches: 'yarn', description: 'Yarn.' };
    const tool: ToolDefinition = { ...madeUp, warnings: [rule] };
    const checks = compileWarningChecks(tool, shapeOf(tool.inputSchema))!;
    expect(checks({ command: 'npm i' }, [], RE2_ENGINE, false)).toEqual([]);
    rule.matches = 'npm';
    expect(checks({ command: 'npm i' }, [], RE2_ENGINE, false).map((warning) => warning.code)).toEqual([
      'compatibility',
    ]);
  });
});

describe('an error at a parameter or below it', () => {
  it('counts the parameter itself, its keys and its items, not a longer name it begins', () => {
    const at = (...parameters: string[]) =>
      parameters.map((parameter) => ({ parameter, code: 'invalid_value' as const, message: 'x' }));
    expect(hasErrorAt([], 'env')).toBe(false);
    expect(hasErrorAt(at('env'), 'env')).toBe(true);
    expect(hasErrorAt(at('other', 'env.PORT'), 'env')).toBe(true);
    expect(hasErrorAt(at('env[2]'), 'env')).toBe(true);
    expect(hasErrorAt(at('envelope', 'en', 'env_x', ''), 'env')).toBe(false);
    expect(hasErrorAt(at('a.b.c'), 'a.b')).toBe(true);
    expect(hasErrorAt(at('a.bc'), 'a.b')).toBe(false);
  });
});

/** Path values for the skip below: clean ones, and ones that earn remarks or break the format. */
const PATHS = [
  'src/app.ts',
  'README.md',
  'docs/',
  '.',
  '.env',
  'id_rsa',
  'x.pem',
  'con',
  'a\\b',
  '/etc/passwd',
  '..',
  'config/.git/x',
  'Notes .txt',
  '',
];

describe("the validator's short valid path and skipped remark pass agree with the full pass", () => {
  const validators = {
    page: createValidator({
      precompiled: generatedValidators as Record<string, PrecompiledValidator>,
      regexEngine: RE2_ENGINE,
    }),
    cli: createCompilingValidator(),
  };
  /** The names a tool's warnings read: its path parameters, rule parameters and `when` names. */
  const warnedNames = (tool: ToolDefinition): string[] => [
    ...shapeOf(tool.inputSchema).pathProperties.map((property) => property.parameter),
    ...(tool.warnings ?? []).flatMap((rule) => ('parameter' in rule ? [rule.parameter] : Object.keys(rule.when))),
  ];
  const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
  for (const [name, validator] of Object.entries(validators)) {
    it(`${name}: every bundled tool, on its examples with generated paths and values`, () => {
      for (const tool of tools) {
        const shape = shapeOf(tool.inputSchema);
        const names = warnedNames(tool);
        const value = fc.oneof(
          fc.constantFrom(...PATHS, ...STRINGS),
          fc.boolean(),
          fc.array(fc.constantFrom(...PATHS), { maxLength: 3 }),
        );
        const example = fc.constantFrom(...tool.examples.map((entry) => entry.arguments as Record<string, unknown>));
        const overrides = names.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...names), value);
        fc.assert(
          // An unknown parameter besides: a call rejected for another reason still gets its remarks.
          fc.property(example, overrides, fc.boolean(), (base, given, unknown) => {
            const args = unknown ? { ...base, ...given, unknown_parameter: 1 } : { ...base, ...given };
            const result = validator.validate(tool, args);
            // The reference: the full pass (collectWarnings) on the same call, given the same errors.
            expect(result.warnings).toEqual(collectWarnings(tool, shape, args, result.errors, RE2_ENGINE));
          }),
          { numRuns: 60 },
        );
      }
    });
  }

  it('is not taken when the compiler does not run these path formats', () => {
    const paths = createPathFormats();
    const ajv = createAjv({}, RE2_ENGINE, paths);
    const ignoring = createAjv({}, RE2_ENGINE, paths);
    for (const format of PATH_FORMATS) ignoring.addFormat(format, true);
    const tool = collection.toolsets
      .flatMap((toolset) => toolset.tools)
      .find((candidate) => candidate.name === 'read_file')!;
    const { $id: _id, ...schema } = tool.inputSchema;
    const shape = shapeOf(tool.inputSchema);
    expect(formatChecksEveryPath(schema, shape.pathProperties, ajv.compile(schema), paths)).toBe(true);
    expect(formatChecksEveryPath(schema, shape.pathProperties, ignoring.compile(schema), paths)).toBe(false);
    // Formats reporting to another counter prove nothing to this one.
    expect(formatChecksEveryPath(schema, shape.pathProperties, createAjv().compile(schema), paths)).toBe(false);
    const validator = createValidator({
      compile: { compile: (given) => ignoring.compile(given), forget: () => undefined, reset: () => undefined },
      regexEngine: RE2_ENGINE,
    });
    expect(validator.validate(tool, { path: '.env' }).warnings.map((warning) => warning.code)).toEqual([
      'security_concern',
    ]);
  });

  it('is left for the checks when a rule is added in place, or a deprecated parameter is given beside a clean path', () => {
    const validator = createCompilingValidator();
    const tool: ToolDefinition = {
      ...collection.toolsets[0]!.tools[0]!,
      inputSchema: {
        type: 'object',
        properties: {
          path: { type: 'string', format: 'workspace-path' },
          command: { type: 'string' },
          legacy: { type: 'string', deprecated: true },
        },
      },
      relationships: undefined,
      warnings: [],
    };
    const codes = (args: Record<string, unknown>) =>
      validator.validate(tool, args).warnings.map((warning) => warning.code);
    expect(codes({ path: 'src/app.ts', command: 'sudo ls' })).toEqual([]);
    expect(codes({ path: 'src/app.ts', legacy: 'x' })).toEqual(['deprecated']);
    tool.warnings!.push({
      code: 'security_concern',
      parameter: 'command',
      matches: '\\bsudo\\b',
      description: 'Root.',
    });
    expect(codes({ path: 'src/app.ts', command: 'sudo ls' })).toEqual(['security_concern']);
  });

  it('is not taken through a $ref or prefixItems', () => {
    const formats = createPathFormats();
    const ajv = createAjv({}, RE2_ENGINE, formats);
    const paths = [{ path: ['files'], parameter: 'files', items: true }];
    const withPrefix = {
      type: 'object',
      properties: {
        files: {
          type: 'array',
          prefixItems: [{ type: 'string' }],
          items: { type: 'string', format: 'workspace-path' },
        },
      },
    };
    expect(formatChecksEveryPath(withPrefix, paths, ajv.compile(withPrefix), formats)).toBe(false);
    const withReference = {
      type: 'object',
      $defs: { p: { type: 'string' } },
      properties: { files: { $ref: '#/$defs/p', type: 'array', items: { type: 'string', format: 'workspace-path' } } },
    };
    expect(formatChecksEveryPath(withReference, paths, ajv.compile(withReference), formats)).toBe(false);
  });
});
