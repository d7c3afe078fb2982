import type { ThemePreference } from '../lib/storage';
import type { ResolvedTheme } from '../lib/theme';
import { catalogHref } from '../lib/router';
import { WorkspaceButton } from '../features/execution/WorkspaceButton';

interface HeaderProps {
  onOpenSearch: () => void;
  preference: ThemePreference;
  theme: ResolvedTheme;
  onCycleTheme: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const themeNames: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function Header({ onOpenSearch, preference, theme, onCycleTheme }: HeaderProps) {
  const icon = preference === 'system' ? '◐' : theme === 'dark' ? '☾' : '☀';
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <a className="brand" href={catalogHref}>
          <span className="brand-mark" aria-hidden="true">{'{ }'}</span>
          <span className="brand-name">Tool Schema Playground</span>
        </a>
        <div className="header-actions">
          <WorkspaceButton />
          <button type="button" className="search-trigger" onClick={onOpenSearch} aria-label="Search tools" aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}>
            <svg className="search-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12.8 12.8 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="search-trigger-text">Search tools</span>
            <kbd aria-hidden="true">{isMac ? '⌘' : 'Ctrl'} K</kbd>
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
  );
}
