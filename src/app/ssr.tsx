/**
 * The build's way into the app (scripts/prerender.ts): a page rendered to HTML with the very components the
 * browser renders, so the browser takes that markup over (hydrates it) instead of drawing the page again.
 */
// First: the home toolset is set before any address is read (homeToolset.ts).
import './lib/homeToolset';
// For site dev: its toolsets change in place, their home one's id too.
export { readHomeToolset } from './lib/homeToolset';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './App';
import type { Route } from './lib/router';
import { createPageValidator } from './lib/pageValidator';
import { ValidatorContext } from './lib/ValidatorContext';
import { createServices, ServicesContext } from './services/Services';
import { createPage, PageContext } from './lib/page';

// The validator the pages are rendered with: the browser's entry builds its own, the same way.
const pageValidator = createPageValidator();

/** `signal`: aborts the render (the build gave the page up). */
export async function renderPage(route: Route, signal?: AbortSignal): Promise<string> {
  // RE2 from the start, as the CLI has it: an audit that needs it is in the page's HTML rather than "Auditing…".
  await pageValidator.regexEngine.load();
  // Each page its own: nothing one page's render does is seen by the next.
  const page = createPage(route);
  // prerender (unlike renderToString) waits for the lazy pages, so the HTML holds the whole page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageContext value={page}>
        <ValidatorContext value={pageValidator}>
          <ServicesContext value={createServices({ page })}>
            <App />
          </ServicesContext>
        </ValidatorContext>
      </PageContext>
    </StrictMode>,
    // Every part inline, in place: a part sent later would need an inline script, which the site's policy forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, ...(signal ? { signal } : {}) },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
