/** A text too big for the text area, as a summary: its size, the worker's progress and Cancel, then Clear. */
import { bigTextLabel } from './importLimits';
import type { ImportCheck } from './useImportCheck';

export interface BigSource {
  /** The text (a paste or a drop), or the file the worker reads slice by slice. */
  source: string | Blob;
  /** Characters of a text, bytes of a file. */
  size: number;
  /** Where it came from: "pasted", "dropped", "in tools.json". */
  how: string;
}

export function BigText({
  big,
  check,
  onCancel,
  onClear,
}: {
  big: BigSource;
  check: ImportCheck;
  onCancel: () => void;
  onClear: () => void;
}) {
  const percent = check.state === 'checking' ? Math.floor(check.progress * 100) : null;
  return (
    <div className="import-big" data-testid="import-big">
      <p className="import-big-text" role="status">
        <strong>{bigTextLabel(big.size, big.how)}</strong> —{' '}
        {percent !== null
          ? `checking… ${percent} %`
          : check.state === 'done'
            ? 'checked: the verdict is below'
            : 'not checked'}
      </p>
      {percent !== null ? (
        <progress className="import-big-progress" max={100} value={percent} aria-label="Checking the definitions" />
      ) : null}
      <p className="muted import-big-note">
        Too large to show here without freezing the page; it is checked as it is, and imported from this copy.
      </p>
      <div className="import-big-actions">
        {percent !== null ? (
          <button type="button" className="button button-small" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="button button-small" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
    </div>
  );
}
