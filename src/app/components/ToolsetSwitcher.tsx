import { useRef } from 'react';
import { navigate } from '../lib/router';
import { catalogHref } from '../lib/hrefs';
import { useToolsets } from '../services/useToolsets';
import { useEarlyInput } from '../lib/earlyEvents';

/**
 * Chooses the toolset whose catalog and tools the site shows; imported toolsets are listed after the bundled ones.
 * Drawn on the pages of one toolset (its catalog, its tools) only: a page that works on toolsets of its own choosing
 * (Models, Evals, Check calls) keeps its own choice and is never left for a catalog.
 */
export function ToolsetSwitcher({ current }: { current: string }) {
  const entries = useToolsets();
  // A toolset chosen on a prerendered page before the app took it over opens once it has.
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);
  const bundled = entries.filter((entry) => entry.origin === 'bundled');
  const imported = entries.filter((entry) => entry.origin === 'imported');
  const option = (entry: (typeof entries)[number]) => (
    <option key={entry.toolset.manifest.id} value={entry.toolset.manifest.id}>
      {entry.toolset.manifest.name} ({entry.toolset.toolNames.length})
    </option>
  );
  return (
    <div className="toolset-switcher" ref={root}>
      <label htmlFor="toolset-switcher">Toolset</label>
      <select
        id="toolset-switcher"
        value={current}
        onChange={(event) => {
          if (event.target.value) navigate(catalogHref(event.target.value));
        }}
      >
        <optgroup label="Bundled">{bundled.map(option)}</optgroup>
        {imported.length > 0 ? <optgroup label="Imported">{imported.map(option)}</optgroup> : null}
      </select>
    </div>
  );
}
