/** The embed page (embed.html): one tool in one view, framed by `<tool-playground>` or opened alone. */
// First: the home toolset is set before any address is read (homeToolset.ts).
import './lib/homeToolset';
import { createPageValidator } from './lib/pageValidator';
import { ValidatorContext } from './lib/ValidatorContext';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EmbedRoute } from './routes/embed/EmbedRoute';
import { embedSearch, embedWorkspaceKey, parseEmbedParams } from './features/embed/protocol';
import { SITE_BASE } from './lib/hrefs';
import { createEmbedTheme, createPoster } from './features/embed/useHost';
import { createServices, ServicesContext } from './services/Services';
import { createPage, PageContext } from './lib/page';
import './styles.css';
import './features/embed/embed.css';

const container = document.getElementById('embed-root');
if (!container) throw new Error('The embed page has no #embed-root element.');

const parsed = parseEmbedParams(
  embedSearch(window.location.pathname, window.location.search, SITE_BASE),
  () => `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
);
if (!parsed.ok) {
  createEmbedTheme('auto', { followSystem: false });
  const problem = document.createElement('p');
  problem.className = 'embed-problem';
  problem.setAttribute('role', 'alert');
  problem.textContent = parsed.error;
  container.replaceChildren(problem);
} else {
  const { params } = parsed;
  const setTheme = createEmbedTheme(params.theme, { followSystem: true });
  // This embed's own workspace (and a history kept in memory): never the site's, never another embed's; the Execute
  // view drops it when the embed goes away.
  const page = createPage();
  const services = createServices({ page, workspaceKey: embedWorkspaceKey(params.id) });

  const post = createPoster(params.origin);
  const framed = params.origin !== null && window.parent !== window;
  if (framed) {
    // The host sizes the frame to the content, so the page itself never scrolls.
    document.documentElement.classList.add('embed-framed');
    let lastHeight = -1;
    new ResizeObserver(() => {
      const height = Math.ceil(container.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      post({ source: 'tool-playground', id: params.id, type: 'resize', height });
    }).observe(container);
  }
  createRoot(container).render(
    <StrictMode>
      <PageContext value={page}>
        <ValidatorContext value={createPageValidator()}>
          <ServicesContext value={services}>
            <EmbedRoute params={params} post={post} setTheme={setTheme} />
          </ServicesContext>
        </ValidatorContext>
      </PageContext>
    </StrictMode>,
  );
}
