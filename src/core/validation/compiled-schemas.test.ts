/**
 * A compiled schema is read-only once built: validating with it, valid or rejected, with warnings planned and planned
 * again for another rule list, writes nothing to it (each is frozen here, so a write throws in a module's strict mode).
 */
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { JsonSchema, ToolDefinition, WarningRule } from '../toolset/types';
import { checkArguments } from './check-arguments';
import { createAjvCompiler, createCompilingValidator, RE2_ENGINE } from './compile';
import { createCompiledSchemas, type CompiledSchema } from './compiled-schemas';
import { createErrorMemos } from './error-memos';
import { createPathFormats } from './path-formats';
import { makeTool } from './validator.test-support';

/** Validates as a validator does, with every compiled schema frozen the moment it is built. */
function frozenChecker() {
  const compiler = createAjvCompiler();
  const pathFormats = compiler.pathFormats ?? createPathFormats();
  const schemas = createCompiledSchemas(compiler, {}, pathFormats);
  const errorMemos = createErrorMemos(pathFormats);
  const frozen: CompiledSchema[] = [];
  const getCompiled = (schema: JsonSchema): CompiledSchema => {
    const compiled = schemas.get(schema);
    if (!Object.isFrozen(compiled)) frozen.push(Object.freeze(compiled));
    return compiled;
  };
  return {
    frozen,
    check: (tool: ToolDefinition, args: unknown, lenient = false) =>
      checkArguments(tool, args, lenient, undefined, getCompiled, RE2_ENGINE, errorMemos),
  };
}

const pathTool = makeTool('touch', {
  type: 'object',
  properties: {
    path: { type: 'string', format: 'workspace-path' },
    command: { type: 'string' },
    old: { type: 'boolean', deprecated: true, 'x-replacement': 'path' },
    mode: { type: 'string', enum: ['fast', 'full'] },
  },
  required: ['path'],
  additionalProperties: false,
});
const concern: WarningRule = {
  code: 'security_concern',
  parameter: 'command',
  matches: '\\bsudo\\b',
  description: 'Runs as root',
};
const large: WarningRule = {
  code: 'large_value',
  parameter: 'command',
  maxChars: 4,
  description: 'Long commands are hard to review',
};

describe('a compiled schema', () => {
  it('is never written to by the checks, valid or rejected, every bundled tool', () => {
    const { check, frozen } = frozenChecker();
    const reference = createCompilingValidator();
    const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
    for (let round = 0; round < 2; round++) {
      for (const tool of tools) {
        for (const example of tool.examples)
          expect(check(tool, example.arguments)).toEqual(reference.validate(tool, example.arguments));
        for (const example of tool.invalidExamples)
          expect(check(tool, example.arguments)).toEqual(reference.validate(tool, example.arguments));
      }
    }
    expect(frozen.length).toBeGreaterThan(10);
  });

  it('keeps its warning checks beside it: planned again for another rule list, or one grown in place', () => {
    const { check, frozen } = frozenChecker();
    const codes = (tool: ToolDefinition, args: unknown) => check(tool, args).warnings.map((warning) => warning.code);
    const unclean = { path: 'a\\b', command: 'sudo ls', old: true };
    expect(codes(pathTool, unclean)).toEqual(['compatibility', 'deprecated']);
    const rules: WarningRule[] = [concern];
    const withConcern = { ...pathTool, warnings: rules };
    expect(codes(withConcern, unclean)).toEqual(['compatibility', 'security_concern', 'deprecated']);
    expect(codes(withConcern, { path: 'a.txt', command: 'sudo ls', mode: 'fats' })).toEqual(['security_concern']);
    rules.push(large);
    expect(codes(withConcern, { path: 'a.txt', command: 'sudo ls' })).toEqual(['security_concern', 'large_value']);
    const lenient = check(withConcern, { path: 'a.txt', command: 'ls', mode: 'FAST' }, true);
    expect([lenient.valid, lenient.warnings.map((warning) => warning.code)]).toEqual([true, ['compatibility']]);
    expect(frozen).toHaveLength(1);
  });
});
