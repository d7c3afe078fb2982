import type { ValidationResult } from '../../../../core/validation/types';
import { locateParameter, offsetToLineColumn } from '../../../lib/jsonLocator';

/** Severity numbers as Monaco's MarkerSeverity defines them, so this stays free of the Monaco import. */
export const MARKER_SEVERITY = { warning: 4, error: 8 } as const;

export interface EditorMarker {
  severity: number;
  message: string;
  code: string;
  source: string;
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

/** The core validator's findings as editor markers, each placed on its parameter (or the brace a missing one belongs in). */
export function markersFor(text: string, result: ValidationResult): EditorMarker[] {
  const place = (parameter: string) => {
    const located = locateParameter(text, parameter);
    const range = located?.range ?? { start: 0, end: Math.min(1, text.length) };
    const start = offsetToLineColumn(text, range.start);
    const end = offsetToLineColumn(text, Math.max(range.end, range.start + 1));
    return { startLineNumber: start.line, startColumn: start.column, endLineNumber: end.line, endColumn: end.column };
  };
  return [
    ...result.errors.map((error) => ({
      severity: MARKER_SEVERITY.error,
      message: error.parameter ? `${error.parameter}: ${error.message}` : error.message,
      code: error.code,
      source: 'validator',
      ...place(error.parameter),
    })),
    ...result.warnings.map((warning) => ({
      severity: MARKER_SEVERITY.warning,
      message: warning.parameter ? `${warning.parameter}: ${warning.message}` : warning.message,
      code: warning.code,
      source: 'validator',
      ...place(warning.parameter),
    })),
  ];
}
