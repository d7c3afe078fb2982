import { useLayoutEffect, useRef } from 'react';
import type { ValidationResult } from '../../../core/validation/types';
import type { ParseProblem } from './usePlayground';

interface ValidationPanelProps {
  result: ValidationResult | null;
  parseError: ParseProblem | null;
  /** The verdict on the text as it is now is still being worked out: `result` and `parseError` are of an earlier text. */
  pending?: boolean;
  onSelectParameter: (parameter: string) => void;
  onSelectPosition: (line: number, column: number) => void;
}

/**
 * The core validator's verdict: a parse error, the errors by parameter, warnings apart, or ✓ Valid. While the verdict
 * on the current text is still being worked out it says so, and shows nothing of an earlier text's verdict.
 */
export function ValidationPanel({
  result,
  parseError,
  pending = false,
  onSelectParameter,
  onSelectPosition,
}: ValidationPanelProps) {
  // While pending, the panel keeps the height the last verdict had, so the editor below does not move at each key.
  const panelRef = useRef<HTMLDivElement>(null);
  const lastHeight = useRef(0);
  useLayoutEffect(() => {
    if (!pending && panelRef.current) lastHeight.current = panelRef.current.offsetHeight;
  });
  if (pending) {
    return (
      <div
        ref={panelRef}
        className="validation-panel"
        aria-live="polite"
        aria-busy="true"
        data-testid="validation-panel"
        style={lastHeight.current > 0 ? { minHeight: lastHeight.current } : undefined}
      >
        <p className="validation-state validation-pending" role="status" data-testid="validation-pending">
          <span className="spinner" aria-hidden="true" /> Checking these arguments…
        </p>
      </div>
    );
  }
  let content;
  if (parseError) {
    content = (
      <div className="validation-state validation-parse-error" data-testid="parse-error">
        <p className="validation-heading">
          <span aria-hidden="true">⚠</span> Not valid JSON
        </p>
        <button
          type="button"
          className="error-item"
          onClick={() => onSelectPosition(parseError.line, parseError.column)}
        >
          <span className="error-location">
            Line {parseError.line}, column {parseError.column}
          </span>
          <span className="error-message">{parseError.message}</span>
        </button>
        <p className="muted small">
          The form shows the last arguments that parsed and waits, read-only, until the JSON parses again; your text is
          kept as typed.
        </p>
      </div>
    );
  } else if (result && result.errors.length === 0) {
    content = (
      <p className="validation-state validation-valid" data-testid="validation-valid">
        <span aria-hidden="true">✓</span> Valid
        {result.warnings.length > 0 ? (
          <span className="muted">
            {' '}
            · {result.warnings.length === 1 ? '1 warning' : `${result.warnings.length} warnings`}
          </span>
        ) : null}
      </p>
    );
  } else if (result) {
    content = (
      <div className="validation-state validation-invalid">
        <p className="validation-heading">
          <span aria-hidden="true">✕</span> {result.errors.length === 1 ? '1 error' : `${result.errors.length} errors`}
        </p>
        <ul className="error-list" data-testid="error-list">
          {result.errors.map((error, index) => (
            <li
              key={`${error.parameter}-${error.code}-${index}`}
              data-code={error.code}
              data-parameter={error.parameter}
            >
              <button type="button" className="error-item" onClick={() => onSelectParameter(error.parameter)}>
                <code className="error-parameter">{error.parameter || 'arguments'}</code>
                <code className="error-code">{error.code}</code>
                <span className="error-message">{error.message}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  } else {
    content = null;
  }

  return (
    <div
      ref={panelRef}
      className="validation-panel"
      aria-live="polite"
      aria-atomic="false"
      data-testid="validation-panel"
    >
      {content}
      {!parseError && result && result.warnings.length > 0 ? (
        <div className="validation-warnings" data-testid="warning-list">
          <p className="validation-heading">Warnings</p>
          <ul className="error-list">
            {result.warnings.map((warning, index) => (
              <li
                key={`${warning.parameter}-${warning.code}-${index}`}
                data-code={warning.code}
                data-severity={warning.severity}
              >
                <button
                  type="button"
                  className="error-item warning-item"
                  onClick={() => onSelectParameter(warning.parameter)}
                >
                  <code className="error-parameter">{warning.parameter || 'arguments'}</code>
                  <code className="error-code" title={`Severity ${warning.severity} of 3`}>
                    {warning.code}
                  </code>
                  <span className="error-message">{warning.message}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
