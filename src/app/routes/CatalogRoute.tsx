/** A toolset's catalog: its tools by category, its audit, and its token budget. */
import { CatalogPage } from '../features/catalog/CatalogPage';
import { ToolsetBudget } from '../features/evolution/ToolsetBudget';
import type { ToolsetEntry } from '../lib/toolset';

export function CatalogRoute({ entry }: { entry: ToolsetEntry }) {
  const toolsetId = entry.toolset.manifest.id;
  return <CatalogPage entry={entry} budget={<ToolsetBudget key={toolsetId} toolsetId={toolsetId} />} />;
}
