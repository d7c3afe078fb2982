import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import { implementationsFor } from './index';
import withCode from './with-code.json';

describe('the tools that have code in the runtime (with-code.json, what site build tells a page)', () => {
  it("names exactly each toolset's implementations", () => {
    const listed = withCode as Record<string, string[]>;
    const ids = new Set([...Object.keys(listed), ...collection.toolsets.map((toolset) => toolset.manifest.id)]);
    for (const id of ids) expect([...(listed[id] ?? [])].sort(), id).toEqual([...implementationsFor(id).keys()].sort());
    expect(implementationsFor('an-imported-toolset').size).toBe(0);
  });
});
