/**
 * The site's base and its pages' addresses, apart from the router: the embed links to the site's pages and needs none
 * of the routing.
 */
import { homeToolsetId } from '../../core/toolset/collection';

/** Where the site is served from (`/` unless built for a sub-path), with a trailing slash. */
export const SITE_BASE: string = (() => {
  const base = (import.meta as { env?: { BASE_URL?: string } }).env?.BASE_URL ?? '/';
  const absolute = base.startsWith('/') ? base : '/';
  return absolute.endsWith('/') ? absolute : `${absolute}/`;
})();

const segment = (text: string) => encodeURIComponent(text);

export function toolHref(toolset: string, name: string, sharedArguments?: string, base = SITE_BASE): string {
  const tool = `tools/${segment(name)}/`;
  const path = toolset === homeToolsetId() ? `${base}${tool}` : `${base}toolsets/${segment(toolset)}/${tool}`;
  return sharedArguments ? `${path}#args=${sharedArguments}` : path;
}

export function catalogHref(toolset: string = homeToolsetId(), base = SITE_BASE): string {
  return toolset === homeToolsetId() ? base : `${base}toolsets/${segment(toolset)}/`;
}

export const importHrefFor = (base: string) => `${base}import/`;
export const importHref = importHrefFor(SITE_BASE);

export function checkCallsHref(toolset?: string, base = SITE_BASE): string {
  return toolset ? `${base}check/?toolset=${segment(toolset)}` : `${base}check/`;
}

export const modelsHref = (base = SITE_BASE): string => `${base}models/`;
export const evalsHref = (base = SITE_BASE): string => `${base}evals/`;

export const connectHref = (base = SITE_BASE): string => `${base}connect/`;

/** A page of the guide by its file (`cli.md`, `models.md#anchor`): `guide/` for README.md, else `guide/<topic>/`. */
export const guideHref = (page = 'README.md', base = SITE_BASE): string => {
  const [file = '', anchor] = page.split('#', 2);
  const topic = file === 'README.md' ? '' : `${file.replace(/\.md$/, '')}/`;
  return `${base}guide/${topic}${anchor !== undefined ? `#${anchor}` : ''}`;
};
/** The Markdown a guide page is rendered from, beside it for agents: `guide/<file>`. */
export const guideTextHref = (file: string, base = SITE_BASE): string => `${base}guide/${file}`;
