import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseArguments, validateArguments } from '../../../core/validation/validator';
import type { JsonObject, JsonValue, ToolDefinition } from '../../../core/toolset/types';
import type { ValidationResult } from '../../../core/validation/types';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';
import { toolHref } from '../../lib/router';
import { MAX_SHARED_LINK_LENGTH } from '../../lib/sharedToolsetLimits';
import { decodeArgumentsText, encodeArgumentsText } from '../../lib/shareLink';
import { toolKey } from '../../lib/toolset';
import {
  clearArgumentsText,
  loadArgumentsText,
  loadReplacedArguments,
  saveArgumentsText,
  saveReplacedArguments,
  type KeyValueStore,
  type ReplacedArguments,
} from '../../lib/storage';

export interface ParseProblem {
  message: string;
  line: number;
  column: number;
  offset: number;
}

export interface PlaygroundState {
  /** The editor text: the source of truth, persisted verbatim. */
  text: string;
  /** The last arguments that parsed as an object; the form shows these. */
  formData: JsonObject;
  parseError: ParseProblem | null;
  /** Validation of the last text that parsed; null while the text does not parse. */
  result: ValidationResult | null;
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
  setTextFromEditor: (text: string) => void;
  setFormData: (data: JsonObject) => void;
  loadArguments: (args: JsonValue) => void;
  resetToExample: () => void;
  clear: () => void;
  shareUrl: () => string;
  /** For an imported toolset, the link also carries the toolset: past this many characters a link is not shared (null: fine). */
  shareTooLong: number | null;
  dismissNotice: () => void;
  /** Swaps in the arguments the notice offers (see `swap`). */
  swapArguments: () => void;
}

export const prettyJson = (value: JsonValue): string => JSON.stringify(value, null, 2);

const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function exampleText(tool: ToolDefinition): string {
  return prettyJson(tool.examples[0]?.arguments ?? {});
}

type Evaluated = Omit<PlaygroundState, 'notice' | 'swap' | 'replaced'>;

/** Runs the core parser and validator over a text, keeping the previous form data when it does not parse. */
export function evaluate(tool: ToolDefinition, text: string, previousFormData: JsonObject): Evaluated {
  const parsed = parseArguments(text);
  if (!parsed.ok) {
    const { line, column } = parsed.error;
    return {
      text,
      formData: previousFormData,
      parseError: parsed.error,
      result: null,
      formPaused: `The JSON has a syntax error at line ${line}, column ${column}: the form is read-only until the JSON parses again. Your text is kept as typed.`,
    };
  }
  const value = parsed.value as JsonValue;
  const isObject = isJsonObject(value);
  return {
    text,
    formData: isObject ? value : previousFormData,
    parseError: null,
    result: validateArguments(tool, value),
    formPaused: isObject ? null : 'The arguments are not a JSON object, so the form cannot show them: it is read-only until they are. Your text is kept as typed.',
  };
}

/** An edit clears the notice, unless it still offers the arguments a link replaced: those stay until dismissed. */
const afterEdit = (current: PlaygroundState, evaluated: Evaluated): PlaygroundState => ({
  ...current,
  ...evaluated,
  notice: current.swap ? current.notice : null,
});

/** Text from the editor (or a reset): kept verbatim. The same text again changes nothing, not even the notice. */
export function applyText(tool: ToolDefinition, current: PlaygroundState, text: string): PlaygroundState {
  if (current.text === text) return current;
  return afterEdit(current, evaluate(tool, text, current.formData));
}

/** Data from the form becomes the text, unless the form is paused: then the text (what the user typed) wins. */
export function applyFormData(tool: ToolDefinition, current: PlaygroundState, data: JsonObject): PlaygroundState {
  if (current.formPaused !== null) return current;
  const text = prettyJson(data);
  // The form echoing the data it was given must not reformat the user's text.
  if (current.text === text || JSON.stringify(data) === JSON.stringify(current.formData)) return current;
  return afterEdit(current, evaluate(tool, text, data));
}

export const NOTICES = {
  linkLoaded: 'Arguments loaded from a shared link.',
  linkReplaced:
    'Arguments loaded from a shared link. They replaced the arguments you had saved for this tool; yours are kept until you dismiss this notice.',
  keptAfterReload: 'Arguments from a shared link replaced the ones you had saved for this tool; yours are kept until you dismiss this notice.',
  restored: "Your previous arguments are back. The shared link's arguments are kept until you dismiss this notice.",
} as const;

/**
 * What a shared link replaces that is worth keeping: the user's own text, which is the saved one unless that is
 * still, unedited, what an earlier link brought (then the text that link replaced). Nothing when there is no
 * such text, when it equals the link's, or when it is the untouched example.
 */
export function replacedByLink(tool: ToolDefinition, saved: string | null, kept: ReplacedArguments | null, shared: string): ReplacedArguments | null {
  const previous = kept && saved === kept.shared ? kept.previous : saved;
  if (previous === null || previous === shared || previous === exampleText(tool)) return null;
  return { previous, shared };
}

const withReplaced = (evaluated: Evaluated, notice: string | null, replaced: ReplacedArguments | null): PlaygroundState => ({
  ...evaluated,
  notice,
  swap: replaced ? { text: replaced.previous, kind: 'mine' } : null,
  replaced,
});

/**
 * The arguments a tool page opens with: a shared link's, else the saved ones, else the first example.
 * `ownText` is the user's current text when known better than storage (a link opened in the tab showing the tool).
 */
export function initialState(
  tool: ToolDefinition,
  sharedArguments: string | undefined,
  store?: KeyValueStore | null,
  givenText?: string | null,
  storageName: string = tool.name,
): PlaygroundState {
  const ownText = givenText === undefined ? loadArgumentsText(storageName, store) : givenText;
  const kept = loadReplacedArguments(storageName, store);
  if (sharedArguments) {
    const decoded = decodeArgumentsText(sharedArguments);
    if (decoded.ok) {
      const replaced = replacedByLink(tool, ownText, kept, decoded.text);
      return withReplaced(evaluate(tool, decoded.text, {}), replaced ? NOTICES.linkReplaced : NOTICES.linkLoaded, replaced);
    }
    const text = ownText ?? exampleText(tool);
    const stillKept = kept && kept.previous !== text ? kept : null;
    return withReplaced(evaluate(tool, text, {}), stillKept ? `${decoded.error} ${NOTICES.keptAfterReload}` : decoded.error, stillKept);
  }
  const text = ownText ?? exampleText(tool);
  // A reload (or a later visit) before the replaced arguments were restored or dismissed still offers them.
  if (kept && kept.previous !== text) return withReplaced(evaluate(tool, text, {}), NOTICES.keptAfterReload, kept);
  return withReplaced(evaluate(tool, text, {}), null, null);
}

/** Swaps the current arguments with the ones the notice offers; the current ones become the offer, so nothing is lost. */
export function swapArguments(tool: ToolDefinition, current: PlaygroundState): PlaygroundState {
  if (!current.swap) return current;
  const evaluated = evaluate(tool, current.swap.text, current.formData);
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
export function dismissNotice(current: PlaygroundState): PlaygroundState {
  return { ...current, notice: null, swap: null, replaced: null };
}

/** The playground's arguments: one text kept in sync with the form, validated by the core on every edit. */
export function usePlayground(
  tool: ToolDefinition,
  sharedArguments: string | undefined,
  toolsetId: string = DEFAULT_TOOLSET_ID,
  /** An imported toolset, encoded for links: opening the link in a fresh browser brings the toolset along. */
  sharedToolsetParam?: string,
): Playground {
  const storageName = toolKey(toolsetId, tool.name);
  const [state, setState] = useState<PlaygroundState>(() => initialState(tool, sharedArguments, undefined, undefined, storageName));
  // What the state was last opened from: the first render has applied it already.
  const openedFrom = useRef({ tool, sharedArguments });

  // A new tool (or a new shared link) starts from its own saved text; a link for the tool already open
  // replaces the text on screen, which may be newer than what has been saved.
  useEffect(() => {
    const previous = openedFrom.current;
    openedFrom.current = { tool, sharedArguments };
    if (previous.tool === tool && (!sharedArguments || previous.sharedArguments === sharedArguments)) return;
    const sameTool = previous.tool === tool;
    setState((current) =>
      sameTool ? initialState(tool, sharedArguments, undefined, current.text, storageName) : initialState(tool, sharedArguments, undefined, undefined, storageName),
    );
  }, [tool, sharedArguments, storageName]);

  // Persist the text (what the user typed, even malformed), off the keystroke path; a save still pending
  // when the page goes away (another tool, a reload, a closed tab) is written at once.
  const pendingSave = useRef<{ toolName: string; text: string } | null>(null);
  useEffect(() => {
    pendingSave.current = { toolName: storageName, text: state.text };
    const timer = window.setTimeout(() => {
      saveArgumentsText(storageName, state.text);
      pendingSave.current = null;
    }, 150);
    return () => window.clearTimeout(timer);
  }, [storageName, state.text]);
  useEffect(() => {
    const flush = () => {
      if (pendingSave.current) saveArgumentsText(pendingSave.current.toolName, pendingSave.current.text);
      pendingSave.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  useEffect(() => saveReplacedArguments(storageName, state.replaced), [storageName, state.replaced]);

  // The editor reports the text it was just given (a shared link, a reset) as a change: that is no edit,
  // so it leaves the notice in place.
  const setText = useCallback((text: string) => setState((current) => applyText(tool, current, text)), [tool]);

  const setTextFromEditor = setText;

  const setFormData = useCallback((data: JsonObject) => setState((current) => applyFormData(tool, current, data)), [tool]);

  const loadArguments = useCallback((args: JsonValue) => setText(prettyJson(args)), [setText]);
  const resetToExample = useCallback(() => setText(exampleText(tool)), [setText, tool]);
  const clear = useCallback(() => {
    clearArgumentsText(storageName);
    setText('{}');
  }, [setText, storageName]);
  const dismiss = useCallback(() => setState(dismissNotice), []);
  const swap = useCallback(() => setState((current) => swapArguments(tool, current)), [tool]);

  const shareUrl = useCallback(() => {
    const url = new URL(window.location.href);
    const hash = toolHref(toolsetId, tool.name, encodeArgumentsText(state.text));
    url.hash = sharedToolsetParam ? `${hash}&toolset=${sharedToolsetParam}` : hash;
    return url.toString();
  }, [toolsetId, tool.name, state.text, sharedToolsetParam]);
  const shareTooLong = sharedToolsetParam && sharedToolsetParam.length > MAX_SHARED_LINK_LENGTH ? sharedToolsetParam.length : null;

  return useMemo(
    () => ({ ...state, setTextFromEditor, setFormData, loadArguments, resetToExample, clear, shareUrl, shareTooLong, dismissNotice: dismiss, swapArguments: swap }),
    [state, setTextFromEditor, setFormData, loadArguments, resetToExample, clear, shareUrl, shareTooLong, dismiss, swap],
  );
}
