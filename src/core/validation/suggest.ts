/** "Did you mean …?" for unknown parameter names and near-miss enum values. */

/** Names models commonly use for a parameter under another name. */
const ALIASES = new Map<string, readonly string[]>([
  ['path', ['filepath', 'file', 'filename', 'file_name', 'file_path', 'pathname']],
  ['command', ['cmd']],
  ['message', ['msg', 'commit_message']],
  ['content', ['contents', 'text', 'body']],
  ['query', ['q', 'search', 'search_query']],
]);

/** Lower case without separators: `startLine`, `start_line` and `START-LINE` all read `startline`. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[_\-\s.]/g, '');
}

/** Edit distance, giving up (returning limit + 1) as soon as it exceeds `limit`. */
export function levenshtein(left: string, right: string, limit = 2): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      const value = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost);
      current.push(value);
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  return previous[right.length];
}

/**
 * The known name closest to `unknown`: same name ignoring case and separators first,
 * then an edit distance of at most 2, then a known alias. Undefined when nothing is close.
 */
export function suggestName(unknown: string, candidates: readonly string[]): string | undefined {
  if (unknown.length > 200 || candidates.length === 0) return undefined;
  const normalized = normalize(unknown);
  for (const candidate of candidates) if (normalize(candidate) === normalized) return candidate;

  let best: string | undefined;
  let bestDistance = 3;
  const lowered = unknown.toLowerCase();
  for (const candidate of candidates) {
    if (candidate.length < 3 || lowered.length < 3) continue;
    const distance = Math.min(levenshtein(lowered, candidate.toLowerCase()), levenshtein(normalized, normalize(candidate)));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;

  for (const candidate of candidates) {
    const aliases = ALIASES.get(candidate);
    if (aliases !== undefined && aliases.includes(lowered) && !candidates.includes(lowered)) return candidate;
  }
  return undefined;
}
