/**
 * The editor text for a call's arguments: JSON text stays as the model wrote it, anything else is
 * pretty-printed. Computed on demand: printing every call of a million-line stream would cost more
 * than checking it.
 */
export function argumentsTextOf(args: unknown): string | undefined {
  if (typeof args === 'string') return args;
  if (args === undefined) return undefined;
  try {
    return JSON.stringify(args, null, 2);
  } catch {
    return undefined;
  }
}
