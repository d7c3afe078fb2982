/** Cheap text similarity for telling tools apart: word sets and edit distance, no model. */

/** Lower-case word tokens of a name or a description (snake, kebab, camel and dotted names split). */
export const tokens = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 1);

/** |A ∩ B| / |A ∪ B| over word sets. */
export const jaccard = (left: readonly string[], right: readonly string[]): number => {
  const a = new Set(left);
  const b = new Set(right);
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
};

/** 1 − Levenshtein distance / the longer length: 1 for equal strings, 0 for nothing in common. */
export const nameSimilarity = (left: string, right: string): number => {
  const a = left.toLowerCase();
  const b = right.toLowerCase();
  if (a === b) return 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return 1 - (previous[b.length] ?? 0) / Math.max(a.length, b.length);
};
