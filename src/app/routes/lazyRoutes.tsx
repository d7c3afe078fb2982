/** Every page but the catalog is a chunk of its own, loaded when first opened; what a page needs before it renders. */
import { use, type ReactNode } from 'react';
import { preloadable } from '../lib/preload';
import { shareLinkCodec } from '../lib/shareLinkCodec';
import type { Route } from '../lib/router';
import { useValidator } from '../lib/ValidatorContext';
import { validatorReady } from '../lib/deferredValidator';
import type { Page } from '../lib/page';
import type { Validator } from '../../core/validation/validator';
import type { Toolsets } from '../services/toolsets';

// The tool page brings rjsf, the validator, the audit and the exporters: a chunk of its own.
// It comes with the Execute panel and the workspace explorer mounted in its slots.
export const toolPage = preloadable(
  () => import('./tool/ToolRoute'),
  (module) => module.ToolRoute,
);

// Import brings the converters and a worker: loaded only when the page is opened.
const importPage = preloadable(
  () => import('./ImportRoute'),
  (module) => module.ImportRoute,
);

// Check calls brings the call checker, recharts and a worker: loaded only when the page is opened.
const checkCallsPage = preloadable(
  () => import('./CheckCallsRoute'),
  (module) => module.CheckCallsRoute,
);

// Models brings the model clients and the agent loop: loaded only when the page is opened (never by an embed).
export const modelsPage = preloadable(
  () => import('./models/ModelsRoute'),
  (module) => module.ModelsRoute,
);

// Connect brings the MCP SDK's client: loaded only when the page is opened.
const connectPage = preloadable(
  () => import('./ConnectRoute'),
  (module) => module.ConnectRoute,
);

// Evals brings the suites, the scorers and the model clients: loaded only when the page is opened.
export const evalsPage = preloadable(
  () => import('./EvalsRoute'),
  (module) => module.EvalsRoute,
);

// The guide's pages: its list and the one page opened, each a chunk of its own.
const guidePage = preloadable(
  () => import('./GuideRoute'),
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
export function WithValidator({ chunk, children }: { chunk: () => Promise<unknown>; children: ReactNode }) {
  void chunk();
  use(validatorReady(useValidator()));
  return children;
}

export const ToolPage = toolPage.Page;
export const ImportPage = importPage.Page;
export const CheckCallsPage = checkCallsPage.Page;
export const ModelsPage = modelsPage.Page;
export const ConnectPage = connectPage.Page;
export const EvalsPage = evalsPage.Page;
export const GuidePage = guidePage.Page;
