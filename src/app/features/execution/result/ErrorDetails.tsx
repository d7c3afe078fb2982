import type { ToolResult } from '../../../../core/runtime/types';

/** A failed result's code and message, and each validation error by parameter. */
export function ErrorDetails({ result }: { result: ToolResult }) {
  return (
    <div className="exec-error" role="alert">
      <p>
        <code className="exec-error-code" data-testid="error-code">
          {result.errorCode ?? 'Error'}
        </code>{' '}
        {result.error ?? result.message}
      </p>
      {result.validationErrors && result.validationErrors.length > 0 ? (
        <ul className="exec-validation-errors">
          {result.validationErrors.map((error, index) => (
            <li key={index}>
              <code>{error.parameter || '(arguments)'}</code> <span className="exec-muted">{error.code}</span> —{' '}
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
