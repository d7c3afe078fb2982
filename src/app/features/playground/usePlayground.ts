import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseArguments, validateArguments } from '../../../core/validation/validator';
import type { JsonObject, JsonValue, ToolDefinition } from '../../../core/toolset/types';
import type { ValidationResult } from '../../../core/validation/types';
import { decodeArgumentsText, encodeArgumentsText } from '../../lib/shareLink';
import { clearArgumentsText, loadArgumentsText, saveArgumentsText } from '../../lib/storage';

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
}

export interface Playground extends PlaygroundState {
  setTextFromEditor: (text: string) => void;
  setFormData: (data: JsonObject) => void;
  loadArguments: (args: JsonValue) => void;
  resetToExample: () => void;
  clear: () => void;
  shareUrl: () => string;
  dismissNotice: () => void;
}

export const prettyJson = (value: JsonValue): string => JSON.stringify(value, null, 2);

const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function exampleText(tool: ToolDefinition): string {
  return prettyJson(tool.examples[0]?.arguments ?? {});
}

/** Runs the core parser and validator over a text, keeping the previous form data when it does not parse. */
export function evaluate(tool: ToolDefinition, text: string, previousFormData: JsonObject): Omit<PlaygroundState, 'notice'> {
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

/** Text from the editor (or a reset): kept verbatim. The same text again changes nothing, not even the notice. */
export function applyText(tool: ToolDefinition, current: PlaygroundState, text: string): PlaygroundState {
  if (current.text === text) return current;
  return { ...evaluate(tool, text, current.formData), notice: null };
}

/** Data from the form becomes the text, unless the form is paused: then the text (what the user typed) wins. */
export function applyFormData(tool: ToolDefinition, current: PlaygroundState, data: JsonObject): PlaygroundState {
  if (current.formPaused !== null) return current;
  const text = prettyJson(data);
  // The form echoing the data it was given must not reformat the user's text.
  if (current.text === text || JSON.stringify(data) === JSON.stringify(current.formData)) return current;
  return { ...evaluate(tool, text, data), notice: null };
}

function initialText(tool: ToolDefinition, sharedArguments: string | undefined): { text: string; notice: string | null } {
  if (sharedArguments) {
    const decoded = decodeArgumentsText(sharedArguments);
    if (decoded.ok) return { text: decoded.text, notice: 'Arguments loaded from a shared link.' };
    const saved = loadArgumentsText(tool.name);
    return { text: saved ?? exampleText(tool), notice: decoded.error };
  }
  return { text: loadArgumentsText(tool.name) ?? exampleText(tool), notice: null };
}

/** The playground's arguments: one text kept in sync with the form, validated by the core on every edit. */
export function usePlayground(tool: ToolDefinition, sharedArguments: string | undefined): Playground {
  const [state, setState] = useState<PlaygroundState>(() => {
    const { text, notice } = initialText(tool, sharedArguments);
    return { ...evaluate(tool, text, {}), notice };
  });
  const toolRef = useRef(tool);

  // A new tool (or a new shared link) starts from its own saved text.
  useEffect(() => {
    if (toolRef.current === tool && !sharedArguments) return;
    toolRef.current = tool;
    const { text, notice } = initialText(tool, sharedArguments);
    setState({ ...evaluate(tool, text, {}), notice });
  }, [tool, sharedArguments]);

  // Persist the text (what the user typed, even malformed), off the keystroke path.
  useEffect(() => {
    const timer = window.setTimeout(() => saveArgumentsText(tool.name, state.text), 150);
    return () => window.clearTimeout(timer);
  }, [tool.name, state.text]);

  // The editor reports the text it was just given (a shared link, a reset) as a change: that is no edit,
  // so it leaves the notice in place.
  const setText = useCallback((text: string) => setState((current) => applyText(tool, current, text)), [tool]);

  const setTextFromEditor = setText;

  const setFormData = useCallback((data: JsonObject) => setState((current) => applyFormData(tool, current, data)), [tool]);

  const loadArguments = useCallback((args: JsonValue) => setText(prettyJson(args)), [setText]);
  const resetToExample = useCallback(() => setText(exampleText(tool)), [setText, tool]);
  const clear = useCallback(() => {
    clearArgumentsText(tool.name);
    setText('{}');
  }, [setText, tool.name]);
  const dismissNotice = useCallback(() => setState((current) => ({ ...current, notice: null })), []);

  const shareUrl = useCallback(() => {
    const url = new URL(window.location.href);
    url.hash = `#/tools/${encodeURIComponent(tool.name)}?args=${encodeArgumentsText(state.text)}`;
    return url.toString();
  }, [tool.name, state.text]);

  return useMemo(
    () => ({ ...state, setTextFromEditor, setFormData, loadArguments, resetToExample, clear, shareUrl, dismissNotice }),
    [state, setTextFromEditor, setFormData, loadArguments, resetToExample, clear, shareUrl, dismissNotice],
  );
}
