/**
 * A call's arguments text read as a value, the one way every part of the product reads it:
 * - blank text (empty, or whitespace only) is a call with no arguments: `{}`;
 * - text that parses as JSON is that value, whatever its kind: the caller decides whether a value that is not an
 *   object is an error (a validator reports it) or is read as no arguments;
 * - text that does not parse is an error saying why, as JSON.parse words it.
 */
export type ArgumentsTextRead = { ok: true; value: unknown } | { ok: false; error: string };

export function readArgumentsText(text: string): ArgumentsTextRead {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
