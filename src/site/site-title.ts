/** The site's name where none is given (`site build --title` gives a site its own). */
export const DEFAULT_SITE_TITLE = 'Tool Schema Playground';
