/**
 * Several toolsets side by side: the bundled ones (Acode, PRFactory) and any the user imports.
 * Tool names are unique within a toolset only, so every lookup names the toolset too.
 */
import type { ToolDefinition, ToolsetBundle } from './types';

/** What `npm run bundle` writes: every toolset under `schemas/`, the default one first. */
export interface ToolsetCollection {
  toolsets: ToolsetBundle[];
}

/** The toolset the `/tools/<name>/` addresses (no toolset in the path) and the CLI without `--toolset` mean. */
export const DEFAULT_TOOLSET_ID = 'acode-core';

let homeToolset = DEFAULT_TOOLSET_ID;

/**
 * The site's home toolset: its catalog is the site's root and its tools live at `/tools/<name>/`. This site's is the
 * default toolset; a site built of other toolsets (`tool-schemas site build`) has its first one.
 */
export function homeToolsetId(): string {
  return homeToolset;
}

/** Sets the home toolset from the site's toolsets, in order: the default one when it is there, else the first. */
export function setHomeToolset(ids: readonly string[]): void {
  homeToolset = ids.includes(DEFAULT_TOOLSET_ID) ? DEFAULT_TOOLSET_ID : (ids[0] ?? DEFAULT_TOOLSET_ID);
}

/** A tool together with the toolset it belongs to. */
export interface ToolInToolset {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
}

export function findToolset(collection: ToolsetCollection, id: string): ToolsetBundle | undefined {
  return collection.toolsets.find((toolset) => toolset.manifest.id === id);
}

/** The default toolset, else the first: a collection always has one to show. */
export function defaultToolset(collection: ToolsetCollection): ToolsetBundle {
  const found = findToolset(collection, DEFAULT_TOOLSET_ID) ?? collection.toolsets[0];
  if (!found) throw new Error('The toolset collection is empty');
  return found;
}

export function findToolIn(collection: ToolsetCollection, toolsetId: string, name: string): ToolInToolset | undefined {
  const toolset = findToolset(collection, toolsetId);
  const tool = toolset?.tools.find((candidate) => candidate.name === name);
  return toolset && tool ? { toolset, tool } : undefined;
}

/** Every tool of every toolset, in collection order. */
export function allToolsIn(collection: ToolsetCollection): ToolInToolset[] {
  return collection.toolsets.flatMap((toolset) => toolset.tools.map((tool) => ({ toolset, tool })));
}

/** Problems that make a collection unusable: toolset ids must be unique. */
export function collectionProblems(collection: ToolsetCollection): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const toolset of collection.toolsets) {
    const id = toolset.manifest.id;
    if (seen.has(id)) problems.push(`Two toolsets have the id '${id}': toolset ids must be unique`);
    seen.add(id);
  }
  return problems;
}

/** Orders toolsets with the default first, then by name, so every surface lists them the same way. */
export function orderToolsets(toolsets: readonly ToolsetBundle[]): ToolsetBundle[] {
  return [...toolsets].sort((left, right) => {
    if (left.manifest.id === DEFAULT_TOOLSET_ID) return -1;
    if (right.manifest.id === DEFAULT_TOOLSET_ID) return 1;
    return left.manifest.name.localeCompare(right.manifest.name);
  });
}
