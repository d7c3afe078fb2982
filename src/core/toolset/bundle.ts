import generatedBundle from '../../generated/bundle.json';
import type { CategoryInfo, ToolDefinition, ToolsetBundle } from './types';

/** The Acode core toolset, checked and written by `npm run bundle`. */
export const bundle: ToolsetBundle = generatedBundle as unknown as ToolsetBundle;

export interface CategoryTools {
  category: CategoryInfo;
  tools: ToolDefinition[];
}

export function findTool(name: string, from: ToolsetBundle = bundle): ToolDefinition | undefined {
  return from.tools.find((tool) => tool.name === name);
}

/** Categories in manifest order, each with its tools in manifest order. */
export function toolsByCategory(from: ToolsetBundle = bundle): CategoryTools[] {
  return from.manifest.categories.map((category) => ({
    category,
    tools: category.tools.flatMap((toolName) => findTool(toolName, from) ?? []),
  }));
}

/** Display name of a category ("File Operations"); the id itself when unknown. */
export function categoryName(id: string, from: ToolsetBundle = bundle): string {
  return from.manifest.categories.find((category) => category.id === id)?.name ?? id;
}
