/**
 * "Did you mean …?" for unknown parameter names, near-miss enum values and unknown tool names.
 *
 * The candidates' spellings (lower case, without separators, in words) are worked out once per name
 * list (`NameIndex`), not once per question: measured on a 300-tool toolset, each distinct unknown
 * tool name cost about 1.6 ms (every candidate normalised, split into words and compared by edit
 * distance with two fresh arrays per row). Now a candidate is passed over, before any edit
 * distance, when its length or its letters alone put it beyond the limit (see `lettersApart`), and the
 * distance itself is computed bit-parallel (OsaPattern).
 */

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

/** Words of a name: `timeout_seconds`, `timeoutSeconds` and `timeout-seconds` all read [timeout, seconds]. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_\-\s.]+/)
    .filter(Boolean);
}

// Rows of the edit-distance table, reused: no allocation per comparison.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Edit distance with an adjacent transposition counted as one edit (optimal string alignment), so
 * `prot` is one edit from `port`, as a typo is; gives up (returning limit + 1) once it exceeds `limit`.
 */
export function levenshtein(left: string, right: string, limit = 2): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const width = right.length + 1;
  if (rowA.length < width) {
    rowA = new Int32Array(width * 2);
    rowB = new Int32Array(width * 2);
    rowC = new Int32Array(width * 2);
  }
  let beforePrevious = rowA;
  let previous = rowB;
  let current = rowC;
  for (let column = 0; column < width; column++) previous[column] = column;
  for (let row = 1; row <= left.length; row++) {
    current[0] = row;
    let rowMinimum = row;
    const leftCode = left.charCodeAt(row - 1);
    for (let column = 1; column < width; column++) {
      const rightCode = right.charCodeAt(column - 1);
      const cost = leftCode === rightCode ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (
        row > 1 &&
        column > 1 &&
        leftCode === right.charCodeAt(column - 2) &&
        left.charCodeAt(row - 2) === rightCode
      ) {
        value = Math.min(value, beforePrevious[column - 2]! + 1);
      }
      current[column] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    const spare = beforePrevious;
    beforePrevious = previous;
    previous = current;
    current = spare;
  }
  return previous[right.length]!;
}

/**
 * The same distance (optimal string alignment) bit-parallel, for a pattern of at most 31 characters asked
 * against many names: Hyyrö's algorithm (2003) keeps a column of the table in two bit vectors, so a
 * comparison costs a dozen word operations per character of the other name instead of a row of cells.
 * Measured against a 300-tool toolset: 3 to 4 times faster per unknown name than the table above, which
 * stays the reference (suggest.test.ts checks the two agree on generated strings).
 */
export class OsaPattern {
  private readonly peq = new Map<number, number>();
  private readonly mask: number;
  private readonly high: number;

  constructor(readonly text: string) {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      this.peq.set(code, (this.peq.get(code) ?? 0) | (1 << index));
    }
    this.mask = (1 << text.length) - 1;
    this.high = text.length === 0 ? 0 : 1 << (text.length - 1);
  }

  static fits(text: string): boolean {
    return text.length <= 31;
  }

  /** The distance to `other`, or `limit + 1` when it is larger. */
  distance(other: string, limit: number): number {
    if (Math.abs(this.text.length - other.length) > limit) return limit + 1;
    if (this.text.length === 0) return Math.min(other.length, limit + 1);
    const { mask, high, peq } = this;
    let positive = mask;
    let negative = 0;
    let previousDiagonal = 0;
    let previousMatch = 0;
    let distance = this.text.length;
    for (let index = 0; index < other.length; index++) {
      const match = peq.get(other.charCodeAt(index)) ?? 0;
      const transposed = ((~previousDiagonal & match) << 1) & previousMatch;
      const diagonal = (((((match & positive) + positive) & mask) ^ positive) | match | negative | transposed) & mask;
      const horizontalPositive = (negative | ~(diagonal | positive)) & mask;
      const horizontalNegative = diagonal & positive;
      if (horizontalPositive & high) distance += 1;
      else if (horizontalNegative & high) distance -= 1;
      const shifted = ((horizontalPositive << 1) | 1) & mask;
      negative = shifted & diagonal;
      positive = ((horizontalNegative << 1) | ~(shifted | diagonal)) & mask;
      previousDiagonal = diagonal;
      previousMatch = match;
    }
    return Math.min(distance, limit + 1);
  }
}

/** Distance of `typed` to `other` within `limit`, bit-parallel when a pattern was prepared. */
function distanceWithin(pattern: OsaPattern | null, typed: string, other: string, limit: number): number {
  return pattern !== null ? pattern.distance(other, limit) : levenshtein(typed, other, limit);
}

/** A candidate name with its spellings worked out once. */
interface Candidate {
  name: string;
  lowered: string;
  normalized: string;
  words: readonly string[];
  /** Letter counts of `lowered` and of `normalized` (see lettersApart). */
  letters: Uint8Array;
  normalizedLetters: Uint8Array;
}

const BINS = 40;

/** a-z, 0-9, `_`, `-`, `.`, anything else: 40 counters. */
function letterCounts(text: string): Uint8Array {
  const counts = new Uint8Array(BINS);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const bin =
      code >= 97 && code <= 122
        ? code - 97
        : code >= 48 && code <= 57
          ? code - 22
          : code === 95
            ? 36
            : code === 45
              ? 37
              : code === 46
                ? 38
                : 39;
    if (counts[bin]! < 255) counts[bin]! += 1;
  }
  return counts;
}

/**
 * A lower bound of the edit distance from the letters alone: a substitution changes two counts by one, an
 * insertion or deletion one count, a swap none; so `d >= ceil(L1 / 2)`. True when that bound exceeds `limit`.
 */
function lettersApart(left: Uint8Array, right: Uint8Array, limit: number): boolean {
  const budget = 2 * limit;
  let total = 0;
  for (let bin = 0; bin < BINS; bin++) {
    total += Math.abs(left[bin]! - right[bin]!);
    if (total > budget) return true;
  }
  return false;
}

/** Candidates by name, so a schema's parameters or enum values asked about again are not spelled out again. */
const candidateMemo = new Map<string, Candidate>();
const MAX_MEMO = 2_000;

function candidateOf(name: string): Candidate {
  const known = candidateMemo.get(name);
  if (known !== undefined) return known;
  const candidate = spellOut(name);
  if (candidateMemo.size >= MAX_MEMO) candidateMemo.clear();
  candidateMemo.set(name, candidate);
  return candidate;
}

function spellOut(name: string): Candidate {
  const lowered = name.toLowerCase();
  const normalized = normalize(name);
  return {
    name,
    lowered,
    normalized,
    words: words(name),
    letters: letterCounts(lowered),
    normalizedLetters: letterCounts(normalized),
  };
}

/** Names prepared for questions about them: a toolset's tool names once for many, a short list for one. */
export interface NameIndex {
  readonly names: readonly string[];
  readonly candidates: readonly Candidate[];
  /** The first name that reads `normalized` ignoring case and separators. */
  exact(normalized: string): string | undefined;
  has(name: string): boolean;
}

/** For many questions: lookups by map. */
export function createNameIndex(names: readonly string[]): NameIndex {
  const byNormalized = new Map<string, string>();
  const candidates = names.map(spellOut);
  for (const candidate of candidates)
    if (!byNormalized.has(candidate.normalized)) byNormalized.set(candidate.normalized, candidate.name);
  const set = new Set(names);
  return { names, candidates, exact: (normalized) => byNormalized.get(normalized), has: (name) => set.has(name) };
}

/** For one question about a short list (a schema's parameters, an enum): memoised spellings, lookups by scanning. */
function smallIndex(names: readonly string[]): NameIndex {
  const candidates = names.map(candidateOf);
  return {
    names,
    candidates,
    exact: (normalized) => candidates.find((candidate) => candidate.normalized === normalized)?.name,
    has: (name) => names.includes(name),
  };
}

/**
 * The one known name that `unknown` is the start of: `timeout` → `timeout_seconds`, `time` →
 * `timeout_seconds`. Not the other way round: `content_type` is not `content`.
 */
function prefixMatch(unknown: string, candidates: readonly Candidate[]): string | undefined {
  const typed = words(unknown);
  const typedText = normalize(unknown);
  if (typedText.length < 3 || typed.length === 0) return undefined;
  let match: string | undefined;
  for (const candidate of candidates) {
    // Both tests below need the known name to start with the first typed word: a cheap filter first.
    if (!candidate.normalized.startsWith(typed[0]!)) continue;
    const known = candidate.words;
    // Whole words: `timeout` → `timeout_seconds`, `start` → `start_line`.
    const wholeWords = typed.length < known.length && typed.every((word, index) => word === known[index]);
    // Part of the first word, at least 4 letters of it: `time` → `timeout_seconds`, `recur` → `recursive`.
    const partOfFirst =
      typedText.length >= 4 &&
      typed.length === 1 &&
      candidate.normalized.startsWith(typedText) &&
      (known[0] ?? '').startsWith(typedText);
    if (!wholeWords && !partOfFirst) continue;
    // Two names sharing the prefix (`start` → start_line or start_column?) is a guess, not a suggestion.
    if (match !== undefined) return undefined;
    match = candidate.name;
  }
  return match;
}

/**
 * The known name closest to `unknown`: same name ignoring case and separators first, then a small
 * edit distance (1 for names up to 4 letters, else 2; a swap of two letters is one edit), then a
 * unique prefix match in whole words, then a known alias. Undefined when nothing is close.
 */
export function suggestNameIn(index: NameIndex, unknown: string): string | undefined {
  if (unknown.length > 200 || index.candidates.length === 0) return undefined;
  const normalized = normalize(unknown);
  const same = index.exact(normalized);
  if (same !== undefined) return same;

  const lowered = unknown.toLowerCase();
  // Short names are one edit from many others (`name` and `mode` are two apart): allow fewer edits.
  const limit = normalized.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  if (lowered.length >= 3) {
    const letters = letterCounts(lowered);
    const normalizedLetters = letterCounts(normalized);
    const loweredPattern = OsaPattern.fits(lowered) ? new OsaPattern(lowered) : null;
    const normalizedPattern = OsaPattern.fits(normalized) ? new OsaPattern(normalized) : null;
    for (const candidate of index.candidates) {
      if (candidate.name.length < 3) continue;
      const nearLowered =
        Math.abs(lowered.length - candidate.lowered.length) <= limit &&
        !lettersApart(letters, candidate.letters, limit);
      const nearNormalized =
        Math.abs(normalized.length - candidate.normalized.length) <= limit &&
        !lettersApart(normalizedLetters, candidate.normalizedLetters, limit);
      if (!nearLowered && !nearNormalized) continue;
      const distance = Math.min(
        nearLowered ? distanceWithin(loweredPattern, lowered, candidate.lowered, limit) : limit + 1,
        nearNormalized ? distanceWithin(normalizedPattern, normalized, candidate.normalized, limit) : limit + 1,
      );
      if (distance < bestDistance) {
        best = candidate.name;
        bestDistance = distance;
      }
    }
  }
  if (best !== undefined) return best;

  const prefixed = prefixMatch(unknown, index.candidates);
  if (prefixed !== undefined) return prefixed;

  for (const [known, aliases] of ALIASES) {
    if (aliases.includes(lowered) && index.has(known) && !index.has(lowered)) return known;
  }
  return undefined;
}

/** suggestNameIn for a list asked about once (an enum, a schema's parameters left out of a call). */
export function suggestName(unknown: string, candidates: readonly string[]): string | undefined {
  if (unknown.length > 200 || candidates.length === 0) return undefined;
  return suggestNameIn(smallIndex(candidates), unknown);
}

/**
 * Known names within `limit` edits of `typed` (letter case ignored), nearest first, in index order among
 * equals. Length and letter counts rule most candidates out before any edit distance is computed.
 */
export function namesWithin(index: NameIndex, typed: string, limit: number): string[] {
  const lowered = typed.toLowerCase();
  const letters = letterCounts(lowered);
  const pattern = OsaPattern.fits(lowered) ? new OsaPattern(lowered) : null;
  const found: { name: string; distance: number }[] = [];
  for (const candidate of index.candidates) {
    if (Math.abs(candidate.lowered.length - lowered.length) > limit || lettersApart(letters, candidate.letters, limit))
      continue;
    const distance = distanceWithin(pattern, lowered, candidate.lowered, limit);
    if (distance <= limit) found.push({ name: candidate.name, distance });
  }
  return found.sort((left, right) => left.distance - right.distance).map((entry) => entry.name);
}
