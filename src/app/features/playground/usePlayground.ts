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
    return { text, formData: previousFormData, parseError: parsed.error, result: null };
  }
  const value = parsed.value as JsonValue;
  return {
    text,
    formData: isJsonObject(value) ? value : previousFormData,
    parseError: null,
    result: validateArguments(tool, value),
  };
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

  const setText = useCallback(
    (text: string, notice: string | null = null) =>
      setState((current) => (current.text === text && notice === current.notice ? current : { ...evaluate(tool, text, current.formData), notice })),
    [tool],
  );

  const setTextFromEditor = useCallback((text: string) => setText(text), [setText]);

  const setFormData = useCallback(
    (data: JsonObject) => {
      const text = prettyJson(data);
      setState((current) => (current.text === text ? current : { ...evaluate(tool, text, data), notice: null }));
    },
    [tool],
  );

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
