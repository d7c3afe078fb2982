import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import type { JsonValue, ToolDefinition } from '../toolset/types';
import { validators } from '../../generated/validators.js';
import { standaloneValidatorFiles } from './standalone';
import { createCompilingValidator, RE2_ENGINE } from './compile';
import { createValidator, schemaHash, type Validator } from './validator';

const tools = collection.toolsets.flatMap((toolset) => toolset.tools);

/** Every example, plus variations that break each parameter's type and add an unknown one. */
function samples(tool: ToolDefinition): JsonValue[] {
  const examples: JsonValue[] = [
    ...tool.examples.map((example) => example.arguments),
    ...(tool.invalidExamples ?? []).map((example) => example.arguments as JsonValue),
  ];
  const first = (tool.examples[0]?.arguments ?? {}) as Record<string, JsonValue>;
  const variations: JsonValue[] = [{}, { ...first, unexpected_parameter: 1 }];
  for (const name of Object.keys(first)) {
    variations.push({ ...first, [name]: 12345 }, { ...first, [name]: 'x'.repeat(5000) }, { ...first, [name]: null });
  }
  return [...examples, ...variations];
}

const resultsFor = (validator: Validator) =>
  tools.map((tool) => samples(tool).map((args) => validator.validate(tool, args)));

describe('validators generated at build time', () => {
  it('cover every bundled schema', () => {
    const ids = new Set(tools.map((tool) => tool.inputSchema.$id));
    expect(new Set(Object.keys(validators))).toEqual(ids);
  });

  it('give exactly the results of schemas compiled at run time, for every example and many broken variations', () => {
    const compiled = resultsFor(createCompilingValidator());
    const generated = resultsFor(createValidator({ precompiled: validators, regexEngine: RE2_ENGINE }));
    expect(generated).toEqual(compiled);
    expect(compiled.flat().some((result) => !result.valid)).toBe(true);
    expect(compiled.flat().some((result) => result.valid)).toBe(true);
  });

  it('validate without compiling anything (no eval, as under a strict Content-Security-Policy)', () => {
    const page = createCompilingValidator({ precompiled: validators });
    const withoutGenerated = createCompilingValidator();
    const realFunction = globalThis.Function;
    globalThis.Function = function refused() {
      throw new EvalError('eval is refused');
    } as unknown as FunctionConstructor;
    try {
      for (const tool of tools) {
        const result = page.validate(tool, tool.examples[0]?.arguments ?? {});
        expect(result.errors.filter((error) => /does not compile|internal error/.test(error.message))).toEqual([]);
      }
      // The stand-in bites: without the generated validators the same call cannot compile.
      expect(withoutGenerated.validate(tools[0]!, tools[0]!.examples[0]?.arguments ?? {}).errors[0]?.message).toMatch(
        /does not compile/,
      );
    } finally {
      globalThis.Function = realFunction;
    }
  });

  it('are not used for a schema that changed under the same $id', () => {
    const validator = createCompilingValidator({ precompiled: validators });
    const tool = tools.find((candidate) => candidate.name === 'read_file')!;
    const changed: ToolDefinition = { ...tool, inputSchema: { ...tool.inputSchema, required: ['path', 'encoding'] } };
    expect(validator.validate(changed, { path: 'a.txt' }).errors.map((error) => error.code)).toEqual(['required']);
    expect(validator.validate(tool, { path: 'a.txt' }).valid).toBe(true);
  });
});

describe('the formats a generated validator imports', () => {
  const toolWith = (format: string): ToolDefinition => ({
    ...tools[0]!,
    name: 'formats_probe',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `urn:test:formats:${format}`,
      type: 'object',
      properties: { value: { type: 'string', format } },
    },
  });
  const moduleOf = (format: string) =>
    Object.values(
      standaloneValidatorFiles([{ manifest: collection.toolsets[0]!.manifest, tools: [toolWith(format)] }]).modules,
    )[0]!;

  it('are the workspace path formats alone when the schema names no other', () => {
    expect(moduleOf('workspace-path')).toContain('standalone-path-formats.ts');
    expect(moduleOf('workspace-path')).not.toContain('standalone-formats.ts');
  });

  it("are ajv-formats' full set with the path formats when it names another that is code, not a pattern", () => {
    expect(moduleOf('date')).toContain('standalone-formats.ts');
    expect(moduleOf('date')).not.toContain('standalone-path-formats.ts');
  });
});

describe('the index of the generated validators', () => {
  it('gives each schema id its hash and its module, the first tool’s for two tools of one id', () => {
    const [first, second] = tools;
    const twin = { ...second!, inputSchema: { ...second!.inputSchema, $id: first!.inputSchema.$id } };
    const files = standaloneValidatorFiles([{ manifest: collection.toolsets[0]!.manifest, tools: [first!, twin] }]);
    const id = String(first!.inputSchema.$id);
    expect(Object.keys(files.index)).toEqual([id]);
    expect(files.index[id]).toEqual({
      hash: schemaHash(JSON.stringify(first!.inputSchema)),
      file: `0-${first!.name}.js`,
    });
    expect(Object.keys(files.modules)).toEqual([files.index[id]!.file]);
    expect(files.loaders).toContain(`hash: ${JSON.stringify(files.index[id]!.hash)}`);
  });
});
