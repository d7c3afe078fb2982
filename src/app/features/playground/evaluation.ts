/**
 * What the playground knows about a text: whether it parses, the core validator's verdict, what the form shows.
 * Pure, so it runs on the page for typical arguments and in a worker for large ones.
 */
import { MAX_NESTING_DEPTH, parseArguments, type Validator } from '../../../core/validation/validator';
import { boundArgumentsText } from '../../../core/json/text-limits';
import { isJsonObject } from '../../../core/json/is-json-object';
import type { JsonObject, JsonValue, ToolDefinition } from '../../../core/toolset/types';
import type { ValidationResult } from '../../../core/validation/types';
import type { EditorMarker } from './monaco/markers';

export interface ParseProblem {
  message: string;
  line: number;
  column: number;
  offset: number;
}

/**
 * From this many characters a text is checked off the page's thread, after typing pauses: parsing and validating
 * a megabyte takes tens of milliseconds, too long to do on every key. Below it the check is immediate (well under a frame).
 */
export const LARGE_TEXT_CHARS = 100_000;

export interface Evaluation {
  /** The text this evaluation is of. */
  checkedText: string;
  /** The arguments when the text parses as an object; null otherwise (the form keeps its last good data). */
  value: JsonObject | null;
  parseError: ParseProblem | null;
  /** Validation of the text when it parses; null while it does not. */
  result: ValidationResult | null;
  /** Why the form cannot take edits, or null when it can. */
  formPaused: string | null;
  /** The editor's markers for the text, when worked out with it (off the page's thread); else the editor works them out. */
  markers?: EditorMarker[];
}

export { isJsonObject };

/** Runs the core parser and validator over a text; `validate: false` parses only (the verdict is made elsewhere). */
export function evaluateText(validator: Validator, tool: ToolDefinition, text: string, validate = true): Evaluation {
  // Parsed only to the validator's depth limit (deeper containers emptied): its verdict is the same, and a text nested
  // 100,000 deep costs what a flat one does. The form never gets the cut value.
  const bounded = boundArgumentsText(text, MAX_NESTING_DEPTH);
  const parsed = parseArguments(bounded.text);
  if (!parsed.ok) {
    const { line, column } = parsed.error;
    return {
      checkedText: text,
      value: null,
      parseError: parsed.error,
      result: null,
      formPaused: `The JSON has a syntax error at line ${line}, column ${column}: the form is read-only until the JSON parses again. Your text is kept as typed.`,
    };
  }
  const value = parsed.value as JsonValue;
  const isObject = isJsonObject(value);
  if (bounded.deep) {
    return {
      checkedText: text,
      value: null,
      parseError: null,
      result: validate ? validator.validate(tool, value) : null,
      formPaused: `The arguments nest more than ${MAX_NESTING_DEPTH} levels deep, so the form cannot show them: it is read-only until they do not. Your text is kept as typed.`,
    };
  }
  return {
    checkedText: text,
    value: isObject ? value : null,
    parseError: null,
    result: validate
      ? validator.validate(
          tool,
          value,
          parsed.duplicateKeys === undefined ? undefined : { duplicateKeys: parsed.duplicateKeys },
        )
      : null,
    formPaused: isObject
      ? null
      : 'The arguments are not a JSON object, so the form cannot show them: it is read-only until they are. Your text is kept as typed.',
  };
}
