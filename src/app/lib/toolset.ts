/**
 * What a toolset looks like to the pages (its entry: manifest, tool names, an imported one's record), and the plain
 * functions that group and filter its tools. The toolsets themselves are the page's services (services/toolsets.ts).
 */
// The filter and ranking alone, not the whole registry: its provider exports are not needed to draw the catalog.
import { matchesFilter } from '../../core/registry/filter';
import { searchTools as rankTools } from '../../core/registry/search';
import type { CategoryInfo, RiskLevel, ToolsetBundle, ToolsetManifest, ToolSummary } from '../../core/toolset/types';
import type { ImportedToolsetRecord } from './importedToolsets';

/** A toolset as the header and pickers show it: its manifest and its tools' names, in order. */
export interface ToolsetIndex {
  manifest: ToolsetManifest;
  toolNames: string[];
}

export interface ToolsetEntry {
  toolset: ToolsetIndex;
  origin: 'bundled' | 'imported';
  /** Imported toolsets only: the whole toolset, as stored. */
  record?: ImportedToolsetRecord;
}

export interface ToolHit {
  toolset: ToolsetIndex;
  tool: ToolSummary;
}

export function categoryLabel(toolset: Pick<ToolsetBundle, 'manifest'>, categoryId: string): string {
  return toolset.manifest.categories.find((category) => category.id === categoryId)?.name ?? categoryId;
}

export interface CatalogFilters {
  query: string;
  category: string;
  risk: RiskLevel | '';
}

/** One toolset's tools matching a query and filters, best first (all tools, in order, for an empty query). */
export function filterTools(tools: readonly ToolSummary[], filters: CatalogFilters): ToolSummary[] {
  const filter = { category: filters.category || undefined, riskLevel: filters.risk || undefined };
  const query = filters.query.trim();
  const matching = query === '' ? [...tools] : rankTools(tools, query).map((hit) => hit.tool);
  return matching.filter((tool) => matchesFilter(tool, filter));
}

/** Groups tools by category in manifest order, keeping only non-empty groups; unknown categories come last. */
export function groupByCategory(
  toolset: ToolsetIndex,
  tools: readonly ToolSummary[],
): { category: CategoryInfo; tools: ToolSummary[] }[] {
  const categories = toolset.manifest.categories;
  const known = categories.map((category) => ({
    category,
    tools: tools.filter((tool) => tool.category === category.id),
  }));
  const unknown = [...new Set(tools.map((tool) => tool.category))]
    .filter((id) => !categories.some((category) => category.id === id))
    .map((id) => ({
      category: { id, name: id, description: '', tools: [] },
      tools: tools.filter((tool) => tool.category === id),
    }));
  return [...known, ...unknown].filter((group) => group.tools.length > 0);
}
