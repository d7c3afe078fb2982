/** A text field whose values the server may suggest while it is typed (`completion/complete`); a click on one fills it. */
import { useId, useState } from 'react';
import type { CompletionRef } from '../../../core/mcp/client';
import type { LiveConnection } from '../../services/connections/connectionStore';
import { SHOWN_SUGGESTIONS, useCompletion } from './useCompletion';

interface Props {
  connection: LiveConnection;
  completionRef: CompletionRef;
  name: string;
  label: string;
  help?: string | undefined;
  value: string;
  /** The other fields' values, sent as the completion's context. */
  context: Record<string, string>;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function CompletableField({
  connection,
  completionRef,
  name,
  label,
  help,
  value,
  context,
  onChange,
  error,
}: Props) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const suggestions = useCompletion(connection, completionRef, name, value, context, touched);
  const shown = (suggestions?.values ?? []).filter((candidate) => candidate !== value).slice(0, SHOWN_SUGGESTIONS);
  return (
    <div className="field mcp-completable">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        value={value}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={help || error ? `${id}-help` : undefined}
        onFocus={() => setTouched(true)}
        onChange={(event) => {
          setTouched(true);
          onChange(event.target.value);
        }}
      />
      {help || error ? (
        <span className={error ? 'field-error' : 'field-help'} id={`${id}-help`}>
          {error ?? help}
        </span>
      ) : null}
      {shown.length > 0 ? (
        <div className="mcp-suggestions" role="group" aria-label={`Suggestions for ${name}`}>
          {shown.map((candidate) => (
            <button key={candidate} type="button" className="button button-small" onClick={() => onChange(candidate)}>
              {candidate}
            </button>
          ))}
          {suggestions?.hasMore || (suggestions?.total ?? 0) > shown.length ? (
            <span className="muted small">and more: keep typing</span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
