/** A toolset's catalog: its tools by category, its audit, and its token budget; the default toolset's is the home page, introduced. */
import { CatalogPage } from '../features/catalog/CatalogPage';
import { ToolsetBudget } from '../features/evolution/ToolsetBudget';
import type { ToolsetEntry } from '../lib/toolset';
import { HomeIntro } from '../features/catalog/HomeIntro';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';

export function CatalogRoute({ entry }: { entry: ToolsetEntry }) {
  const toolsetId = entry.toolset.manifest.id;
  return (
    <CatalogPage
      entry={entry}
      intro={toolsetId === DEFAULT_TOOLSET_ID ? <HomeIntro /> : undefined}
      budget={<ToolsetBudget key={toolsetId} toolsetId={toolsetId} />}
    />
  );
}
