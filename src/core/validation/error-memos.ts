/**
 * What mapping Ajv's errors remembers between calls, held by the validator that maps them (`createValidator` makes one
 * and `reset` another): nothing is shared through the module, so two validators in one realm share nothing.
 */
import { describeList, ownValue } from './describe';
import { createPathFormats, type PathFormats } from './path-formats';
import { suggestName } from './suggest';

/**
 * Suggestions by the schema part they come from (an enum's list, an object schema), then by the typed name, then by
 * the names already given (`given`, see the unknown-parameter keyword). Keyed in two steps, not by one string made per
 * question: looking such a string up was about a third of rejecting an unknown parameter (--cpu-prof of the built code,
 * FindReferences' includeDefinitions), where a typed name from the data is a key whose hash is already known.
 */
interface SuggestionMemo {
  size: number;
  byName: Map<string, Map<number | string, string | undefined>>;
}

export interface ErrorMemos {
  /**
   * Top-level pointers already named (`/path` → `path`). Ajv writes them from its schema's constants, so a rejected
   * call looks the same string up again; naming it was a fifth of mapping a type error. Bounded in number and length.
   */
  topLevelNames: Map<string, string>;
  /** Suggestions by schema part (suggestionNow). */
  suggestions: WeakMap<object, SuggestionMemo>;
  /** An enum's values listed, by the enum (listedEnum). */
  listedEnums: WeakMap<object, string>;
  /** An object schema's parameter names and what its errors expect, by the schema (knownParametersOf). */
  knownParameters: WeakMap<object, { names: string[]; expected: string }>;
  /** The validator's path formats: the error's message asks about the path its format just refused. */
  pathFormats: PathFormats;
}

export function createErrorMemos(pathFormats: PathFormats = createPathFormats()): ErrorMemos {
  return {
    topLevelNames: new Map(),
    suggestions: new WeakMap(),
    listedEnums: new WeakMap(),
    knownParameters: new WeakMap(),
    pathFormats,
  };
}

/** Questions remembered per schema part: a log repeats its models' few mistakes, a hostile one must not grow this. */
const MAX_REMEMBERED_SUGGESTIONS = 256;

/** The memo of `owner` is full of other questions: the suggestion would be worked out on every call. */
export const NOT_REMEMBERED = Symbol('not remembered');

/**
 * suggestName, remembered: a transcript repeats the same mistakes (`file` for `path`) thousands of times, and
 * working the suggestion out again was 6% of a 100,000-line `validate --batch` (--cpu-prof). The question within
 * `owner` is the typed name and `given`, which tells the candidates apart when they are not all of the owner's names.
 *
 * Worked out now only while it can be remembered, so the message is written at once as a plain error: a lazy error
 * cost 133 ns to make where a plain one cost 31 (micro-benchmark), the largest part of rejecting an unknown parameter.
 * Once the memo is full (a hostile log of distinct names), NOT_REMEMBERED: the message stays lazy, so suggestions
 * nobody reads are not searched for.
 */
export function suggestionNow(
  suggestions: ErrorMemos['suggestions'],
  owner: object,
  typed: string,
  given: number | string,
  candidates: () => readonly string[],
): string | undefined | typeof NOT_REMEMBERED {
  let memo = suggestions.get(owner);
  if (memo === undefined) {
    memo = { size: 0, byName: new Map() };
    suggestions.set(owner, memo);
  }
  let byGiven = memo.byName.get(typed);
  if (byGiven !== undefined) {
    const remembered = byGiven.get(given);
    if (remembered !== undefined || byGiven.has(given)) return remembered;
  }
  if (memo.size >= MAX_REMEMBERED_SUGGESTIONS) return NOT_REMEMBERED;
  const suggestion = suggestName(typed, candidates());
  if (byGiven === undefined) memo.byName.set(typed, (byGiven = new Map()));
  byGiven.set(given, suggestion);
  memo.size += 1;
  return suggestion;
}

/** The suggestion, remembered where suggestionNow can, worked out again where it cannot (a lazy message being read). */
export function rememberedSuggestion(
  memos: ErrorMemos,
  owner: unknown,
  typed: string,
  given: number | string,
  candidates: () => readonly string[],
): string | undefined {
  const suggestion =
    owner !== null && typeof owner === 'object'
      ? suggestionNow(memos.suggestions, owner, typed, given, candidates)
      : NOT_REMEMBERED;
  return suggestion === NOT_REMEMBERED ? suggestName(typed, candidates()) : suggestion;
}

/**
 * What an enum's or an object schema's errors list, written once per schema part (as the suggestions above): the
 * same list again for every rejected call was a string built and dropped each time, for the common mistakes of a
 * transcript (an unknown parameter, a value outside an enum).
 */
export function listedEnum({ listedEnums }: ErrorMemos, allowed: unknown[]): string {
  let listed = listedEnums.get(allowed);
  if (listed === undefined) listedEnums.set(allowed, (listed = describeList(allowed)));
  return listed;
}

export function knownParametersOf(
  { knownParameters }: ErrorMemos,
  parentSchema: unknown,
): { names: string[]; expected: string } {
  const cached =
    parentSchema !== null && typeof parentSchema === 'object' ? knownParameters.get(parentSchema) : undefined;
  if (cached !== undefined) return cached;
  const names = Object.keys((ownValue(parentSchema, 'properties') as Record<string, unknown> | undefined) ?? {});
  const known = {
    names,
    expected: names.length > 0 ? `Only the known parameters: ${describeList(names)}` : 'No additional parameters',
  };
  if (parentSchema !== null && typeof parentSchema === 'object') knownParameters.set(parentSchema, known);
  return known;
}
