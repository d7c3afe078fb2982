import { describe, expect, it } from 'vitest';
import { createAllOfMerge } from '../components/schemaForm/rjsf/allOfMerge';
import { createLargeTexts } from './largeArguments';
import { createPage, type Page } from './page';
import { createPrecompiledLoads } from './precompiledValidators';
import { createSchemaChecks } from './schemaWorker';

describe('a page part', () => {
  it('is made once for a page, when first asked for, and two pages share nothing', () => {
    let made = 0;
    const createCounter = () => ({ serial: ++made });
    const first = createPage();
    expect(made).toBe(0);
    const kept = first.part(createCounter);
    expect(first.part(createCounter)).toBe(kept);
    expect(made).toBe(1);
    const second = createPage();
    expect(second.part(createCounter)).not.toBe(kept);
    expect(made).toBe(2);
  });

  it('is given its page, to build on the parts of that page alone', () => {
    const first = createPage();
    const second = createPage();
    // A part made from another part of its page.
    const createBuiltOnLoads = (page: Page) => ({ loads: page.part(createPrecompiledLoads) });
    expect(first.part(createBuiltOnLoads).loads).toBe(first.part(createPrecompiledLoads));
    expect(second.part(createBuiltOnLoads).loads).toBe(second.part(createPrecompiledLoads));
    expect(second.part(createPrecompiledLoads)).not.toBe(first.part(createPrecompiledLoads));
  });

  it("holds what the app's modules would otherwise share: the schema checks, validator loads, large texts, allOf merge", async () => {
    const first = createPage();
    const second = createPage();
    for (const make of [createSchemaChecks, createPrecompiledLoads, createLargeTexts, createAllOfMerge] as ((
      page: Page,
    ) => unknown)[]) {
      const kept: unknown = first.part(make);
      expect(first.part(make), make.name).toBe(kept);
      expect(second.part(make), make.name).not.toBe(kept);
    }
    // One page loading rjsf's merge leaves the other's to load on its own.
    await first.part(createAllOfMerge).loading();
    expect(first.part(createAllOfMerge).loading()).toBeNull();
    const secondLoad = second.part(createAllOfMerge).loading();
    expect(secondLoad).toBeInstanceOf(Promise);
    await secondLoad;
    expect(second.part(createAllOfMerge).loading()).toBeNull();
  });
});
