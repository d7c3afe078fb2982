import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { navigate } from '../lib/router';
import { toolHref } from '../lib/hrefs';
import { categoryLabel } from '../lib/toolset';
import { useAllSummaries, useToolsets, useToolsetStore } from '../services/useToolsets';
import { RiskBadge } from './RiskBadge';

interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * What was typed between the first opening and this dialog's arrival, once: its query starts with the text, and an
   * Enter pressed then opens the first result.
   */
  takeTypedEarly?: () => { text: string; enter: boolean };
}

/** The Ctrl/Cmd+K palette: type, arrow to a result, Enter opens it, Esc closes. */
export function SearchDialog({ open, onClose, takeTypedEarly }: SearchDialogProps) {
  const toolsetStore = useToolsetStore();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const toolsets = useToolsets();
  // The tools' summaries load the first time search opens.
  const summaries = useAllSummaries(open);
  const results = useMemo(
    () => (summaries ? toolsetStore.searchAll(query, summaries, 12) : []),
    [toolsetStore, query, summaries],
  );
  // Enter pressed before they arrived opens the chosen result once they have.
  const openWhenLoaded = useRef(false);
  // The query an Enter typed before the dialog came was for: the result is opened once the results are that query's.
  const enterFor = useRef<string | null>(null);
  const severalToolsets = toolsets.length > 1;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const early = open && !dialog.open ? takeTypedEarly?.() : undefined;
    if (open && !dialog.open) {
      const text = early?.text ?? '';
      setQuery(text);
      setActive(0);
      // In the box before it has the focus, not only at React's next render: a key typed in between (the person
      // typing on through the page's takeover) would land in the empty box, and its change would replace the query.
      if (inputRef.current) inputRef.current.value = text;
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    openWhenLoaded.current = early?.enter === true;
    enterFor.current = early?.enter === true ? early.text : null;
    // Only when it opens or closes: the early keys are taken as it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const openResult = (index: number) => {
    const hit = results[index];
    if (!summaries) openWhenLoaded.current = true;
    if (!hit) return;
    onClose();
    navigate(toolHref(hit.toolset.manifest.id, hit.tool.name));
  };
  // Runs when the summaries arrive, or the results of a query typed before the dialog came: the Enter pressed before
  // them opens what it chose.
  useEffect(() => {
    if (!summaries || !openWhenLoaded.current || (enterFor.current !== null && enterFor.current !== query)) return;
    openWhenLoaded.current = false;
    enterFor.current = null;
    openResult(active);
    // Only when the summaries or the results arrive: the result chosen is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summaries, results]);

  return (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-label="Search tools"
      // The close event is queued and can arrive after Ctrl+K has opened the dialog again: only a dialog that is
      // still closed by then reports it (else that late event would shut the dialog under the user's typing).
      onClose={() => {
        if (!dialogRef.current?.open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="search-dialog-inner">
        <input
          ref={inputRef}
          className="search-dialog-input"
          type="search"
          role="combobox"
          aria-label="Search tools"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            // With the query, in the same update: a key pressed next (ArrowDown) starts from the first result.
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((index) => Math.min(index + 1, results.length - 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => Math.max(index - 1, 0));
            } else if (event.key === 'Enter') {
              event.preventDefault();
              openResult(active);
            } else if (event.key === 'Escape') {
              // A search input would spend the first Esc on clearing its text: Esc closes the dialog at once.
              event.preventDefault();
              onClose();
            }
          }}
        />
        {!summaries ? (
          <p className="search-dialog-empty" role="status">
            Loading the tools…
          </p>
        ) : results.length === 0 ? (
          <p className="search-dialog-empty" role="status">
            No tool matches “{query}”.
          </p>
        ) : (
          <ul className="search-dialog-results" id={listId} role="listbox" aria-label="Matching tools">
            {results.map(({ toolset, tool }, index) => (
              <li
                key={`${toolset.manifest.id}/${tool.name}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="search-dialog-result"
                onMouseMove={() => setActive(index)}
                onClick={() => openResult(index)}
              >
                <span className="search-result-main">
                  <code className="tool-name">{tool.name}</code>
                  <span className="search-result-description">{tool.description.split('\n')[0]}</span>
                </span>
                <span className="search-result-meta">
                  <span className="muted">
                    {severalToolsets ? <span className="search-result-toolset">{toolset.manifest.name} · </span> : null}
                    {categoryLabel(toolset, tool.category)}
                  </span>
                  <RiskBadge level={tool.riskLevel} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="search-dialog-hint muted" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </dialog>
  );
}
