import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Header } from './components/Header';
import { SearchDialog } from './components/SearchDialog';
import { CatalogPage } from './features/catalog/CatalogPage';
import { catalogHref, useRoute } from './lib/router';
import { useTheme } from './lib/theme';
import { findTool } from './lib/toolset';

// The tool page brings rjsf, the validator, the audit and the exporters: a chunk of its own.
// It comes with the Execute panel and the workspace explorer mounted in its slots.
const ToolPage = lazy(() => import('./features/execution/ExecutionToolPage').then((module) => ({ default: module.ExecutionToolPage })));

function NotFound({ what }: { what: string }) {
  return (
    <div className="empty-state">
      <h1>Not found</h1>
      <p>{what}</p>
      <a className="button" href={catalogHref}>
        Back to the catalog
      </a>
    </div>
  );
}

function PageLoading() {
  return (
    <p className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </p>
  );
}

export function App() {
  const route = useRoute();
  const { preference, theme, cyclePreference } = useTheme();
  const [searchOpen, setSearchOpen] = useState(false);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

  useEffect(() => {
    if (route.page !== 'tool') document.title = 'Tool Schema Playground';
    window.scrollTo(0, 0);
  }, [route.page, route.page === 'tool' ? route.name : '']);

  let page;
  if (route.page === 'catalog') page = <CatalogPage />;
  else if (route.page === 'tool') {
    const tool = findTool(route.name);
    page = tool ? (
      <Suspense fallback={<PageLoading />}>
        <ToolPage key={tool.name} tool={tool} sharedArguments={route.sharedArguments} />
      </Suspense>
    ) : (
      <NotFound what={`There is no tool named “${route.name}” in this toolset.`} />
    );
  } else page = <NotFound what="This address does not lead to a page." />;

  return (
    <>
      <a className="skip-link" href="#main" onClick={(event) => { event.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <Header onOpenSearch={() => setSearchOpen(true)} preference={preference} theme={theme} onCycleTheme={cyclePreference} />
      <main id="main" className="site-main" tabIndex={-1}>
        {page}
      </main>
      <footer className="site-footer">
        <p className="muted">Every check on this site runs the same validator as the agent runtime, in your browser.</p>
      </footer>
      <SearchDialog open={searchOpen} onClose={closeSearch} />
    </>
  );
}
