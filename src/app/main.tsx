// First: the home toolset is set before any address is read (homeToolset.ts).
import './lib/homeToolset';
import { startTransition, StrictMode } from 'react';
import { deferredValidator } from './lib/deferredValidator';
import { ValidatorContext } from './lib/ValidatorContext';
import { createServices, ServicesContext } from './services/Services';
import { createPage, PageContext } from './lib/page';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRoute } from './routes/lazyRoutes';
import { currentRoute, followLinksInPlace, legacyHashTarget, pageKey, takeOverPrerendered } from './lib/router';
import { prefetchEditor } from './features/playground/prefetchEditor';
import { afterFirstPaint, afterPaintStylesheets } from './lib/firstPaint';
import './styles.css';

// A link of an earlier version (`#/tools/read_file`) now names the page's real address.
const legacy = legacyHashTarget(window.location.hash);
if (legacy) window.history.replaceState(null, '', legacy);

followLinksInPlace(document);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
// The page's validator, built here once: handed to every component (ValidatorContext) and to the route's preload. Its
// code arrives with the first page that validates (deferredValidator.ts): the catalog paints and runs without it.
const pageValidator = deferredValidator(() =>
  import('./lib/pageValidator').then((module) => module.createPageValidator()),
);
// What the pages share (keys, run history, the runtime), made here once and handed down the same way.
const page = createPage();
const services = createServices({ page });
const app = (
  <StrictMode>
    <PageContext value={page}>
      <ValidatorContext value={pageValidator}>
        <ServicesContext value={services}>
          <App />
        </ServicesContext>
      </ValidatorContext>
    </PageContext>
  </StrictMode>
);

// The build rendered this page (data-route says which): the app takes over that markup rather than drawing it again.
// Another page served by the same file (the catalog's file under an old hash link, the 404 page under an imported
// toolset's address) is drawn anew; React replaces the old markup only when the new page is ready.
const route = currentRoute();
if (container.dataset.route === pageKey(route) && container.firstElementChild) {
  takeOverPrerendered(page.route, route);
  // The page is painted first: boot.js starts this entry and the page's chunks (the editor's on a tool page) once it
  // is (scripts/paint-first.ts), so this runs after that paint; then the app takes the page over in one pass, and a
  // click or a drop that comes after finds its handler (boot.js holds them meanwhile).
  afterFirstPaint(() => {
    // A tool page's editor (Monaco, the largest chunk) is fetched while the docs are taken over, not after.
    const editorOnFirstScreen = route.page === 'tool' && prefetchEditor(page);
    // Painted with its critical CSS only: the whole stylesheets are there before the app draws anything more.
    void Promise.all([
      preloadRoute(route, pageValidator, services.toolsets, page).catch(() => undefined),
      afterPaintStylesheets(document),
    ]).then(() => {
      page.takeover.noteFields(document);
      // Where the editor is on the first screen, the takeover renders at once, so the editor is ready soonest (as a
      // transition, editor ready measured 2.04 s against 1.85 s, sixteen interleaved cold loads each at a load average
      // of 15-19). Elsewhere it is a transition: React renders it in slices that give the thread back between them
      // rather than in one task the length of the page, and a click or a key meanwhile hydrates its part first.
      if (editorOnFirstScreen) hydrateRoot(container, app);
      else
        startTransition(() => {
          hydrateRoot(container, app);
        });
    });
  });
} else {
  // Nothing the build drew is kept, so nothing done to it can be replayed.
  const release = (window as { __releaseEarlyEvents?: (() => unknown) | null }).__releaseEarlyEvents;
  if (typeof release === 'function') release();
  // A page the build did not draw needs the whole stylesheets the file names (at once, there is nothing to paint first).
  void afterPaintStylesheets(document).then(() => createRoot(container).render(app));
}
