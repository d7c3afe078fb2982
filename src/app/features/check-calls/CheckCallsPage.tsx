import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, useCallback, type ClipboardEvent } from 'react';
import { useEarlyActions } from '../../lib/earlyEvents';
import { homeToolsetId } from '../../../core/toolset/collection';
import { navigate } from '../../lib/router';
import { checkCallsHref } from '../../lib/hrefs';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import { CallsTable } from './CallsTable';
import { FixTables, formatSeen, SummaryCards } from './CallSummaryView';
import type { CheckCallsRequest } from './check-transcript';
import type { ExportFormat } from './check-calls-protocol';
import { downloadFile } from '../../lib/download';
import { scrollBehavior } from '../../lib/motion';
import { FilePicker } from '../../components/FilePicker';
import { useFileDrop } from '../../components/useFileDrop';
import { useCallCheck } from './useCallCheck';
import {
  BIG_TEXT_CHARACTERS,
  bigTextLabel,
  lengthAfterInsert,
  looksBinary,
  looksBinaryText,
  SNIFF_BYTES,
} from '../../lib/textIntake';
import './check-calls.css';
// A short OpenAI Chat Completions log with calls the runtime accepts and calls it refuses: the page's worked example.
import sampleLog from './sample-log.jsonl?raw';

/** The address fragment that opens the page with its sample log checked (the home page links to it). */
const SAMPLE_FRAGMENT = 'sample';
const SAMPLE_NAME = 'the sample log';

// recharts is most of this page's weight: it loads once there is a report to draw, not before the drop zone shows.
const CallCharts = lazy(() => import('./CallCharts').then((module) => ({ default: module.CallCharts })));

const MAX_FILE_BYTES = 100 * 1024 * 1024;

/** A size past the limit, rounded up: a file a byte over it never reads as the limit itself ("100.0 MB"). */
const sizeOverLimit = (size: number): string => `${(Math.ceil((size / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;

const baseName = (name: string) => name.replace(/\.(jsonl|ndjson|json|txt|log)$/i, '') || 'calls';

export function CheckCallsPage({ toolsetId = homeToolsetId() }: { toolsetId?: string | undefined }) {
  const toolsets = useToolsetStore();
  const entries = useToolsets();
  const entry = toolsets.find(toolsetId) ?? toolsets.find(homeToolsetId())!;
  const toolset = entry.toolset;
  const [text, setText] = useState('');
  const [sourceError, setSourceError] = useState<string | null>(null);
  const lastSource = useRef<{ name: string; source: CheckCallsRequest['source'] } | null>(null);
  const textId = useId();
  const { check, start, cancel } = useCallCheck();

  const toolsetKey = toolset.manifest.id;
  // A bundled toolset's definitions load on the first check against it.
  const toolsOf = useCallback((id: string) => toolsets.loadToolset(id).then((full) => full?.tools ?? []), [toolsets]);
  const run = (name: string, source: CheckCallsRequest['source']) => {
    lastSource.current = { name, source };
    setSourceError(null);
    start(name, source, toolsOf(toolsetKey));
  };

  // Another toolset checks the same transcript again.
  const checkedWith = useRef(toolsetKey);
  useEffect(() => {
    if (checkedWith.current === toolsetKey) return;
    checkedWith.current = toolsetKey;
    if (lastSource.current) start(lastSource.current.name, lastSource.current.source, toolsOf(toolsetKey));
  }, [toolsetKey, start, toolsOf]);

  const takeFile = (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setSourceError(
        `${file.name} is ${sizeOverLimit(file.size)}, over the 100 MB a file checked here may hold; nothing was read. Check it in a terminal instead: tool-schemas validate --batch ${file.name}`,
      );
      return;
    }
    // The first bytes tell a binary file before the worker reads any of it.
    void file
      .slice(0, SNIFF_BYTES)
      .arrayBuffer()
      .then((head) => {
        if (looksBinary(new Uint8Array(head)))
          setSourceError(`${file.name} is binary, not a log of tool calls; nothing was checked.`);
        else run(file.name, { kind: 'file', file });
      });
  };

  /** Why a pasted or dropped text is refused before anything is done with it, or null. */
  const textRefusal = (how: string, length: number, inserted: string): string | null =>
    looksBinaryText(inserted)
      ? `The ${how} text is binary, not a log of tool calls; nothing was changed.`
      : length > MAX_FILE_BYTES
        ? `The ${how} text would make ${sizeOverLimit(length)}; up to 100 MB can be checked here. Nothing was changed; for larger logs use the CLI: tool-schemas validate --batch`
        : null;

  /** A text too big for the text area is checked as it is, shown only by its size and the check's progress. */
  const takeText = (whole: string, how: string) => {
    if (whole.length <= BIG_TEXT_CHARACTERS) {
      setText(whole);
      run(`${how} text`, { kind: 'text', text: whole });
      return;
    }
    setText('');
    run(bigTextLabel(whole.length, how), { kind: 'text', text: whole });
  };

  const { dragging, dropProps } = useFileDrop({
    onFile: takeFile,
    onText: (dropped) => {
      const refusal = textRefusal('dropped', dropped.length, dropped);
      setSourceError(refusal);
      if (!refusal) takeText(dropped, 'dropped');
    },
  });

  // A paste is measured and its first characters read while it is still on the clipboard: past what the text area
  // lays out quickly it never reaches it, and is checked at once.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    const area = event.currentTarget;
    const length = lengthAfterInsert(area.value, area.selectionStart, area.selectionEnd, pasted.length);
    const refusal = textRefusal('pasted', length, pasted);
    setSourceError(refusal);
    if (refusal) event.preventDefault();
    else if (length > BIG_TEXT_CHARACTERS) {
      event.preventDefault();
      takeText(area.value.slice(0, area.selectionStart) + pasted + area.value.slice(area.selectionEnd), 'pasted');
    }
  };

  const checkSample = () => {
    setText(sampleLog);
    run(SAMPLE_NAME, { kind: 'text', text: sampleLog });
  };
  // Opened as `/check/#sample`: the sample is checked at once, so the report is one click from the home page.
  const sampleOpened = useRef(false);
  useEffect(() => {
    if (sampleOpened.current || window.location.hash !== `#${SAMPLE_FRAGMENT}`) return;
    sampleOpened.current = true;
    checkSample();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const done = check.state === 'done' ? check : null;
  // A report that arrives is brought into view: it is drawn below the drop zone, past a phone's or a laptop's first screen.
  const reportRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (done) reportRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, [done]);
  // The exports are made in the worker, which keeps the calls: the page receives the file, never the calls.
  const [exportError, setExportError] = useState<string | null>(null);
  const exportReport = (format: ExportFormat, fileName: string, type: string) => {
    if (!done) return;
    setExportError(null);
    done.calls.export(format).then(
      (file) => downloadFile(fileName, file, type),
      (error: unknown) => setExportError(error instanceof Error ? error.message : String(error)),
    );
  };
  const toolNames = useMemo(() => done?.summary.byTool.map((tool) => tool.tool).sort() ?? [], [done]);

  // Text pasted into the prerendered page before the app took it over is kept and checked.
  const pageRoot = useRef<HTMLDivElement>(null);
  useEarlyActions(pageRoot);

  return (
    <div className="check-page" ref={pageRoot}>
      <section className="catalog-intro" aria-labelledby="check-title">
        <h1 id="check-title">Check calls</h1>
        <p className="lead">
          Drop a log of the tool calls a model made — JSON Lines of <code>{'{tool, arguments}'}</code>, OpenAI Chat
          Completions or Responses, Anthropic <code>tool_use</code>, Gemini <code>functionCall</code>, MCP{' '}
          <code>tools/call</code>, or a whole exported conversation — and see how many the runtime would refuse, for
          which tool and rule, and what the model was told. Everything is checked in this browser, with the same
          validator as the playground.
        </p>
      </section>

      <section className="check-source" aria-label="Transcript to check">
        <div className="check-source-row">
          <div className="field">
            <label htmlFor="check-toolset">Check against</label>
            <select
              id="check-toolset"
              value={toolset.manifest.id}
              onChange={(event) => navigate(checkCallsHref(event.target.value), { replace: true })}
            >
              {entries.map((candidate) => (
                <option key={candidate.toolset.manifest.id} value={candidate.toolset.manifest.id}>
                  {candidate.toolset.manifest.name} ({candidate.toolset.toolNames.length} tools
                  {candidate.origin === 'imported' ? ', imported' : ''})
                </option>
              ))}
            </select>
          </div>
          <FilePicker
            accept=".jsonl,.ndjson,.json,.txt,.log,application/json"
            label="Transcript file"
            onFile={takeFile}
          />
        </div>
        <div className={`check-drop ${dragging ? 'is-dragging' : ''}`} data-testid="check-drop" {...dropProps}>
          <label htmlFor={textId}>Paste a transcript, or drop a file here (up to 100 MB)</label>
          <textarea
            id={textId}
            className="check-text"
            spellCheck={false}
            value={text}
            onPaste={onPaste}
            data-paste-limit={BIG_TEXT_CHARACTERS}
            onChange={(event) => setText(event.target.value)}
            rows={8}
            placeholder='{"tool": "read_file", "arguments": {"path": "README.md"}}'
          />
        </div>
        <div className="check-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={text.trim() === '' || check.state === 'checking'}
            onClick={() => run('pasted text', { kind: 'text', text })}
          >
            Check pasted text
          </button>
          <button type="button" className="button" disabled={check.state === 'checking'} onClick={checkSample}>
            Check a sample log
          </button>
          {check.state === 'checking' ? (
            <button type="button" className="button" onClick={cancel}>
              Cancel
            </button>
          ) : null}
        </div>
        {sourceError ? (
          <p className="field-error" role="alert">
            {sourceError}
          </p>
        ) : null}
        {check.state === 'checking' ? (
          <div className="check-progress" role="status">
            <progress max={1} value={check.fraction} aria-label={`Checking ${check.name}`} />
            <span>
              Checking {check.name}: {Math.round(check.fraction * 100)}%, {check.found.toLocaleString('en')} calls so
              far
            </span>
          </div>
        ) : null}
        {check.state === 'cancelled' ? (
          <p role="status" className="muted">
            Cancelled after {check.found.toLocaleString('en')} calls of {check.name}. Nothing was kept; drop or paste it
            again to check it.
          </p>
        ) : null}
        {check.state === 'failed' ? (
          <p role="alert" className="field-error">
            {check.name} could not be checked: {check.message}
          </p>
        ) : null}
      </section>

      {done ? (
        <>
          <section className="check-report" aria-labelledby="report-title" ref={reportRef}>
            <div className="check-report-head">
              <h2 id="report-title">Report on {done.name}</h2>
              <div className="check-exports">
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => exportReport('json', `${baseName(done.name)}-report.json`, 'application/json')}
                >
                  Export JSON
                </button>
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => exportReport('csv', `${baseName(done.name)}-report.csv`, 'text/csv')}
                >
                  Export CSV
                </button>
                <button
                  type="button"
                  className="button button-small"
                  disabled={done.summary.valid === 0}
                  onClick={() => exportReport('valid', `${baseName(done.name)}-valid.jsonl`, 'application/x-ndjson')}
                >
                  Export valid calls
                </button>
              </div>
            </div>
            {exportError ? (
              <p className="field-error" role="alert">
                The report could not be exported: {exportError}
              </p>
            ) : null}
            <p data-testid="format-seen">
              Format: <strong>{formatSeen(done.summary)}</strong> · checked against {toolset.manifest.name}
            </p>
            <SummaryCards summary={done.summary} />
          </section>
          {done.summary.calls > 0 ? (
            <Suspense fallback={<p className="muted">Drawing the charts…</p>}>
              <CallCharts summary={done.summary} />
            </Suspense>
          ) : null}
          <FixTables summary={done.summary} />
          <CallsTable calls={done.calls} toolsetId={toolset.manifest.id} tools={toolNames} />
        </>
      ) : null}
    </div>
  );
}
