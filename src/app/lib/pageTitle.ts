import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
import type { ToolsetManifest } from '../../core/toolset/types';
import type { Route } from './router';
import siteMeta from '../../generated/site-meta.json';

/** The site's name: this one's, or the one `site build --title` gave the site. */
export const SITE_NAME = siteMeta.title;

/** A page's title: the same in the prerendered HTML and in the browser once the app has taken over. */
export function pageTitle(
  route: Route,
  toolset: { manifest: ToolsetManifest } | undefined,
  guideTitle?: string,
): string {
  switch (route.page) {
    case 'tool':
      return toolset ? `${route.name} · ${toolset.manifest.name} · ${SITE_NAME}` : `${route.name} · ${SITE_NAME}`;
    case 'catalog':
      return toolset && toolset.manifest.id !== DEFAULT_TOOLSET_ID
        ? `${toolset.manifest.name} · ${SITE_NAME}`
        : SITE_NAME;
    case 'import':
      return `Import tools · ${SITE_NAME}`;
    case 'check':
      return `Check calls · ${SITE_NAME}`;
    case 'models':
      return `Models · ${SITE_NAME}`;
    case 'connect':
      return `Connect a server · ${SITE_NAME}`;
    case 'evals':
      return `Evals · ${SITE_NAME}`;
    case 'guide':
      return `${guideTitle ?? 'Guide'} · ${SITE_NAME}`;
    default:
      return `Page not found · ${SITE_NAME}`;
  }
}
