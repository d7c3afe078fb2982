import {
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Header } from './components/Header';
import { CatalogRoute } from './routes/CatalogRoute';
import { WorkspaceButton } from './features/execution/WorkspaceButton';
import { navigate, useRoute, type Route } from './lib/router';
import { catalogHref, guideHref, toolHref } from './lib/hrefs';
import { pageTitle } from './lib/pageTitle';
import { ClientOnly } from './lib/hydrated';
import { loadOnce, preloadable } from './lib/preload';
import { shareLinkCodec } from './lib/shareLinkCodec';
import { topics as guideTopics } from 'virtual:guide';
import { useEarlyActions } from './lib/earlyEvents';
import { useTheme } from './lib/theme';
import { useValidator } from './lib/ValidatorContext';
import { validatorReady } from './lib/deferredValidator';
import { usePage, type Page } from './lib/page';
import type { Validator } from '../core/validation/validator';
import type { Toolsets } from './services/toolsets';
import { useToolsets, useToolsetStore } from './services/useToolsets';
import type { Suggestion, toolSuggestions, toolsetSuggestions } from './lib/notFoundSuggestions';

// The search dialog loads when it is first opened (650 bytes gzip of every page’s scripts, measured in the build).
const SearchDialog = lazy(() =>
  import('./components/SearchDialog').then((module) => ({ default: module.SearchDialog })),
);

// The tool page brings rjsf, the validator, the audit and the exporters: a chunk of its own.
// It comes with the Execute panel and the workspace explorer mounted in its slots.
const toolPage = preloadable(
  () => import('./routes/tool/ToolRoute'),
  (module) => module.ToolRoute,
);

// Import brings the converters and a worker: loaded only when the page is opened.
const importPage = preloadable(
  () => import('./routes/ImportRoute'),
  (module) => module.ImportRoute,
);

// Check calls brings the call checker, recharts and a worker: loaded only when the page is opened.
const checkCallsPage = preloadable(
  () => import('./routes/CheckCallsRoute'),
  (module) => module.CheckCallsRoute,
);

// Models brings the model clients and the agent loop: loaded only when the page is opened (never by an embed).
const modelsPage = preloadable(
  () => import('./routes/models/ModelsRoute'),
  (module) => module.ModelsRoute,
);

// Connect brings the MCP SDK's client: loaded only when the page is opened.
const connectPage = preloadable(
  () => import('./routes/ConnectRoute'),
  (module) => module.ConnectRoute,
);

// Evals brings the suites, the scorers and the model clients: loaded only when the page is opened.
const evalsPage = preloadable(
  () => import('./routes/EvalsRoute'),
  (module) => module.EvalsRoute,
);

// The guide's pages: its list and the one page opened, each a chunk of its own.
const guidePage = preloadable(
  () => import('./routes/GuideRoute'),
  (module) => module.GuideRoute,
);

/**
 * Everything a page needs before it can render without waiting (its chunk; a tool's definition and generated validator;
 * a catalog's summaries): the
 * browser awaits it before taking over a prerendered page, so the page is the app's at once, every click and drop
 * handled, with nothing left to load under it.
 */
export async function preloadRoute(route: Route, validator: Validator, toolsets: Toolsets, page: Page): Promise<void> {
  if (route.page === 'tool') {
    const [module] = await Promise.all([
      toolPage.load(),
      toolsets.loadTool(route.toolset, route.name),
      validatorReady(validator),
      route.sharedArguments ? shareLinkCodec() : undefined,
    ]);
    await module.prepareToolPage(page, validator, toolsets, route.toolset, route.name);
  } else if (route.page === 'catalog') await toolsets.loadSummaries(route.toolset);
  else if (route.page === 'import') await importPage.load();
  else if (route.page === 'check') await checkCallsPage.load();
  else if (route.page === 'models') await Promise.all([modelsPage.load(), validatorReady(validator)]);
  else if (route.page === 'connect') await connectPage.load();
  else if (route.page === 'evals') await Promise.all([evalsPage.load(), validatorReady(validator)]);
  else if (route.page === 'guide')
    await guidePage.load().then((module) => module.prepareGuidePage(page.part(module.createGuideTexts), route.topic));
}

/**
 * A page that validates, rendered once the page's validator has arrived (deferredValidator.ts); its own chunk is
 * asked for at the same time, not after.
 */
function WithValidator({ chunk, children }: { chunk: () => Promise<unknown>; children: ReactNode }) {
  void chunk();
  use(validatorReady(useValidator()));
  return children;
}

const ToolPage = toolPage.Page;
const ImportPage = importPage.Page;
const CheckCallsPage = checkCallsPage.Page;
const ModelsPage = modelsPage.Page;
const ConnectPage = connectPage.Page;
const EvalsPage = evalsPage.Page;
const GuidePage = guidePage.Page;

/** The functions that find what "Not found" offers instead. */
interface SuggestionFinders {
  toolSuggestions: typeof toolSuggestions;
  toolsetSuggestions: typeof toolsetSuggestions;
}

// Suggesting compares what was typed with every toolset’s and tool’s name (edit distances): 1.9 KB gzip
// measured in the build, which every page loaded while only "Not found" uses it, so it comes with that page.
const suggestionFinders = loadOnce<SuggestionFinders>(() => import('./lib/notFoundSuggestions'));

function NotFoundSuggestions({ suggest }: { suggest: (finders: SuggestionFinders) => readonly Suggestion[] }) {
  const suggestions = suggest(use(suggestionFinders()));
  if (suggestions.length === 0) return null;
  return (
    <p className="not-found-suggestions">
      Did you mean{' '}
      {suggestions.map((suggestion, index) => (
        <span key={suggestion.href}>
          {index > 0 && (index === suggestions.length - 1 ? ' or ' : ', ')}
          <a href={suggestion.href}>{suggestion.label}</a>
        </span>
      ))}
      ?
    </p>
  );
}

function NotFound({
  what,
  suggest,
}: {
  what: string;
  /** What to offer instead, found once the finders' code has loaded (the rest of the page does not wait for it). */
  suggest?: (finders: SuggestionFinders) => readonly Suggestion[];
}) {
  const root = useRef<HTMLDivElement>(null);
  useEarlyActions(root);
  return (
    <div className="empty-state" ref={root}>
      <h1>Not found</h1>
      <p>{what}</p>
      {suggest ? (
        <Suspense fallback={null}>
          <NotFoundSuggestions suggest={suggest} />
        </Suspense>
      ) : null}
      <a className="button" href={catalogHref()}>
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

/** Imported toolsets arrive from IndexedDB a moment after the first render; until then an unknown id is not yet "not found". */
function useImportedToolsetsLoaded(): boolean {
  const toolsets = useToolsetStore();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    void toolsets.loadImported().then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [toolsets]);
  return loaded;
}

/**
 * A link that carries an imported toolset: the toolset joins this browser's imported ones (under another
 * id when that one is taken by something else), then the address drops the payload.
 */
function useSharedToolset(route: Route): string | null {
  const toolsets = useToolsetStore();
  const page = usePage();
  const [notice, setNotice] = useState<string | null>(null);
  const payload = route.page === 'tool' ? route.sharedToolset : undefined;
  useEffect(() => {
    if (route.page !== 'tool' || !payload) return;
    let active = true;
    void (async () => {
      await toolsets.loadImported();
      const [{ decodeSharedToolsetWith }, { createSchemaChecks }] = await Promise.all([
        import('./lib/sharedToolset'),
        import('./lib/schemaWorker'),
      ]);
      // Checking the toolset compiles its schemas: done in a worker, as the page's policy forbids compiling.
      const decoded = await decodeSharedToolsetWith(payload, page.part(createSchemaChecks).importText).catch(
        (error: unknown) => ({
          ok: false as const,
          error: `The toolset in the link could not be checked: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
      if (!active) return;
      let id = route.toolset;
      if (!decoded.ok) setNotice(decoded.error);
      else {
        const { toolset, mocks } = decoded.shared;
        const count = `${toolset.tools.length} ${toolset.tools.length === 1 ? 'tool' : 'tools'}`;
        // What the checks kept out is said with the rest, every time the link is opened.
        const refused =
          decoded.refused.length === 0
            ? ''
            : ` ${decoded.refused.length === 1 ? 'One tool was' : `${decoded.refused.length} tools were`} refused: ${decoded.refused.join('; ')}`;
        // Loaded with the link: a page opened without one never needs it.
        const linked = await import('./services/linkedToolset')
          .then(({ keepLinkedToolset }) => keepLinkedToolset(toolsets, id, { toolset, mocks }))
          .catch((error: unknown) => ({
            id,
            outcome: 'failed' as const,
            message: error instanceof Error ? error.message : String(error),
          }));
        if (linked.outcome === 'failed')
          setNotice(
            `The toolset “${toolset.manifest.name}” of the link was not kept in this browser. ${linked.message}`,
          );
        else if (linked.outcome === 'kept')
          setNotice(
            `The link brought the toolset “${toolset.manifest.name}” (${count}): it is now among your imported toolsets.${refused}`,
          );
        else if (linked.outcome === 'beside')
          setNotice(
            `The link brought the toolset “${toolset.manifest.name}” (${count}): another toolset here has its id ‘${id}’, so it is kept beside it under the id ‘${linked.id}’, among your imported toolsets.${refused}`,
          );
        else if (refused)
          setNotice(
            `The toolset “${toolset.manifest.name}” of the link (${count}) is among your imported toolsets.${refused}`,
          );
        id = linked.id;
      }
      if (active) navigate(toolHref(id, route.name, route.sharedArguments), { replace: true });
    })();
    return () => {
      active = false;
    };
  }, [route, payload, toolsets, page]);
  return notice;
}

export function App() {
  const toolsets = useToolsetStore();
  const route = useRoute();
  useToolsets();
  const importedLoaded = useImportedToolsetsLoaded();
  const sharedNotice = useSharedToolset(route);
  const [dismissedNotice, setDismissedNotice] = useState<string | null>(null);
  const { preference, theme, cyclePreference, notSaved: themeNotSaved } = useTheme();
  const [searchOpen, setSearchOpen] = useState(false);
  // Mounted from its first opening on (and kept, so it opens at once after that).
  const [searchMounted, setSearchMounted] = useState(false);
  if (searchOpen && !searchMounted) setSearchMounted(true);
  const closeSearch = useCallback(() => setSearchOpen(false), []);

  // Before the first paint, so Ctrl+K works from the moment anything is on screen.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

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
        onOpenSearch={() => setSearchOpen(true)}
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
        {searchMounted ? (
          <Suspense fallback={null}>
            <SearchDialog open={searchOpen} onClose={closeSearch} />
          </Suspense>
        ) : null}
      </ClientOnly>
    </>
  );
}
