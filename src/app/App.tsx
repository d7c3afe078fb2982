import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Header } from './components/Header';
import { CatalogRoute } from './routes/CatalogRoute';
import { WorkspaceButton } from './features/execution/WorkspaceButton';
import { useRoute } from './lib/router';
import { guideHref } from './lib/hrefs';
import { pageTitle } from './lib/pageTitle';
import { ClientOnly } from './lib/hydrated';
import { topics as guideTopics } from 'virtual:guide';
import { useTheme } from './lib/theme';
import { useToolsets, useToolsetStore } from './services/useToolsets';
import { useImportedToolsetsLoaded } from './services/useImportedToolsetsLoaded';
import { useSharedToolset } from './services/useSharedToolset';
import { NotFound } from './routes/NotFound';
import {
  CheckCallsPage,
  ConnectPage,
  EvalsPage,
  GuidePage,
  ImportPage,
  ModelsPage,
  evalsPage,
  modelsPage,
  toolPage,
  ToolPage,
  WithValidator,
} from './routes/lazyRoutes';

// The search dialog loads when it is first opened (650 bytes gzip of every page’s scripts, measured in the build).
// Not through lazy() and Suspense: React holds a suspended boundary's content back until 300 ms after its fallback
// shows, and through Suspense that hold measures 300 of the 320–370 ms from the click on "Search tools" to the open
// dialog, its code having arrived after 10–40 ms.
const loadSearchDialog = () => import('./components/SearchDialog').then((module) => module.SearchDialog);

function PageLoading() {
  return (
    <p className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </p>
  );
}

export function App() {
  const toolsets = useToolsetStore();
  const route = useRoute();
  const entries = useToolsets();
  const importedLoaded = useImportedToolsetsLoaded();
  const sharedNotice = useSharedToolset(route);
  const [dismissedNotice, setDismissedNotice] = useState<string | null>(null);
  const { preference, theme, cyclePreference, notSaved: themeNotSaved } = useTheme();
  const [searchOpen, setSearchOpen] = useState(false);
  // Mounted once its code has arrived, from its first opening on (and kept, so it opens at once after that).
  const [SearchDialog, setSearchDialog] = useState<Awaited<ReturnType<typeof loadSearchDialog>> | null>(null);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  // Keys typed after the first opening and before the dialog's code has arrived: its query starts with them.
  const typedEarly = useRef({ text: '', enter: false });
  const takeTypedEarly = useCallback(() => {
    const typed = typedEarly.current;
    typedEarly.current = { text: '', enter: false };
    return typed;
  }, []);
  // The listener that holds those keys: set in the same task as the opening (a key typed right after the click comes
  // before any effect runs), taken off once the dialog is there or search closes.
  const earlyKeys = useRef<((event: KeyboardEvent) => void) | null>(null);
  const stopEarlyKeys = useCallback(() => {
    if (earlyKeys.current) window.removeEventListener('keydown', earlyKeys.current, { capture: true });
    earlyKeys.current = null;
  }, []);
  const dialogArrived = useRef(false);
  const openSearch = useCallback(() => {
    if (!dialogArrived.current && !earlyKeys.current) {
      typedEarly.current = { text: '', enter: false };
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
        if (event.key === 'Escape') {
          stopEarlyKeys();
          typedEarly.current = { text: '', enter: false };
          setSearchOpen(false);
        } else if (event.key === 'Enter') typedEarly.current.enter = true;
        else if (event.key === 'Backspace') typedEarly.current.text = typedEarly.current.text.slice(0, -1);
        else if (event.key.length === 1) typedEarly.current.text += event.key;
        else return;
        // The key is the search's: nothing else on the page, a field with the focus included, takes it.
        event.preventDefault();
        event.stopPropagation();
      };
      earlyKeys.current = onKeyDown;
      window.addEventListener('keydown', onKeyDown, { capture: true });
    }
    setSearchOpen(true);
  }, [stopEarlyKeys]);
  // The dialog took the keys as it opened (its effect runs before this one), or search closed without it.
  useEffect(() => {
    if (SearchDialog || !searchOpen) stopEarlyKeys();
  }, [SearchDialog, searchOpen, stopEarlyKeys]);
  useEffect(() => stopEarlyKeys, [stopEarlyKeys]);
  // The dialog's code and every toolset's summaries load side by side when search opens, rather than the
  // summaries after the dialog has mounted; a dialog whose code did not arrive closes, and the next opening asks again.
  useEffect(() => {
    if (!searchOpen) return;
    for (const entry of entries) toolsets.loadSummaries(entry.toolset.manifest.id).catch(() => undefined);
    if (SearchDialog) return;
    let active = true;
    loadSearchDialog().then(
      (component) => {
        if (!active) return;
        dialogArrived.current = true;
        setSearchDialog(() => component);
      },
      () => active && setSearchOpen(false),
    );
    return () => {
      active = false;
    };
  }, [searchOpen, SearchDialog, entries, toolsets]);

  // Before the first paint, so Ctrl+K works from the moment anything is on screen.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openSearch();
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [openSearch]);

  const entry = route.page === 'catalog' || route.page === 'tool' ? toolsets.find(route.toolset) : undefined;

  useEffect(() => {
    document.title = pageTitle(
      route,
      entry?.toolset,
      route.page === 'guide' ? guideTopics.find((topic) => topic.slug === route.topic)?.title : undefined,
    );
  }, [route, entry]);

  // A new page starts at its top; the first one keeps where the reader already is (a prerendered page, an anchor).
  const pageKey =
    route.page === 'tool'
      ? `tool:${route.toolset}/${route.name}`
      : route.page === 'catalog'
        ? `catalog:${route.toolset}`
        : route.page === 'guide'
          ? `guide:${route.topic}`
          : route.page;
  const shownPage = useRef(pageKey);
  useEffect(() => {
    if (shownPage.current === pageKey) return;
    shownPage.current = pageKey;
    window.scrollTo(0, 0);
  }, [pageKey]);

  // One element per page: while the browser takes over a prerendered page, a later render of App (imported
  // toolsets arriving from IndexedDB) hands React the very same element, so the page being taken over is kept.
  const waitingForImported = !entry && !importedLoaded;
  const page = useMemo(() => {
    if ((route.page === 'catalog' || route.page === 'tool') && !entry) {
      return !waitingForImported && !(route.page === 'tool' && route.sharedToolset) ? (
        <NotFound
          what={`There is no toolset with the id “${route.toolset}” in this browser. Import it, or open a link that carries it.`}
          suggest={(finders) =>
            finders.toolsetSuggestions(
              route.toolset,
              toolsets.entries(),
              route.page === 'tool' ? route.name : undefined,
            )
          }
        />
      ) : (
        <PageLoading />
      );
    }
    if (route.page === 'catalog' && entry) {
      return (
        <Suspense fallback={<PageLoading />}>
          <CatalogRoute key={entry.toolset.manifest.id} entry={entry} />
        </Suspense>
      );
    }
    if (route.page === 'tool' && entry) {
      return entry.toolset.toolNames.includes(route.name) ? (
        <Suspense fallback={<PageLoading />}>
          <WithValidator chunk={toolPage.load}>
            <ToolPage
              key={`${route.toolset}/${route.name}`}
              toolsetId={route.toolset}
              name={route.name}
              sharedArguments={route.sharedArguments}
            />
          </WithValidator>
        </Suspense>
      ) : (
        <NotFound
          what={`There is no tool named “${route.name}” in ${entry.toolset.manifest.name}.`}
          suggest={(finders) => finders.toolSuggestions(route.name, entry, toolsets.entries())}
        />
      );
    }
    if (route.page === 'import') {
      return (
        <Suspense fallback={<PageLoading />}>
          <ImportPage />
        </Suspense>
      );
    }
    if (route.page === 'check') {
      return (
        <Suspense fallback={<PageLoading />}>
          <CheckCallsPage toolsetId={route.toolset} />
        </Suspense>
      );
    }
    if (route.page === 'models') {
      return (
        <Suspense fallback={<PageLoading />}>
          <WithValidator chunk={modelsPage.load}>
            <ModelsPage />
          </WithValidator>
        </Suspense>
      );
    }
    if (route.page === 'connect') {
      return (
        <Suspense fallback={<PageLoading />}>
          <ConnectPage />
        </Suspense>
      );
    }
    if (route.page === 'evals') {
      return (
        <Suspense fallback={<PageLoading />}>
          <WithValidator chunk={evalsPage.load}>
            <EvalsPage />
          </WithValidator>
        </Suspense>
      );
    }
    if (route.page === 'guide') {
      return (
        <Suspense fallback={<PageLoading />}>
          <GuidePage key={route.topic} topic={route.topic} />
        </Suspense>
      );
    }
    return <NotFound what="This address does not lead to a page." />;
  }, [route, entry, waitingForImported, toolsets]);

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <Header
        currentToolset={route.page === 'catalog' || route.page === 'tool' ? route.toolset : null}
        page={route.page === 'guide' ? `guide:${route.topic}` : route.page}
        onOpenSearch={openSearch}
        preference={preference}
        theme={theme}
        onCycleTheme={cyclePreference}
        themeNotSaved={themeNotSaved}
        actions={<WorkspaceButton />}
      />
      <main id="main" className="site-main" tabIndex={-1}>
        {sharedNotice && sharedNotice !== dismissedNotice ? (
          <div className="app-notice" role="status">
            <span>{sharedNotice}</span>
            <button type="button" className="button button-small" onClick={() => setDismissedNotice(sharedNotice)}>
              Dismiss
            </button>
          </div>
        ) : null}
        {page}
      </main>
      <footer className="site-footer">
        <p className="muted">Every check on this site runs the same validator as the agent runtime, in your browser.</p>
        <p className="site-footer-links">
          <a href={guideHref()}>Guide</a>
          <span aria-hidden="true"> · </span>
          <a href={guideHref('cli.md')}>CLI reference</a>
          <span aria-hidden="true"> · </span>
          <a href={guideHref('embed.md')}>Embed reference</a>
        </p>
      </footer>
      {/* Not in the prerendered pages (it is closed there, and would repeat every tool on every page). */}
      <ClientOnly>
        {SearchDialog ? <SearchDialog open={searchOpen} onClose={closeSearch} takeTypedEarly={takeTypedEarly} /> : null}
      </ClientOnly>
    </>
  );
}
