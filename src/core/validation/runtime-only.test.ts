import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { validators } from '../../generated/validators.js';
import { createCompilingValidator } from './compile';
import { createValidator } from './validator';

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

describe('validation without a compiler (the page)', () => {
  it('refuses a schema that has no generated validator with a clear internal error, accepting nothing', () => {
    const page = createValidator();
    const result = page.validate(imported, { count: 3 });
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ parameter: '', code: 'invalid_value' });
    expect(result.errors[0]!.message).toContain(
      "internal error: the input schema of 'imported_tool' has no validator generated at build time",
    );
    const compiled = page.precompile(imported);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.message).toContain('no validator generated at build time');
  });

  it('a validator given a compiler compiles that very schema; the page validator refuses it on its own, nothing shared', () => {
    const page = createValidator();
    expect(page.validate(imported, { count: 3 }).valid).toBe(false);
    const compiling = createCompilingValidator();
    expect(compiling.validate(imported, { count: 3 })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(compiling.validate(imported, { count: 0 }).errors.map((error) => error.code)).toEqual(['out_of_range']);
    expect(page.validate(imported, { count: 3 }).valid).toBe(false);
    expect(page.canCompile).toBe(false);
    expect(compiling.canCompile).toBe(true);
  });

  it('validates every bundled tool with its generated validator alone', () => {
    const page = createValidator({ precompiled: validators });
    const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
    for (const tool of tools) {
      expect(page.precompile(tool).ok, tool.name).toBe(true);
      for (const example of tool.examples)
        expect(page.validate(tool, example.arguments).valid, `${tool.name}: ${example.title ?? ''}`).toBe(true);
      expect(
        page.validate(tool, { not_a_parameter: 1 }).errors.some((error) => error.message.includes('Unknown parameter')),
      ).toBe(true);
    }
  });
});
