import { describe, expect, it } from 'vitest';
import { collection } from '../../core/toolset/bundle';
import { validators } from '../../generated/validators.js';
import { createPageValidator } from './pageValidator';
import { createPage } from './page';
import { createPrecompiledLoads, hasGeneratedValidator } from './precompiledValidators';

const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
/** A page's loads, as a component asks for them. */
const loadsOfPage = () => createPage().part(createPrecompiledLoads);

describe('generated validators loaded one tool at a time (the page)', () => {
  it('a generated validator exists for every bundled schema, and for no edited one', () => {
    for (const candidate of tools) expect(hasGeneratedValidator(candidate.inputSchema), candidate.name).toBe(true);
    expect(Object.keys(validators)).toHaveLength(new Set(tools.map((candidate) => candidate.inputSchema.$id)).size);
    const edited = { ...tool('read_file').inputSchema, maxProperties: 2 };
    expect(hasGeneratedValidator(edited)).toBe(false);
  });

  it('loads only the validator asked for, which then validates without any compiler', async () => {
    // The page's own validator: no compiler, and no generated validator until one is loaded.
    const pageValidator = createPageValidator();
    const loads = loadsOfPage();
    expect(pageValidator.canCompile).toBe(false);
    const readFile = tool('read_file');
    expect(pageValidator.hasPrecompiled(readFile.inputSchema)).toBe(false);
    expect(pageValidator.validate(readFile, { path: 'a.txt' }).errors[0]?.message).toContain(
      'no validator generated at build time',
    );

    const loading = loads.load(pageValidator, readFile.inputSchema);
    expect(loads.load(pageValidator, readFile.inputSchema)).toBe(loading);
    await loading;
    expect(pageValidator.hasPrecompiled(readFile.inputSchema)).toBe(true);
    expect(pageValidator.hasPrecompiled(tool('write_file').inputSchema)).toBe(false);
    expect(pageValidator.validate(readFile, { path: 'a.txt' }).valid).toBe(true);
    expect(
      pageValidator.validate(readFile, { path: 'a.txt', start_line: 0 }).errors.map((error) => error.parameter),
    ).toEqual(['start_line']);
    // Settled from now on: React's `use` reads it without suspending.
    expect(loads.load(pageValidator, readFile.inputSchema)).toMatchObject({ status: 'fulfilled' });
  });

  it('settles at once for a schema that has none (an imported tool goes to the worker)', async () => {
    const pageValidator = createPageValidator();
    const loads = loadsOfPage();
    const imported = { ...tool('read_file').inputSchema, $id: 'https://example.test/imported' };
    await expect(loads.load(pageValidator, imported)).resolves.toBeUndefined();
    expect(loads.load(pageValidator, imported)).toMatchObject({ status: 'fulfilled' });
    expect(pageValidator.hasPrecompiled(imported)).toBe(false);
  });

  it('loads into the validator it is given, and no other: each entry point has its own', async () => {
    const embed = createPageValidator();
    const site = createPageValidator();
    const loads = loadsOfPage();
    const listDirectory = tool('list_directory');
    const loading = loads.load(embed, listDirectory.inputSchema);
    // Another validator asking for the same schema meanwhile gets its own load, not the first one's promise.
    const other = loads.load(site, listDirectory.inputSchema);
    expect(other).not.toBe(loading);
    await loading;
    expect(embed.hasPrecompiled(listDirectory.inputSchema)).toBe(true);
    expect(
      embed
        .validate(listDirectory, {})
        .errors.some((error) => error.message.includes('no validator generated at build time')),
    ).toBe(false);
    await other;
    expect(site.hasPrecompiled(listDirectory.inputSchema)).toBe(true);
    expect(createPageValidator().hasPrecompiled(listDirectory.inputSchema)).toBe(false);
  });

  it("keeps a page's loads to that page: another page starts its own, and one page asks for one load", async () => {
    const validator = createPageValidator();
    const first = createPage();
    const second = createPage();
    const schema = tool('write_file').inputSchema;
    const loading = first.part(createPrecompiledLoads).load(validator, schema);
    expect(first.part(createPrecompiledLoads).load(validator, schema)).toBe(loading);
    expect(second.part(createPrecompiledLoads).load(validator, schema)).not.toBe(loading);
    await loading;
    expect(validator.hasPrecompiled(schema)).toBe(true);
  });
});
