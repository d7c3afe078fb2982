/** The "Time limit" field of the connect form: empty is the client's default; otherwise whole seconds within bounds. */
export const TIMEOUT_BOUNDS = { min: 1, max: 600 } as const;
/** The client's DEFAULT_TIMEOUT_MS in seconds; not imported, which would load the MCP SDK with the form. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

export type TimeLimit = { ok: true; seconds: number | undefined } | { ok: false; message: string };

export function parseTimeLimit(text: string): TimeLimit {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, seconds: undefined };
  const { min, max } = TIMEOUT_BOUNDS;
  if (!/^\d+$/.test(trimmed))
    return {
      ok: false,
      message: `Time limit: '${trimmed}' is not a whole number of seconds; expected ${min} to ${max}, or empty for the default (${DEFAULT_TIMEOUT_SECONDS}).`,
    };
  const seconds = Number(trimmed);
  if (seconds < min || seconds > max)
    return { ok: false, message: `Time limit: ${seconds} is out of range; expected ${min} to ${max} seconds.` };
  return { ok: true, seconds };
}
