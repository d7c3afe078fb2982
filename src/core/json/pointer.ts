/** One reference token of a JSON Pointer (RFC 6901): `~` becomes `~0`, `/` becomes `~1`. */
export const escapePointerSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The inverse of escapePointerSegment: `~1` becomes `/` first, then `~0` becomes `~`, as RFC 6901 orders it. */
export const unescapePointerSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');
