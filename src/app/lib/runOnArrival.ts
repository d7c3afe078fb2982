/**
 * A tool page's link that runs the tool once on arrival (the home page's "Run read_file"): `…/tools/read_file/#run`.
 * The Execute panel reads it; the home page only links to it, so this module carries no panel code.
 */
export const RUN_FRAGMENT = 'run';

/** Whether the page was opened to run its tool. */
export function openedToRun(location: Pick<Location, 'hash'> | undefined = globalThis.location): boolean {
  return location?.hash === `#${RUN_FRAGMENT}`;
}

/** The address without the fragment, kept in place (no navigation): a reload then does not run the tool again. */
export function dropRunFragment(): void {
  if (!openedToRun()) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
