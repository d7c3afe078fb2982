/**
 * The playground's arguments as data: one text (what the editor holds) and what is known about it. Pure functions,
 * so every rule about never losing what was typed is unit-tested here. Those that check a text take a Checker first:
 * the page's validator, from its entry point (usePlayground reads it from ValidatorContext), and the page's word on
 * which schemas are checked off the page (SchemaChecks.elsewhere).
 */
import { MAX_NESTING_DEPTH, parseArguments, type Validator } from '../../../core/validation/validator';
import { boundArgumentsText } from '../../../core/json/text-limits';
import type { JsonObject, JsonValue, ToolDefinition } from '../../../core/toolset/types';
import type { ValidationResult } from '../../../core/validation/types';
import { needsLinearEngine } from '../../../core/validation/rules';
import type { DecodeResult } from '../../lib/shareLink';
import {
  loadArgumentsText,
  loadReplacedArguments,
  type KeyValueStore,
  type ReplacedArguments,
} from '../../lib/storage';
import { evaluateText, isJsonObject, LARGE_TEXT_CHARS, type Evaluation, type ParseProblem } from './evaluation';
import type { EditorMarker } from './monaco/markers';

export type { ParseProblem } from './evaluation';

export interface PlaygroundState {
  /** The editor text: the source of truth, persisted verbatim. */
  text: string;
  /** The last arguments that parsed as an object; the form shows these. */
  formData: JsonObject;
  parseError: ParseProblem | null;
  /** Validation of the last text that parsed; null while the text does not parse. */
  result: ValidationResult | null;
  /** The text that `parseError`, `result` and `formData` describe: `text`, unless `checking`. */
  checkedText: string;
  /** A large text is being checked off the page's thread: the verdict shown is of `checkedText`, an earlier text. */
  checking: boolean;
  /** The editor's markers for `checkedText` when the check worked them out too; null: the editor works them out. */
  markers: EditorMarker[] | null;
  /**
   * Counts the times the text was replaced from outside the editor (the form, a reset, an example, a link, a swap).
   * The editor applies `text` only when this changes: a render carrying an older copy of its own text (typing
   * outran React) must never overwrite what it holds.
   */
  revision: number;
  /** Where the current text came from, to tell the user once. */
  notice: string | null;
  /**
   * Why the form cannot take edits now, or null when it can. While the text does not parse (or is not an
   * object) an edit in the form would rebuild the text from its last good arguments, losing what was typed.
   */
  formPaused: string | null;
  /**
   * The other arguments the notice offers: the user's own that a shared link replaced ('mine'), or, once
   * those are restored, the link's ('shared'). Kept until the notice is dismissed.
   */
  swap: { text: string; kind: 'mine' | 'shared' } | null;
  /** What storage keeps of the replaced arguments, so a reload before restoring loses nothing. */
  replaced: ReplacedArguments | null;
}

export interface Playground extends PlaygroundState {
  /** The saved arguments are being read back from IndexedDB (too large for localStorage): no edits until they are. */
  restoring: boolean;
  /** The browser refused to keep the text (it stays on screen), or a text marked as kept was gone on reload: what to say, else null. */
  storageProblem: string | null;
  setTextFromEditor: (text: string) => void;
  /** An edit in the form; `base` is the data the form was showing when it made it. */
  setFormData: (data: JsonObject, base?: JsonObject) => void;
  loadArguments: (args: JsonValue) => void;
  resetToExample: () => void;
  clear: () => void;
  /** The address of this tool with these arguments (a tool page's; an embed links to the site instead). */
  shareUrl?: () => string | Promise<string>;
  /** For an imported toolset, the link also carries the toolset: past this many characters a link is not shared (null: fine). */
  shareTooLong: number | null;
  /** The arguments would unpack past what a share link may carry: no link is offered. */
  argumentsTooLargeToShare: boolean;
  dismissNotice: () => void;
  /** Swaps in the arguments the notice offers (see `swap`). */
  swapArguments: () => void;
}

export const prettyJson = (value: JsonValue): string => JSON.stringify(value, null, 2);

export function exampleText(tool: ToolDefinition): string {
  return prettyJson(tool.examples[0]?.arguments ?? {});
}

type Evaluated = Pick<
  PlaygroundState,
  'text' | 'formData' | 'parseError' | 'result' | 'formPaused' | 'checkedText' | 'checking' | 'markers'
>;

/** An evaluation as state, keeping the previous form data when the text is not an object. */
function fromEvaluation(evaluation: Evaluation, previousFormData: JsonObject): Evaluated {
  const { checkedText, value, parseError, result, formPaused, markers } = evaluation;
  return {
    text: checkedText,
    formData: value ?? previousFormData,
    parseError,
    result,
    formPaused,
    checkedText,
    checking: false,
    markers: markers ?? null,
  };
}

/** What checks a text: the page's validator, and whether a tool's schema is checked off the page (SchemaChecks.elsewhere). */
export interface Checker {
  validator: Validator;
  elsewhere(tool: ToolDefinition): boolean;
}

/**
 * Whether a verdict on this tool's arguments comes from the evaluation worker: its schema has no validator built in
 * (an imported one), or its warning rules need RE2, which the page loads on demand (started here): until it is
 * there, the worker (which always has it) checks, so no warning is ever guessed or run on an unguarded pattern.
 */
function validatesElsewhere({ validator, elsewhere }: Checker, tool: ToolDefinition): boolean {
  if (elsewhere(tool)) return true;
  if (!needsLinearEngine(tool, validator.regexEngine)) return false;
  void validator.regexEngine.load().catch(() => undefined);
  return true;
}

/**
 * Runs the core parser and validator over a text, keeping the previous form data when it does not parse. A tool
 * whose verdict is made elsewhere (see validatesElsewhere) is only parsed here: its verdict comes from a worker (`checking`).
 */
export function evaluate(
  checker: Checker,
  tool: ToolDefinition,
  text: string,
  previousFormData: JsonObject,
): Evaluated {
  if (!validatesElsewhere(checker, tool))
    return fromEvaluation(evaluateText(checker.validator, tool, text), previousFormData);
  const parsed = fromEvaluation(evaluateText(checker.validator, tool, text, false), previousFormData);
  return { ...parsed, checking: parsed.parseError === null };
}

/** An edit clears the notice, unless it still offers the arguments a link replaced: those stay until dismissed. */
const afterEdit = (current: PlaygroundState, evaluated: Partial<Evaluated>): PlaygroundState => ({
  ...current,
  ...evaluated,
  notice: current.swap ? current.notice : null,
});

/**
 * Text from the editor: kept verbatim. The same text again changes nothing, not even the notice. A large text is
 * taken at once and checked later, off the page's thread (see `applyEvaluation`).
 */
export function applyText(
  checker: Checker,
  tool: ToolDefinition,
  current: PlaygroundState,
  text: string,
): PlaygroundState {
  if (current.text === text) return current;
  if (text.length >= LARGE_TEXT_CHARS || validatesElsewhere(checker, tool))
    return afterEdit(current, { text, checking: true });
  return afterEdit(current, evaluate(checker, tool, text, current.formData));
}

/** Text from outside the editor (a reset, an example, the form): the editor is told to take it. */
export function replaceText(
  checker: Checker,
  tool: ToolDefinition,
  current: PlaygroundState,
  text: string,
): PlaygroundState {
  const next = applyText(checker, tool, current, text);
  return next === current ? current : { ...next, revision: current.revision + 1 };
}

/** The verdict on a large text, once checked; dropped when the text has changed since (a newer check is on its way). */
export function applyEvaluation(current: PlaygroundState, evaluation: Evaluation): PlaygroundState {
  if (evaluation.checkedText !== current.text) return current;
  return { ...current, ...fromEvaluation(evaluation, current.formData) };
}

const sameJson = (left: unknown, right: unknown): boolean =>
  left === right || JSON.stringify(left) === JSON.stringify(right);

/**
 * An edit in the form. Only what the form changed (the parameters whose value differs from `base`, the data it was
 * showing) is written, onto the arguments the text holds now: a late or repeated report from the form, made from
 * data older than the text, cannot undo what was typed in the editor since. Nothing is written while the text does
 * not parse or is not an object: then the text (what the user typed) wins.
 */
export function applyFormData(
  checker: Checker,
  tool: ToolDefinition,
  current: PlaygroundState,
  data: JsonObject,
  base: JsonObject = current.formData,
): PlaygroundState {
  let arguments_: JsonObject;
  if (current.checking) {
    const bounded = boundArgumentsText(current.text, MAX_NESTING_DEPTH);
    const parsed = parseArguments(bounded.text);
    const value = parsed.ok && !bounded.deep ? (parsed.value as JsonValue) : undefined;
    if (!isJsonObject(value)) return current;
    arguments_ = value;
  } else {
    if (current.formPaused !== null) return current;
    arguments_ = current.formData;
  }
  const changed = [...new Set([...Object.keys(base), ...Object.keys(data)])].filter(
    (key) => !sameJson(base[key], data[key]),
  );
  // The form echoing the data it was given must not reformat the user's text.
  if (changed.length === 0) return current;
  const next: JsonObject = { ...arguments_ };
  for (const key of changed) {
    if (data[key] === undefined) delete next[key];
    else next[key] = data[key];
  }
  if (sameJson(next, arguments_)) return current;
  return replaceText(checker, tool, current, prettyJson(next));
}

export const NOTICES = {
  linkLoaded: 'Arguments loaded from a shared link.',
  linkReplaced:
    'Arguments loaded from a shared link. They replaced the arguments you had saved for this tool; yours are kept until you dismiss this notice.',
  keptAfterReload:
    'Arguments from a shared link replaced the ones you had saved for this tool; yours are kept until you dismiss this notice.',
  restored: "Your previous arguments are back. The shared link's arguments are kept until you dismiss this notice.",
} as const;

/**
 * What a shared link replaces that is worth keeping: the user's own text, which is the saved one unless that is
 * still, unedited, what an earlier link brought (then the text that link replaced). Nothing when there is no
 * such text, when it equals the link's, or when it is the untouched example.
 */
export function replacedByLink(
  tool: ToolDefinition,
  saved: string | null,
  kept: ReplacedArguments | null,
  shared: string,
): ReplacedArguments | null {
  const previous = kept && saved === kept.shared ? kept.previous : saved;
  if (previous === null || previous === shared || previous === exampleText(tool)) return null;
  return { previous, shared };
}

const withReplaced = (
  evaluated: Evaluated,
  notice: string | null,
  replaced: ReplacedArguments | null,
): PlaygroundState => ({
  ...evaluated,
  revision: 0,
  notice,
  swap: replaced ? { text: replaced.previous, kind: 'mine' } : null,
  replaced,
});

/**
 * The arguments a tool page opens with: a shared link's (`shared`, as decodeArgumentsText read it), else the saved
 * ones, else the first example. Its `revision` is 0; a tool page that opens other arguments in place counts on from
 * its current one. `ownText` is the user's current text when known better than storage (a link opened in the tab
 * showing the tool).
 */
export function initialState(
  checker: Checker,
  tool: ToolDefinition,
  shared: DecodeResult | undefined,
  store?: KeyValueStore | null,
  givenText?: string | null,
  storageName: string = tool.name,
): PlaygroundState {
  const ownText = givenText === undefined ? loadArgumentsText(storageName, store) : givenText;
  const kept = loadReplacedArguments(storageName, store);
  if (shared) {
    const decoded = shared;
    if (decoded.ok) {
      const replaced = replacedByLink(tool, ownText, kept, decoded.text);
      return withReplaced(
        evaluate(checker, tool, decoded.text, {}),
        replaced ? NOTICES.linkReplaced : NOTICES.linkLoaded,
        replaced,
      );
    }
    const text = ownText ?? exampleText(tool);
    const stillKept = kept && kept.previous !== text ? kept : null;
    return withReplaced(
      evaluate(checker, tool, text, {}),
      stillKept ? `${decoded.error} ${NOTICES.keptAfterReload}` : decoded.error,
      stillKept,
    );
  }
  const text = ownText ?? exampleText(tool);
  // A reload (or a later visit) before the replaced arguments were restored or dismissed still offers them.
  if (kept && kept.previous !== text)
    return withReplaced(evaluate(checker, tool, text, {}), NOTICES.keptAfterReload, kept);
  return withReplaced(evaluate(checker, tool, text, {}), null, null);
}

/** Swaps the current arguments with the ones the notice offers; the current ones become the offer, so nothing is lost. */
export function swapArguments(checker: Checker, tool: ToolDefinition, current: PlaygroundState): PlaygroundState {
  if (!current.swap) return current;
  const evaluated = {
    ...evaluate(checker, tool, current.swap.text, current.formData),
    revision: current.revision + 1,
  };
  if (current.swap.kind === 'mine') {
    return { ...evaluated, notice: NOTICES.restored, swap: { text: current.text, kind: 'shared' }, replaced: null };
  }
  return {
    ...evaluated,
    notice: NOTICES.linkReplaced,
    swap: { text: current.text, kind: 'mine' },
    replaced: { previous: current.text, shared: current.swap.text },
  };
}

/** Dismissing the notice accepts the current arguments and lets go of the offered ones. */
/**
 * A shared link opened over arguments kept in IndexedDB (too large for localStorage, so read a moment later): they
 * are offered back like any the link replaced. Not recorded as `replaced` (that goes to localStorage, which cannot
 * hold them); their IndexedDB copy stays until they are restored or the notice is dismissed.
 */
export function offerLargeSavedArguments(current: PlaygroundState, saved: string): PlaygroundState {
  if (current.swap || saved === current.text) return current;
  return { ...current, notice: NOTICES.linkReplaced, swap: { text: saved, kind: 'mine' } };
}

export function dismissNotice(current: PlaygroundState): PlaygroundState {
  return { ...current, notice: null, swap: null, replaced: null };
}
