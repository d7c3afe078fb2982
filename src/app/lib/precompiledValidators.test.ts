import { describe, expect, it } from 'vitest';
import { collection } from '../../core/toolset/bundle';
import { validators } from '../../generated/validators.js';
import { pageValidator } from './pageValidator';
import { hasGeneratedValidator, loadPrecompiledValidator } from './precompiledValidators';

const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

describe('generated validators loaded one tool at a time (the page)', () => {
  it('a generated validator exists for every bundled schema, and for no edited one', () => {
    for (const candidate of tools) expect(hasGeneratedValidator(candidate.inputSchema), candidate.name).toBe(true);
    expect(Object.keys(validators)).toHaveLength(new Set(tools.map((candidate) => candidate.inputSchema.$id)).size);
    const edited = { ...tool('read_file').inputSchema, maxProperties: 2 };
    expect(hasGeneratedValidator(edited)).toBe(false);
  });

  it('loads only the validator asked for, which then validates without any compiler', async () => {
    // The page's own validator: no compiler, and no generated validator until one is loaded.
    expect(pageValidator.canCompile).toBe(false);
    const readFile = tool('read_file');
    expect(pageValidator.hasPrecompiled(readFile.inputSchema)).toBe(false);
    expect(pageValidator.validate(readFile, { path: 'a.txt' }).errors[0]?.message).toContain('no validator generated at build time');

    const loading = loadPrecompiledValidator(readFile.inputSchema);
    expect(loadPrecompiledValidator(readFile.inputSchema)).toBe(loading);
    await loading;
    expect(pageValidator.hasPrecompiled(readFile.inputSchema)).toBe(true);
    expect(pageValidator.hasPrecompiled(tool('write_file').inputSchema)).toBe(false);
    expect(pageValidator.validate(readFile, { path: 'a.txt' }).valid).toBe(true);
    expect(pageValidator.validate(readFile, { path: 'a.txt', start_line: 0 }).errors.map((error) => error.parameter)).toEqual(['start_line']);
    // Settled from now on: React's `use` reads it without suspending.
    expect(loadPrecompiledValidator(readFile.inputSchema)).toMatchObject({ status: 'fulfilled' });
  });

  it('settles at once for a schema that has none (an imported tool goes to the worker)', async () => {
    const imported = { ...tool('read_file').inputSchema, $id: 'https://example.test/imported' };
    await expect(loadPrecompiledValidator(imported)).resolves.toBeUndefined();
    expect(loadPrecompiledValidator(imported)).toMatchObject({ status: 'fulfilled' });
    expect(pageValidator.hasPrecompiled(imported)).toBe(false);
  });
});
