import { use, useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { useEarlyActions } from '../../lib/earlyEvents';
import { RISK_LEVELS, type RiskLevel } from '../../../core/toolset/types';
import { RISK_INFO } from '../../../core/toolset/risk';
import { filterTools, groupByCategory, type ToolsetEntry } from '../../lib/toolset';
import { useToolsetStore } from '../../services/useToolsets';
import { ToolCard } from './ToolCard';
import { AVAILABILITY_CHOICES, cardAvailability, type AvailabilityChoice } from './availability';
import './availability.css';
import { ToolsetAudit } from './ToolsetAudit';
import { ToolsetSwitcher } from '../../components/ToolsetSwitcher';
import { IMPORT_FORMAT_LABELS, type ImportFormat } from '../../../core/import/types';

const importFormatLabel = (format: string): string =>
  format in IMPORT_FORMAT_LABELS ? IMPORT_FORMAT_LABELS[format as ImportFormat] : format;

/**
 * `budget`: the toolset's token budget, drawn at the page's foot. `intro`: the home page's introduction, drawn above
 * the catalog, whose title is then a section's heading rather than the page's.
 */
export function CatalogPage({ entry, budget, intro }: { entry: ToolsetEntry; budget: ReactNode; intro?: ReactNode }) {
  const toolsets = useToolsetStore();
  const { toolset } = entry;
  const categories = toolset.manifest.categories;
  const toolsetId = toolset.manifest.id;
  const allTools = use(toolsets.loadSummaries(toolsetId));
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [risk, setRisk] = useState<RiskLevel | ''>('');
  const [availability, setAvailability] = useState<AvailabilityChoice>('playground');
  const capabilities = (AVAILABILITY_CHOICES.find((choice) => choice.id === availability) ?? AVAILABILITY_CHOICES[0]!)
    .context;
  const importedRecord = entry.origin === 'imported' ? entry.record : undefined;
  const importedMocks = useMemo(
    () => (entry.origin === 'imported' ? { mocks: importedRecord?.mocks ?? {} } : undefined),
    [entry.origin, importedRecord],
  );
  const runnable = useMemo(
    () => allTools.filter((tool) => cardAvailability(tool, capabilities, importedMocks).runs).length,
    [allTools, capabilities, importedMocks],
  );
  const deferredQuery = useDeferredValue(query);
  const tools = useMemo(
    () => filterTools(allTools, { query: deferredQuery, category, risk }),
    [allTools, deferredQuery, category, risk],
  );
  const groups = useMemo(() => groupByCategory(toolset, tools), [toolset, tools]);
  const filtering = query.trim() !== '' || category !== '' || risk !== '';
  const clearFilters = () => {
    setQuery('');
    setCategory('');
    setRisk('');
  };

  const root = useRef<HTMLDivElement>(null);
  useEarlyActions(root);

  return (
    <div className="catalog" ref={root}>
      {intro}
      <section className="catalog-intro" aria-labelledby="catalog-title">
        <div className="page-toolbar catalog-heading">
          {intro ? (
            <h2 id="catalog-title" className="home-catalog-title">
              {toolset.manifest.name}
            </h2>
          ) : (
            <h1 id="catalog-title">{toolset.manifest.name}</h1>
          )}
          <ToolsetSwitcher current={toolsetId} />
        </div>
        <p className="lead">{toolset.manifest.description}</p>
        <p className="catalog-total" data-testid="catalog-total">
          <strong>{allTools.length}</strong> {allTools.length === 1 ? 'tool' : 'tools'} in{' '}
          <strong>{categories.length}</strong> {categories.length === 1 ? 'category' : 'categories'} · version{' '}
          {toolset.manifest.version}
          {entry.origin === 'imported' && entry.record ? (
            <> · imported from {importFormatLabel(entry.record.format)}</>
          ) : null}
        </p>
      </section>

      <form
        className="catalog-filters"
        role="search"
        aria-label="Filter tools"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field field-grow">
          <label htmlFor="catalog-search">Search</label>
          <input
            id="catalog-search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-describedby="catalog-search-help"
          />
          <span id="catalog-search-help" className="field-help">
            Names, titles, descriptions, tags and parameter names
          </span>
        </div>
        <div className="field">
          <label htmlFor="catalog-category">Category</label>
          <select id="catalog-category" value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">All categories</option>
            {categories.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalog-risk">Risk level</label>
          <select id="catalog-risk" value={risk} onChange={(event) => setRisk(event.target.value as RiskLevel | '')}>
            <option value="">All levels</option>
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {RISK_INFO[level].displayName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalog-availability">Can run with</label>
          <select
            id="catalog-availability"
            value={availability}
            onChange={(event) => setAvailability(event.target.value as AvailabilityChoice)}
          >
            {AVAILABILITY_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </form>

      <p className="catalog-availability muted" data-testid="catalog-availability">
        {importedMocks
          ? `${runnable} of ${allTools.length} tools answer with a saved mock result: imported tools have no code here`
          : `${runnable} of ${allTools.length} tools can run ${availability === 'playground' ? 'here' : 'with this preset'}`}
      </p>

      <p className="catalog-result-count" role="status" aria-live="polite">
        {filtering ? `${tools.length} of ${allTools.length} tools match` : ''}
      </p>

      {groups.length === 0 ? (
        <div className="empty-state">
          <h2>No tools match</h2>
          <p>
            Nothing matches {query.trim() ? `“${query.trim()}”` : 'these filters'}. Try other words or fewer filters.
          </p>
          <button type="button" className="button" onClick={clearFilters}>
            Clear search and filters
          </button>
        </div>
      ) : (
        groups.map((group) => (
          <section
            key={group.category.id}
            className="category"
            aria-labelledby={`category-${group.category.id}`}
            data-category={group.category.id}
          >
            <div className="category-heading">
              <h2 id={`category-${group.category.id}`}>{group.category.name}</h2>
              <span className="count-pill" data-testid="category-count" aria-label={`${group.tools.length} tools`}>
                {group.tools.length}
              </span>
            </div>
            {group.category.description ? (
              <p className="category-description muted">{group.category.description}</p>
            ) : null}
            <ul className="tool-grid">
              {group.tools.map((tool) => (
                <li key={tool.name}>
                  <ToolCard
                    toolsetId={toolsetId}
                    tool={tool}
                    availability={cardAvailability(tool, capabilities, importedMocks)}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}

      <ToolsetAudit key={`audit-${toolsetId}`} toolsetId={toolsetId} />
      {budget}
    </div>
  );
}
