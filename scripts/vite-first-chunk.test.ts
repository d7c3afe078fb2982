import { describe, expect, it } from 'vitest';
import { firstChunkGroup } from './vite-first-chunk';

// A module graph: each module's static imports (dynamic imports are not listed, as rolldown's importedIds).
const imports: Record<string, string[]> = {
  site: ['app', 'react', 'theme'],
  embed: ['embedRoute', 'react', 'theme'],
  app: ['catalog'],
  embedRoute: ['validator'],
  react: ['scheduler'],
  theme: ['storage'],
  catalog: ['storage'],
  validator: [],
  scheduler: [],
  storage: [],
};
const graph = { getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id]! } : null) };

describe('firstChunkGroup', () => {
  const group = firstChunkGroup('start', ['site', 'embed']);
  const nameOf = (id: string) => (group.name as (id: string, ctx: typeof graph) => string | null)(id, graph);

  it('joins the modules every entry imports statically, directly or not', () => {
    expect(['react', 'scheduler', 'theme', 'storage'].map(nameOf)).toEqual(['start', 'start', 'start', 'start']);
  });

  it('leaves the modules only one entry imports, and the entries themselves, to the automatic chunks', () => {
    expect(['site', 'embed', 'app', 'catalog', 'embedRoute', 'validator'].map(nameOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
