/** Bounds every validation result keeps. */
/** Values nested deeper than this are refused before any recursive check can run out of stack. */
export const MAX_NESTING_DEPTH = 64;

/** A result lists at most this many schema errors (plus one line counting the rest). */
export const MAX_REPORTED_ERRORS = 50;
