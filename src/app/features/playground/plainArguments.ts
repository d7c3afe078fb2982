/**
 * When the arguments are too large or too deep for the code editor: past these, Monaco (tokens, bracket pairs,
 * folding) makes every keystroke on the page slow. The hostile probe measured 12–19 s a keystroke on a flat 2 MB
 * array on one line (GC and bracket decorations) and a 17 s freeze on 2 MB nested 1,000,000 deep; typical arguments
 * are a few kilobytes and a few levels. Past either limit the text is shown read-only, as windowed plain text.
 */
import { findDeepSpans } from '../../../core/json/text-limits';
import type { JsonObject } from '../../../core/toolset/types';

export const PLAIN_TEXT_CHARS = 1_000_000;
export const PLAIN_TEXT_DEPTH = 1_000;
/** A part (one parameter) is edited in a text area up to this size; past it, it can be downloaded. */
export const EDITABLE_PART_CHARS = 100_000;

/** Why the text is shown plain rather than in the code editor, or null when the editor can take it. */
export function plainTextReason(text: string): string | null {
  if (text.length >= PLAIN_TEXT_CHARS) {
    return `These arguments are ${(text.length / 1_000_000).toFixed(1)} million characters long, more than the editor stays fast with (${PLAIN_TEXT_CHARS.toLocaleString('en')}).`;
  }
  if (findDeepSpans(text, PLAIN_TEXT_DEPTH, 1).length > 0) {
    return `These arguments nest more than ${PLAIN_TEXT_DEPTH.toLocaleString('en')} levels deep, more than the editor stays fast with.`;
  }
  return null;
}

export interface ArgumentPart {
  name: string;
  /** The parameter's value as indented JSON. */
  json: string;
  editable: boolean;
}

/** The top-level parameters, each as its own JSON text: what can be edited (or downloaded) one at a time. */
export function argumentParts(value: JsonObject): ArgumentPart[] {
  return Object.entries(value).map(([name, part]) => {
    const json = JSON.stringify(part, null, 2) ?? 'null';
    return { name, json, editable: json.length <= EDITABLE_PART_CHARS };
  });
}

/** A part's edited text, parsed; the error names the parameter and the rule, and the text stays as typed. */
export function parsePart(
  name: string,
  text: string,
): { ok: true; value: JsonObject[string] } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as JsonObject[string] };
  } catch (error) {
    return {
      ok: false,
      error: `${name}: not valid JSON (${error instanceof Error ? error.message : String(error)}); the text is kept as typed.`,
    };
  }
}
