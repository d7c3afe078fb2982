import { useMemo, useState } from 'react';
import type { JsonObject } from '../../../core/toolset/types';
import { BoundedText } from '../../components/BoundedText';
import { downloadFile } from '../../lib/download';
import { argumentParts, EDITABLE_PART_CHARS, parsePart, type ArgumentPart } from './plainArguments';

interface PlainArgumentsProps {
  toolName: string;
  text: string;
  /** Why the text is not in the code editor (plainTextReason). */
  reason: string;
  /** The arguments when the text is known to parse as an object (then they can be edited one parameter at a time). */
  value: JsonObject | null;
  onEditPart: (name: string, value: JsonObject[string]) => void;
}

const sizeOf = (chars: number) =>
  chars >= 1_000_000
    ? `${(chars / 1_000_000).toFixed(1)} MB`
    : chars >= 1_000
      ? `${Math.round(chars / 1000)} KB`
      : `${chars} ${chars === 1 ? 'character' : 'characters'}`;

function PartEditor({
  part,
  onApply,
  onClose,
}: {
  part: ArgumentPart;
  onApply: (value: JsonObject[string]) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(part.json);
  const [error, setError] = useState<string | null>(null);
  const id = `plain-part-${part.name}`;
  return (
    <div className="plain-part-editor">
      <label htmlFor={id}>
        Value of <code>{part.name}</code> (JSON)
      </label>
      <textarea
        id={id}
        className="plain-part-text"
        value={draft}
        spellCheck={false}
        rows={Math.min(16, Math.max(3, draft.split('\n', 17).length))}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="plain-part-actions">
        <button
          type="button"
          className="button button-small button-primary"
          onClick={() => {
            const parsed = parsePart(part.name, draft);
            if (!parsed.ok) setError(parsed.error);
            else {
              onApply(parsed.value);
              onClose();
            }
          }}
        >
          Apply to the arguments
        </button>
        <button type="button" className="button button-small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * Arguments too large or too deep for the code editor: read-only windowed plain text, a download of the whole, and
 * each parameter editable on its own (or downloadable, when it is itself too large to edit).
 */
export function PlainArguments({ toolName, text, reason, value, onEditPart }: PlainArgumentsProps) {
  const parts = useMemo(() => (value ? argumentParts(value) : null), [value]);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="plain-arguments" data-testid="plain-arguments">
      <p className="plain-arguments-note" role="note">
        {reason} They are shown read-only as plain text; the verdict above is of the whole text.
      </p>
      <div className="plain-arguments-actions">
        <button
          type="button"
          className="button button-small"
          onClick={() => downloadFile(`${toolName}-arguments.json`, text, 'application/json')}
        >
          Download the arguments ({sizeOf(text.length)})
        </button>
      </div>
      <BoundedText
        text={text}
        label="Arguments (read-only)"
        fileName={`${toolName}-arguments.json`}
        className="pre-block"
        download={false}
      />
      {parts ? (
        <div className="plain-parts">
          <h4 className="plain-parts-title">Edit one parameter at a time</h4>
          <ul className="plain-parts-list">
            {parts.map((part) => (
              <li key={part.name}>
                <code>{part.name}</code> <span className="muted">{sizeOf(part.json.length)}</span>{' '}
                {part.editable ? (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => setEditing(part.name)}
                    aria-label={`Edit ${part.name}`}
                  >
                    Edit
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => downloadFile(`${toolName}-${part.name}.json`, part.json, 'application/json')}
                    title={`Over ${EDITABLE_PART_CHARS.toLocaleString('en')} characters: too large to edit here`}
                    aria-label={`Download ${part.name}`}
                  >
                    Download
                  </button>
                )}
                {editing === part.name ? (
                  <PartEditor
                    part={part}
                    onApply={(next) => onEditPart(part.name, next)}
                    onClose={() => setEditing(null)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="muted small">
          Once they parse as an object within the nesting limit, each parameter can be edited on its own here.
        </p>
      )}
    </div>
  );
}
