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

/**
 * Edit distance with an adjacent transposition counted as one edit (optimal string alignment), so
 * `prot` is one edit from `port`, as a typo is; gives up (returning limit + 1) once it exceeds `limit`.
 */
export function levenshtein(left: string, right: string, limit = 2): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        value = Math.min(value, beforePrevious[column - 2] + 1);
      }
      current.push(value);
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[right.length];
}

/** Words of a name: `timeout_seconds`, `timeoutSeconds` and `timeout-seconds` all read [timeout, seconds]. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\-\s.]+/)
    .filter(Boolean);
}

/**
 * The one known name that `unknown` is the start of: `timeout` → `timeout_seconds`, `time` →
 * `timeout_seconds`. Not the other way round: `content_type` is not `content`.
 */
function prefixMatch(unknown: string, candidates: readonly string[]): string | undefined {
  const typed = words(unknown);
  const typedText = normalize(unknown);
  if (typedText.length < 3) return undefined;
  const matches = candidates.filter((candidate) => {
    const known = words(candidate);
    const knownText = normalize(candidate);
    // Whole words: `timeout` → `timeout_seconds`, `start` → `start_line`.
    if (typed.length < known.length && typed.every((word, index) => word === known[index])) return true;
    // Part of the first word, at least 4 letters of it: `time` → `timeout_seconds`, `recur` → `recursive`.
    return typedText.length >= 4 && typed.length === 1 && knownText.startsWith(typedText) && (known[0] ?? '').startsWith(typedText);
  });
  // Two names sharing the prefix (`start` → start_line or start_column?) is a guess, not a suggestion.
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * The known name closest to `unknown`: same name ignoring case and separators first, then a small
 * edit distance (1 for names up to 4 letters, else 2; a swap of two letters is one edit), then a
 * unique prefix match in whole words, then a known alias. Undefined when nothing is close.
 */
export function suggestName(unknown: string, candidates: readonly string[]): string | undefined {
  if (unknown.length > 200 || candidates.length === 0) return undefined;
  const normalized = normalize(unknown);
  for (const candidate of candidates) if (normalize(candidate) === normalized) return candidate;

  let best: string | undefined;
  const lowered = unknown.toLowerCase();
  // Short names are one edit from many others (`name` and `mode` are two apart): allow fewer edits.
  const limit = normalized.length <= 4 ? 1 : 2;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate.length < 3 || lowered.length < 3) continue;
    const distance = Math.min(levenshtein(lowered, candidate.toLowerCase(), limit), levenshtein(normalized, normalize(candidate), limit));
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined) return best;

  const prefixed = prefixMatch(unknown, candidates);
  if (prefixed !== undefined) return prefixed;

  for (const candidate of candidates) {
    const aliases = ALIASES.get(candidate);
    if (aliases !== undefined && aliases.includes(lowered) && !candidates.includes(lowered)) return candidate;
  }
  return undefined;
}
