/** The app's one door to the toolset data and the registry, so features import a single place. */
import { bundle, findTool as findToolInBundle } from '../../core/toolset/bundle';
import { createRegistry } from '../../core/registry';
import type { CategoryInfo, RiskLevel, ToolDefinition } from '../../core/toolset/types';

export { bundle };

const registry = createRegistry(bundle);

export const allTools: readonly ToolDefinition[] = bundle.tools;
export const categories: readonly CategoryInfo[] = bundle.manifest.categories;

export function findTool(name: string): ToolDefinition | undefined {
  return findToolInBundle(name) ?? allTools.find((tool) => tool.name === name);
}

export function categoryLabel(categoryId: string): string {
  return categories.find((category) => category.id === categoryId)?.name ?? categoryId;
}

/** Tools matching a query (names, titles, descriptions, tags, parameter names), best first; all tools for an empty query. */
export function searchTools(query: string): ToolDefinition[] {
  const trimmed = query.trim();
  return trimmed === '' ? [...allTools] : registry.search(trimmed);
}

export interface CatalogFilters {
  query: string;
  category: string;
  risk: RiskLevel | '';
}

export function filterTools(filters: CatalogFilters): ToolDefinition[] {
  const allowed = new Set(
    registry.filter({ category: filters.category || undefined, riskLevel: filters.risk || undefined }).map((tool) => tool.name),
  );
  return searchTools(filters.query).filter((tool) => allowed.has(tool.name));
}

/** Groups tools by category in manifest order, keeping only non-empty groups. */
export function groupByCategory(tools: readonly ToolDefinition[]): { category: CategoryInfo; tools: ToolDefinition[] }[] {
  const known = categories.map((category) => ({ category, tools: tools.filter((tool) => tool.category === category.id) }));
  const unknown = [...new Set(tools.map((tool) => tool.category))]
    .filter((id) => !categories.some((category) => category.id === id))
    .map((id) => ({ category: { id, name: id, description: '', tools: [] }, tools: tools.filter((tool) => tool.category === id) }));
  return [...known, ...unknown].filter((group) => group.tools.length > 0);
}
