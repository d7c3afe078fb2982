import { afterEach, describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { validators } from '../../generated/validators.js';
import { ajvCompiler } from './compile';
import { precompile, registerPrecompiledValidators, registerSchemaCompiler, resetValidationCache, validateArguments } from './validator';

/** A schema no validator was generated for, as an imported tool's. */
const imported: ToolDefinition = {
  ...collection.toolsets[0]!.tools[0]!,
  name: 'imported_tool',
  inputSchema: {
    $id: 'https://example.test/imported_tool',
    type: 'object',
    properties: { count: { type: 'integer', minimum: 1 } },
    required: ['count'],
    additionalProperties: false,
  },
  relationships: undefined,
  warnings: undefined,
};

afterEach(() => {
  registerSchemaCompiler(ajvCompiler);
  registerPrecompiledValidators({});
  resetValidationCache();
});

describe('validation without a compiler (the page)', () => {
  it('refuses a schema that has no generated validator with a clear internal error, accepting nothing', () => {
    registerSchemaCompiler(null);
    const result = validateArguments(imported, { count: 3 });
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ parameter: '', code: 'invalid_value' });
    expect(result.errors[0]!.message).toContain("internal error: the input schema of 'imported_tool' has no validator generated at build time");
    const compiled = precompile(imported);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.message).toContain('no validator generated at build time');
  });

  it('compiles that very schema once a compiler is registered (the refusal is not remembered)', () => {
    registerSchemaCompiler(null);
    expect(validateArguments(imported, { count: 3 }).valid).toBe(false);
    registerSchemaCompiler(ajvCompiler);
    expect(validateArguments(imported, { count: 3 })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validateArguments(imported, { count: 0 }).errors.map((error) => error.code)).toEqual(['out_of_range']);
  });

  it('validates every bundled tool with its generated validator alone', () => {
    registerSchemaCompiler(null);
    registerPrecompiledValidators(validators);
    const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
    for (const tool of tools) {
      expect(precompile(tool).ok, tool.name).toBe(true);
      for (const example of tool.examples) expect(validateArguments(tool, example.arguments).valid, `${tool.name}: ${example.title ?? ''}`).toBe(true);
      expect(validateArguments(tool, { not_a_parameter: 1 }).errors.some((error) => error.message.includes('Unknown parameter'))).toBe(true);
    }
  });
});
