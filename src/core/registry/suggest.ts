/**
 * "Did you mean …?" for a tool or toolset name that names nothing: the CLI's unknown-tool message and the page's
 * "Not found" share it. Candidates are ranked by how close a spelling of theirs is to what was typed.
 */
import { levenshtein } from '../validation/suggest';
import { searchTools, type SearchableTool } from './search';

/** A name that may be suggested, with other spellings that lead to it (a toolset's display name beside its id). */
export interface NameCandidate {
  value: string;
  spellings?: readonly string[];
}

export interface ClosestNamesOptions {
  /** At most this many names (3 unless given). */
  max?: number;
  /** Names found another way (a search of descriptions), appended after the close spellings. */
  search?: (typed: string) => readonly string[];
}

/** Longer input names nothing: it is not compared, so a pasted document costs nothing. */
const MAX_TYPED = 200;

/** Lower case, letters and digits only: `read_file`, `ReadFile` and `read-file` all read `readfile`. */
const squash = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Up to three candidates close to what was typed, closest first (candidate order among equals): the same letters
 * whatever the case and separators; then a few edits away (a third of the typed length, at least 2); then a
 * spelling that contains what was typed or is contained in it (`prfactory` → `prfactory-agent-tools`); then what
 * `search` finds.
 */
export function closestNames(
  typed: string,
  candidates: readonly (string | NameCandidate)[],
  options: ClosestNamesOptions = {},
): string[] {
  const max = options.max ?? 3;
  const lowered = typed.trim().toLowerCase();
  const squashed = squash(lowered);
  if (lowered === '' || lowered.length > MAX_TYPED) return [];
  const limit = Math.max(2, Math.floor(lowered.length / 3));
  const scored: { value: string; score: number; index: number }[] = [];
  candidates.forEach((candidate, index) => {
    const value = typeof candidate === 'string' ? candidate : candidate.value;
    const spellings = typeof candidate === 'string' ? [candidate] : [candidate.value, ...(candidate.spellings ?? [])];
    let score = Infinity;
    for (const spelling of spellings) {
      const spelled = spelling.toLowerCase();
      const spelledSquashed = squash(spelled);
      if (spelledSquashed !== '' && spelledSquashed === squashed) score = 0;
      const distance = Math.min(levenshtein(lowered, spelled, limit), levenshtein(squashed, spelledSquashed, limit));
      if (distance <= limit) score = Math.min(score, distance);
      else if (
        squashed.length >= 3 &&
        spelledSquashed.length >= 3 &&
        (spelledSquashed.includes(squashed) || squashed.includes(spelledSquashed))
      )
        score = Math.min(score, limit + 1);
    }
    if (score !== Infinity) scored.push({ value, score, index });
  });
  const close = scored.sort((a, b) => a.score - b.score || a.index - b.index).map((entry) => entry.value);
  const found = lowered.length >= 3 && options.search ? options.search(lowered) : [];
  return [...new Set([...close, ...found])].slice(0, max);
}

/** Up to three tool names close to what was typed: close spellings first, then tools a search for it finds. */
export const closestToolNames = (tools: readonly SearchableTool[], typed: string): string[] =>
  closestNames(
    typed,
    tools.map((tool) => tool.name),
    { search: (query) => searchTools(tools, query).map((hit) => hit.tool.name) },
  );
