/**
 * Lookups over any toolset bundle. Kept apart from bundle.ts, which imports the generated bundle, so the
 * CLI can use them on a toolset it loaded from the schema files (a fresh clone has no generated bundle).
 */
import type { CategoryInfo, ToolDefinition, ToolsetBundle } from './types';

export interface CategoryTools {
  category: CategoryInfo;
  tools: ToolDefinition[];
}

export function findTool(name: string, from: ToolsetBundle): ToolDefinition | undefined {
  return from.tools.find((tool) => tool.name === name);
}

/** Categories in manifest order, each with its tools in manifest order. */
export function toolsByCategory(from: ToolsetBundle): CategoryTools[] {
  return from.manifest.categories.map((category) => ({
    category,
    tools: category.tools.flatMap((toolName) => findTool(toolName, from) ?? []),
  }));
}

/** Display name of a category ("File Operations"); the id itself when unknown. */
export function categoryName(id: string, from: ToolsetBundle): string {
  return from.manifest.categories.find((category) => category.id === id)?.name ?? id;
}
