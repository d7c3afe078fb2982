import { useEffect, useRef, type ReactNode } from 'react';
import type { ThemePreference } from '../lib/storage';
import type { ResolvedTheme } from '../lib/theme';
import { homeToolsetId } from '../../core/toolset/collection';
import { catalogHref, checkCallsHref, connectHref, evalsHref, guideHref, importHref, modelsHref } from '../lib/hrefs';
import { useHydrated } from '../lib/hydrated';
import { SITE_NAME } from '../lib/pageTitle';
import { NAV_GROUPS, type NavGroupId } from './navGroups';

interface HeaderProps {
  /** The toolset of the page shown; null on pages of no toolset (import). */
  currentToolset: string | null;
  /** Which page is shown, to mark its link (`guide:<topic>` for a page of the guide). */
  page: string;
  onOpenSearch: () => void;
  preference: ThemePreference;
  theme: ResolvedTheme;
  onCycleTheme: () => void;
  /** Why the browser refused to keep the theme, if it did. */
  themeNotSaved?: string | null;
  /** Controls a page places in the header (the workspace button): a component does not reach into features. */
  actions?: ReactNode;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const themeNames: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

interface NavLink {
  label: string;
  href: string;
  page?: string;
}

function linksOf(group: NavGroupId, currentToolset: string | null): NavLink[] {
  switch (group) {
    case 'tools':
      return [
        { label: 'Catalog', href: catalogHref(currentToolset ?? homeToolsetId()), page: 'catalog' },
        { label: 'Import tools', href: importHref, page: 'import' },
        { label: 'Connect a server', href: connectHref(), page: 'connect' },
      ];
    case 'models':
      return [
        {
          label: 'Check calls',
          href: checkCallsHref(currentToolset && currentToolset !== homeToolsetId() ? currentToolset : undefined),
          page: 'check',
        },
        { label: 'Models', href: modelsHref(), page: 'models' },
        { label: 'Evals', href: evalsHref(), page: 'evals' },
      ];
    case 'guide':
      return [
        { label: 'Guide', href: guideHref(), page: 'guide:' },
        { label: 'CLI reference', href: guideHref('cli.md'), page: 'guide:cli' },
        { label: 'Embed reference', href: guideHref('embed.md'), page: 'guide:embed' },
        { label: 'Glossary', href: guideHref('glossary.md'), page: 'guide:glossary' },
      ];
  }
}

/**
 * The site's pages grouped by job, each group a disclosure (`<details>`): its links are in the prerendered page and
 * open with no script; once the app runs, Escape, a click elsewhere or opening another group closes an open one.
 * Three groups keep the header one row on a 390 px phone, where eleven links in a row would wrap to three.
 */
function SiteNav({ page, currentToolset }: { page: string; currentToolset: string | null }) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = root.current;
    if (!nav) return;
    const open = () => [...nav.querySelectorAll<HTMLDetailsElement>('details[open]')];
    const onPointerDown = (event: PointerEvent) => {
      for (const details of open()) if (!details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const details of open()) {
        const hadFocus = details.contains(document.activeElement);
        details.open = false;
        if (hadFocus) details.querySelector('summary')?.focus();
      }
    };
    // One group open at a time.
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const details of open()) if (details !== opened) details.open = false;
    };
    // A link followed inside the page closes its menu.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a');
      if (link) link.closest('details')?.removeAttribute('open');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    nav.addEventListener('toggle', onToggle, true);
    nav.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      nav.removeEventListener('toggle', onToggle, true);
      nav.removeEventListener('click', onClick);
    };
  }, []);
  return (
    <nav className="site-nav" aria-label="Site" ref={root}>
      {NAV_GROUPS.map((group) => {
        const links = linksOf(group.id, currentToolset);
        // Every page of the guide (`guide:<topic>`) is in the Guide group, listed or not.
        const current = links.some((link) => link.page === page) || (group.id === 'guide' && page.startsWith('guide:'));
        return (
          <details key={group.id} className="nav-group" data-group={group.id}>
            <summary className={`nav-group-summary${current ? ' is-current' : ''}`}>{group.label}</summary>
            <ul className="nav-menu">
              {links.map((link) => (
                <li key={link.label}>
                  <a className="nav-menu-link" href={link.href} aria-current={link.page === page ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </nav>
  );
}

export function Header({
  currentToolset,
  page,
  onOpenSearch,
  preference,
  theme,
  onCycleTheme,
  themeNotSaved,
  actions,
}: HeaderProps) {
  // The key's name is this browser's; the prerendered page names Ctrl.
  const mac = useHydrated() && isMac;
  const icon = preference === 'system' ? '◐' : theme === 'dark' ? '☾' : '☀';
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a className="brand" href={catalogHref()}>
          <span className="brand-mark" aria-hidden="true">
            {'{ }'}
          </span>
          <span className="brand-name">{SITE_NAME}</span>
        </a>
        <SiteNav page={page} currentToolset={currentToolset} />
        <div className="header-actions">
          {actions}
          <button
            type="button"
            className="search-trigger"
            onClick={onOpenSearch}
            aria-label="Search tools"
            aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
          >
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
            title={`Theme: ${themeNames[preference]}${themeNotSaved ? `. ${themeNotSaved}` : ''}`}
            {...(themeNotSaved ? { 'aria-description': themeNotSaved } : {})}
          >
            <span aria-hidden="true">{icon}</span>
            <span className="theme-toggle-text">{themeNames[preference]}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
