/** `--var name=value` and `--arg name=value`: repeated flags as one record, each named in its error. */
export function pairsOf(flag: string, items: readonly string[] = []): Record<string, string> | { error: string } {
  const pairs: Record<string, string> = {};
  for (const item of items) {
    const equals = item.indexOf('=');
    if (equals <= 0) return { error: `--${flag}: expected name=value, got '${item}'` };
    pairs[item.slice(0, equals)] = item.slice(equals + 1);
  }
  return pairs;
}

/** What the server suggests for a value, as a clause to append to an error ('' when it suggests nothing). */
export const suggestions = (values: readonly string[]): string =>
  values.length > 0 ? `; the server suggests: ${values.slice(0, 10).join(', ')}${values.length > 10 ? ', …' : ''}` : '';
