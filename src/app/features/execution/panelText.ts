/**
 * What the Execute panel says before any call: drawn by the panel, and by the room a prerendered page keeps for it
 * (NoCodeExecutePlaceholder), so that room holds the same lines at every width.
 */
export const CHECKING_ARGUMENTS = 'Checking the arguments…';

/** The history's line while it is empty; `persistent`: this browser keeps the history across a reload. */
export const noCallsYet = (persistent: boolean): string =>
  `No calls yet. Executed calls appear here and ${persistent ? 'survive a reload' : 'stay until this page is closed'}.`;

/** Where a bundled tool's call runs, under the panel's heading. */
export const RUNS_IN_WORKSPACE =
  'Runs against an in-memory workspace with a real git history, in a worker, so the page stays responsive.';
