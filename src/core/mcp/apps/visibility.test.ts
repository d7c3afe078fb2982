import { describe, expect, it } from 'vitest';
import { appOnlyNames, isAppOnly, offeredToModels, visibleTo } from './visibility';

const tool = (name: string, visibility?: unknown) => ({
  name,
  inputSchema: { type: 'object' },
  ...(visibility === undefined ? {} : { _meta: { ui: { resourceUri: 'ui://x/app.html', visibility } } }),
});

describe('tool visibility', () => {
  it('a tool without a list is visible to the model and the app', () => {
    expect(visibleTo(tool('plain'), 'model')).toBe(true);
    expect(visibleTo(tool('plain'), 'app')).toBe(true);
    expect(visibleTo({ name: 'no-meta', _meta: { ui: 'not an object' } }, 'model')).toBe(true);
  });

  it('a list names exactly who sees it', () => {
    expect(isAppOnly(tool('refresh', ['app']))).toBe(true);
    expect(visibleTo(tool('refresh', ['app']), 'app')).toBe(true);
    expect(isAppOnly(tool('both', ['model', 'app']))).toBe(false);
    expect(visibleTo(tool('model-only', ['model']), 'app')).toBe(false);
    expect(isAppOnly(tool('model-only', ['model']))).toBe(false);
    // Named for nobody: not offered to a model either.
    expect(isAppOnly(tool('nobody', []))).toBe(true);
  });

  it('names the app-only tools of a list and keeps them from a model', () => {
    const listed = [tool('get-time'), tool('refresh', ['app']), tool('both', ['app', 'model'])];
    const names = appOnlyNames(listed);
    expect(names).toEqual(['refresh']);
    expect(offeredToModels(listed, names).map((entry) => entry.name)).toEqual(['get-time', 'both']);
    expect(offeredToModels(listed, undefined)).toHaveLength(3);
  });
});
