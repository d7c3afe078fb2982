/**
 * A built site's indexes over its tools' modules, written to a folder and imported as the page imports them: the
 * toolsets' manifests and names as the bundle has them, each tool's loader reaching that tool's module, and each
 * tool's module adding its own validator's entry, and no other, when it loads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importToolset } from '../../../core/import';
import type { ToolsetCollection } from '../../../core/toolset/collection';
import type { BundledToolModule } from '../../../core/toolset/page-data';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { createCompilingValidator } from '../../../core/validation/compile';
import { schemaHash } from '../../../core/validation/validator';
import { categoryRuns } from './site-indexes';
import { dataFiles, withSchemaIds } from './write-site';

const tool = (name: string, maxLength = 10) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: { text: { type: 'string', maxLength } }, required: ['text'] },
});

function toolsetOf(name: string, ...tools: object[]): ToolsetBundle {
  const result = importToolset(JSON.stringify({ tools }), { validator: createCompilingValidator(), toolsetName: name });
  return withSchemaIds(result.toolset);
}

type Loaders = Record<string, { hash: string; load: () => Promise<unknown> }>;

describe('categoryRuns', () => {
  it('gives consecutive tools as one run, a tool out of order as a run of its own, and an unknown name as itself', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    expect(categoryRuns(['a', 'b', 'c', 'd', 'e'], names)).toEqual([[0, 5]]);
    expect(categoryRuns(['b', 'c', 'a', 'e'], names)).toEqual([
      [1, 3],
      [0, 1],
      [4, 5],
    ]);
    expect(categoryRuns(['c', 'gone', 'd'], names)).toEqual([[2, 3], 'gone', [3, 4]]);
    expect(categoryRuns([], names)).toEqual([]);
  });
});

describe("a built site's indexes, imported as the page imports them", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'site-indexes-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** The site's data modules written below `folder`. */
  function write(collection: ToolsetCollection): void {
    for (const [path, text] of dataFiles(collection, {}, { title: 'Tools' }).files) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
  }
  const load = async <T>(path: string): Promise<T> =>
    (await import(/* @vite-ignore */ pathToFileURL(join(folder, path)).href)) as T;

  it('give every toolset’s manifest and tool names as the bundle has them, each name loading its own tool', async () => {
    const first = toolsetOf('first', tool('alpha'), tool('beta.v2'), tool('gamma'));
    const second = toolsetOf('second', tool('delta'), tool('alpha'));
    // A category listing tools out of order, and one the toolset does not have.
    first.manifest.categories = [
      { id: 'later', name: 'Later', description: 'Out of order.', tools: ['gamma', 'alpha', 'missing'] },
      ...first.manifest.categories,
    ];
    const collection = { toolsets: [first, second] };
    write(collection);
    const { bundledToolsets } = await load<{
      bundledToolsets: { manifest: unknown; tools: Record<string, () => Promise<BundledToolModule>> }[];
    }>('data/page-toolsets.js');
    expect(bundledToolsets.map((toolset) => toolset.manifest)).toEqual(collection.toolsets.map((t) => t.manifest));
    expect(JSON.stringify(bundledToolsets[0]!.manifest)).toBe(JSON.stringify(first.manifest));
    expect(bundledToolsets.map((toolset) => Object.keys(toolset.tools))).toEqual([
      ['alpha', 'beta.v2', 'gamma'],
      ['delta', 'alpha'],
    ]);
    for (const [index, toolset] of bundledToolsets.entries())
      for (const [name, loader] of Object.entries(toolset.tools)) {
        const module = await loader();
        expect(module.tool).toEqual(collection.toolsets[index]!.tools.find((candidate) => candidate.name === name));
      }
  });

  it('add a tool’s validator entry when its module loads, and no other tool’s', async () => {
    const toolset = toolsetOf('t', tool('alpha', 5), tool('beta', 7));
    write({ toolsets: [toolset] });
    const { validatorLoaders } = await load<{ validatorLoaders: Loaders }>('data/validator-loaders.js');
    expect(validatorLoaders).toEqual({});
    const { bundledToolsets } = await load<{
      bundledToolsets: { tools: Record<string, () => Promise<BundledToolModule>> }[];
    }>('data/page-toolsets.js');
    const beta = await bundledToolsets[0]!.tools.beta!();
    const id = String(beta.tool.inputSchema.$id);
    expect(Object.keys(validatorLoaders)).toEqual([id]);
    expect(validatorLoaders[id]!.hash).toBe(schemaHash(JSON.stringify(beta.tool.inputSchema)));
    expect(typeof validatorLoaders[id]!.load).toBe('function');
  });

  it('give two tools of one schema id the validator generated for the first, whose hash tells the second’s apart', async () => {
    const toolset = toolsetOf('t', tool('alpha', 5), tool('beta', 7));
    const shared = toolset.tools[0]!.inputSchema.$id;
    toolset.tools[1] = { ...toolset.tools[1]!, inputSchema: { ...toolset.tools[1]!.inputSchema, $id: shared } };
    write({ toolsets: [toolset] });
    const { validatorLoaders } = await load<{ validatorLoaders: Loaders }>('data/validator-loaders.js');
    const { bundledToolsets } = await load<{
      bundledToolsets: { tools: Record<string, () => Promise<BundledToolModule>> }[];
    }>('data/page-toolsets.js');
    const beta = await bundledToolsets[0]!.tools.beta!();
    expect(validatorLoaders[String(shared)]!.hash).toBe(schemaHash(JSON.stringify(toolset.tools[0]!.inputSchema)));
    expect(validatorLoaders[String(shared)]!.hash).not.toBe(schemaHash(JSON.stringify(beta.tool.inputSchema)));
  });
});
