import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { argumentsTextOf } from '../../../core/calls/arguments-text';
import type { CallResult, CallStatus } from '../../../core/calls/types';
import type { CallFilter, CallWindow, StatusFilter } from './call-store';
import type { CheckedCalls } from './useCallCheck';
import { encodeArgumentsText } from '../../lib/shareLink';
import { tooLargeToShare } from '../../lib/shareLinkFormat';
import { toolHref } from '../../lib/hrefs';
import { CallsPager, PAGE_ROWS, pageStartOf } from './CallsPager';

/** Rows have one fixed height (measuring 100,000 rows would cost more than it gives); phones stack a row's cells. */
const ROW_HEIGHT = 68;
const NARROW_ROW_HEIGHT = 104;
const NARROW = '(max-width: 720px)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

const STATUS_LABELS: Record<CallStatus, string> = {
  valid: 'Valid',
  invalid: 'Invalid',
  unknown_tool: 'Unknown tool',
  unparseable: 'Unparseable',
};

/** Most characters of a call's arguments the details lay out; the rest is said, not shown. */
export const DETAILS_CHARACTERS = 100_000;

type PlaygroundLink = { href: string; label: string } | null;

/**
 * The playground link for a call: its tool (or the closest known name) with its arguments in the editor. None for
 * arguments too long for a link (the playground would refuse it). Each table makes its own, and a call's link is made
 * once: a row drawn again on scroll does not compress its arguments again.
 */
export function createPlaygroundLinks(): (toolsetId: string, result: CallResult) => PlaygroundLink {
  const links = new WeakMap<CallResult, { toolsetId: string; link: PlaygroundLink }>();
  return (toolsetId, result) => {
    const known = links.get(result);
    if (known?.toolsetId === toolsetId) return known.link;
    const link = linkFor(toolsetId, result);
    links.set(result, { toolsetId, link });
    return link;
  };
}

function linkFor(toolsetId: string, result: CallResult): PlaygroundLink {
  const tool = result.status === 'unknown_tool' ? result.suggestions?.[0] : result.tool;
  if (tool === undefined || tool === '' || result.argumentsCut) return null;
  const text = argumentsTextOf(result.arguments) ?? '{}';
  if (tooLargeToShare(text)) return null;
  return {
    href: toolHref(toolsetId, tool, encodeArgumentsText(text)),
    label: result.status === 'unknown_tool' ? `Open as ${tool}` : 'Open in playground',
  };
}

/** A call's arguments as its details show them: whole up to DETAILS_CHARACTERS, else their start and their length. */
export function argumentsShown(result: CallResult): { text: string; note: string | null } {
  const cut = result.argumentsCut;
  if (cut) return { text: cut.head, note: tooLongNote(cut.length, true) };
  const text = argumentsTextOf(result.arguments);
  if (text === undefined) return { text: '(none)', note: null };
  if (text.length <= DETAILS_CHARACTERS) return { text, note: null };
  return { text: text.slice(0, DETAILS_CHARACTERS), note: tooLongNote(text.length, tooLargeToShare(text)) };
}

const tooLongNote = (length: number, tooLongForLink: boolean): string =>
  `The arguments are ${length.toLocaleString('en')} characters long: only their start is shown${
    tooLongForLink ? ', and they are too long to open in the playground' : ''
  }.`;

/** Rows asked of the worker beyond those drawn, each side: a scroll of a few rows needs no new answer. */
const FETCH_MARGIN = 150;
/** The cells of a row whose call is on its way: as many as a drawn row has. */
const BUSY_CELLS = ['index', 'line', 'result', 'tool', 'text', 'actions'];

export function CallsTable({
  calls,
  toolsetId,
  tools,
}: {
  /** The checked calls, kept in the worker: the table asks for the rows it draws. */
  calls: CheckedCalls;
  toolsetId: string;
  tools: readonly string[];
}) {
  const [status, setStatus] = useState<StatusFilter>('not-valid');
  const [tool, setTool] = useState('');
  const [query, setQuery] = useState('');
  const [playgroundHref] = useState(createPlaygroundLinks);
  const [selected, setSelected] = useState<CallResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const filter = useMemo<CallFilter>(() => ({ status, tool, query: deferredQuery }), [status, tool, deferredQuery]);
  // The rows last received, for the filter they were asked with; the count stays until the next filter's answer.
  const [loaded, setLoaded] = useState<{ filter: CallFilter; window: CallWindow } | null>(null);
  const matched = loaded?.window.matched ?? 0;
  // The page of rows shown (see CallsPager), kept with the filter it was chosen for: a new filter starts at its first.
  const [paged, setPaged] = useState<{ filter: CallFilter; start: number }>({ filter, start: 0 });
  const pageStart = paged.filter === filter ? Math.min(paged.start, pageStartOf(Math.max(0, matched - 1))) : 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = useNarrow() ? NARROW_ROW_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: Math.min(PAGE_ROWS, Math.max(0, matched - pageStart)),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  // Rows by their place among the matched calls, the page's start added.
  const first = pageStart + (items[0]?.index ?? 0);
  const last = pageStart + (items.at(-1)?.index ?? 0);
  const current = loaded?.filter === filter ? loaded.window : null;
  const covered =
    current !== null &&
    first >= current.start &&
    (last < current.start + current.rows.length || current.start + current.rows.length >= current.matched);
  useEffect(() => {
    if (covered) return;
    let wanted = true;
    const start = Math.max(0, first - FETCH_MARGIN);
    calls.window(filter, start, last - start + 1 + FETCH_MARGIN).then(
      (answer) => {
        if (!wanted) return;
        setFailure(null);
        setLoaded({ filter, window: answer });
      },
      (error: unknown) => {
        if (wanted) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      wanted = false;
    };
  }, [calls, filter, first, last, covered]);
  const rowAt = (index: number): CallResult | undefined =>
    current && index >= current.start ? current.rows[index - current.start] : undefined;
  const selectedLink = selected ? playgroundHref(toolsetId, selected) : null;
  const selectedArguments = selected ? argumentsShown(selected) : null;

  return (
    <section className="calls-section" aria-labelledby="calls-title">
      <h2 id="calls-title">Calls</h2>
      <div className="calls-filters">
        <div className="field">
          <label htmlFor="calls-status">Show</label>
          <select id="calls-status" value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="not-valid">Not valid</option>
            <option value="all">All calls</option>
            <option value="valid">Valid</option>
            <option value="invalid">Invalid</option>
            <option value="unknown_tool">Unknown tool</option>
            <option value="unparseable">Unparseable</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="calls-tool">Tool</label>
          <select id="calls-tool" value={tool} onChange={(event) => setTool(event.target.value)}>
            <option value="">Every tool</option>
            {tools.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor="calls-query">Filter by text</label>
          <input
            id="calls-query"
            type="search"
            value={query}
            placeholder="parameter, code or error text"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <p className="muted calls-count" role="status" aria-live="polite">
          {loaded
            ? `${matched.toLocaleString('en')} of ${loaded.window.total.toLocaleString('en')} calls`
            : 'Finding the calls…'}
        </p>
      </div>
      <CallsPager
        start={pageStart}
        matched={matched}
        onStart={(start) => {
          setPaged({ filter, start });
          scrollRef.current?.scrollTo(0, 0);
        }}
      />
      <div className="calls-table" role="table" aria-label="Checked calls" aria-rowcount={matched + 1}>
        <div className="calls-row calls-head" role="row" aria-rowindex={1}>
          <span role="columnheader">#</span>
          <span role="columnheader">Line</span>
          <span role="columnheader">Result</span>
          <span role="columnheader">Tool</span>
          <span role="columnheader">What the model gets back</span>
          <span role="columnheader">
            <span className="visually-hidden">Actions</span>
          </span>
        </div>
        <div ref={scrollRef} className="calls-scroll" data-testid="calls-scroll">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
            {items.map((item) => {
              const row = pageStart + item.index;
              const result = rowAt(row);
              const place = {
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
              } as const;
              // A row whose call is still on its way from the worker: drawn empty, marked busy.
              if (!result)
                return (
                  <div
                    key={item.key}
                    role="row"
                    aria-rowindex={row + 2}
                    aria-busy="true"
                    className="calls-row"
                    style={place}
                  >
                    {BUSY_CELLS.map((cell) => (
                      <span key={cell} role="cell" />
                    ))}
                  </div>
                );
              const link = playgroundHref(toolsetId, result);
              return (
                <div
                  key={item.key}
                  role="row"
                  aria-rowindex={row + 2}
                  className={`calls-row ${selected?.index === result.index ? 'is-selected' : ''}`}
                  data-status={result.status}
                  style={place}
                >
                  <span role="cell">{result.index}</span>
                  <span role="cell">{result.line}</span>
                  <span role="cell">
                    <span className={`call-status call-status-${result.status}`}>{STATUS_LABELS[result.status]}</span>
                  </span>
                  <span role="cell" className="calls-tool">
                    <code>{result.tool || '—'}</code>
                  </span>
                  <span role="cell" className="calls-text" title={result.llmText}>
                    {result.llmText}
                  </span>
                  <span role="cell" className="calls-actions">
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => setSelected(result)}
                      aria-label={`Details of call ${result.index}`}
                    >
                      Details
                    </button>
                    {link ? (
                      <a
                        className="button button-small"
                        href={link.href}
                        aria-label={`${link.label}: call ${result.index}`}
                      >
                        {link.label}
                      </a>
                    ) : null}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {loaded && matched === 0 ? <p className="muted">No calls match these filters.</p> : null}
      {failure ? (
        <p className="field-error" role="alert">
          The calls could not be shown: {failure}
        </p>
      ) : null}
      {selected ? (
        <div className="call-details" aria-label={`Call ${selected.index}`} role="region">
          <div className="call-details-head">
            <h3>
              Call {selected.index} (line {selected.line}): <code>{selected.tool || 'unreadable'}</code> —{' '}
              {STATUS_LABELS[selected.status]}
            </h3>
            {selectedLink ? (
              <a className="button button-small button-primary" href={selectedLink.href}>
                {selectedLink.label}
              </a>
            ) : null}
            <button type="button" className="button button-small" onClick={() => setSelected(null)}>
              Close
            </button>
          </div>
          <div className="call-details-body">
            <div>
              <h4>What the model gets back</h4>
              <pre className="call-pre">{selected.llmText}</pre>
            </div>
            <div>
              <h4>Arguments</h4>
              {selectedArguments?.note ? <p className="muted">{selectedArguments.note}</p> : null}
              <pre className="call-pre">{selectedArguments?.text}</pre>
            </div>
          </div>
        </div>
      ) : null}
    </section>
  );
}
