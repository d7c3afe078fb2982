import generatedCollection from '../../generated/bundle.json';
import { defaultToolset, type ToolsetCollection } from './collection';
import {
  categoryName as categoryNameIn,
  findTool as findToolIn,
  toolsByCategory as toolsByCategoryIn,
  type CategoryTools,
} from './categories';
import type { ToolDefinition, ToolsetBundle } from './types';

/** Every bundled toolset, checked and written by `npm run bundle`. */
export const collection: ToolsetCollection = generatedCollection as unknown as ToolsetCollection;

/** The Acode core toolset: the default one. */
export const bundle: ToolsetBundle = defaultToolset(collection);

export type { CategoryTools } from './categories';

export function findTool(name: string, from: ToolsetBundle = bundle): ToolDefinition | undefined {
  return findToolIn(name, from);
}

/** Categories in manifest order, each with its tools in manifest order. */
export function toolsByCategory(from: ToolsetBundle = bundle): CategoryTools[] {
  return toolsByCategoryIn(from);
}

/** Display name of a category ("File Operations"); the id itself when unknown. */
export function categoryName(id: string, from: ToolsetBundle = bundle): string {
  return categoryNameIn(id, from);
}
