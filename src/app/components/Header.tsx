import { useRef, type ReactNode } from 'react';
import type { ThemePreference } from '../lib/storage';
import type { ResolvedTheme } from '../lib/theme';
import { homeToolsetId } from '../../core/toolset/collection';
import { navigate } from '../lib/router';
import { catalogHref, checkCallsHref, connectHref, evalsHref, importHref, modelsHref } from '../lib/hrefs';
import { useToolsets } from '../services/useToolsets';
import { useHydrated } from '../lib/hydrated';
import { useEarlyInput } from '../lib/earlyEvents';

interface HeaderProps {
  /** The toolset of the page shown; null on pages of no toolset (import). */
  currentToolset: string | null;
  /** Which page is shown, to mark its link. */
  page: string;
  onOpenSearch: () => void;
  preference: ThemePreference;
  theme: ResolvedTheme;
  onCycleTheme: () => void;
  /** Controls a page places in the header (the workspace button): a component does not reach into features. */
  actions?: ReactNode;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const themeNames: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Chooses the toolset whose catalog and tools the site shows; imported toolsets are listed after the bundled ones. */
function ToolsetSwitcher({ current }: { current: string | null }) {
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
        value={current ?? ''}
        onChange={(event) => {
          if (event.target.value) navigate(catalogHref(event.target.value));
        }}
      >
        {current === null ? <option value="">Choose a toolset</option> : null}
        <optgroup label="Bundled">{bundled.map(option)}</optgroup>
        {imported.length > 0 ? <optgroup label="Imported">{imported.map(option)}</optgroup> : null}
      </select>
    </div>
  );
}

export function Header({ currentToolset, page, onOpenSearch, preference, theme, onCycleTheme, actions }: HeaderProps) {
  // The key's name is this browser's; the prerendered page names Ctrl.
  const mac = useHydrated() && isMac;
  const icon = preference === 'system' ? '◐' : theme === 'dark' ? '☾' : '☀';
  return (
    <>
      <header className="site-header">
        <div className="site-header-inner">
          <a className="brand" href={catalogHref(currentToolset ?? homeToolsetId())}>
            <span className="brand-mark" aria-hidden="true">{'{ }'}</span>
            <span className="brand-name">Tool Schema Playground</span>
          </a>
          <div className="header-actions">
            {actions}
            <button type="button" className="search-trigger" onClick={onOpenSearch} aria-label="Search tools" aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}>
              <svg className="search-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M12.8 12.8 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="search-trigger-text">Search tools</span>
              <kbd aria-hidden="true">{mac ? '⌘' : 'Ctrl'} K</kbd>
            </button>
            <button
              type="button"
              className="icon-button theme-toggle"
              onClick={onCycleTheme}
              aria-label={`Theme: ${themeNames[preference]}${preference === 'system' ? ` (${theme})` : ''}. Change theme`}
              title={`Theme: ${themeNames[preference]}`}
            >
              <span aria-hidden="true">{icon}</span>
              <span className="theme-toggle-text">{themeNames[preference]}</span>
            </button>
          </div>
        </div>
      </header>
      <nav className="site-nav" aria-label="Toolsets and tools">
        <div className="site-nav-inner">
          <ToolsetSwitcher current={currentToolset} />
          <a className="site-nav-link" href={importHref} aria-current={page === 'import' ? 'page' : undefined}>
            Import tools
          </a>
          <a className="site-nav-link" href={connectHref()} aria-current={page === 'connect' ? 'page' : undefined}>
            Connect a server
          </a>
          <a className="site-nav-link" href={checkCallsHref(currentToolset && currentToolset !== homeToolsetId() ? currentToolset : undefined)} aria-current={page === 'check' ? 'page' : undefined}>
            Check calls
          </a>
          <a className="site-nav-link" href={modelsHref()} aria-current={page === 'models' ? 'page' : undefined}>
            Models
          </a>
          <a className="site-nav-link" href={evalsHref()} aria-current={page === 'evals' ? 'page' : undefined}>
            Evals
          </a>
        </div>
      </nav>
    </>
  );
}
