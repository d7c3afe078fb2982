import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import { FilePicker } from '../../components/FilePicker';
import { useFileDrop } from '../../components/useFileDrop';
import { useEarlyActions } from '../../lib/earlyEvents';
import type { ImportSettings } from '../../../core/import';
import { nameFromFileName } from '../../../core/import/server-name';
import { RISK_INFO } from '../../../core/toolset/risk';
import { RISK_LEVELS, type RiskLevel } from '../../../core/toolset/types';
import { navigate } from '../../lib/router';
import { catalogHref } from '../../lib/hrefs';
import { useToolsetStore } from '../../services/useToolsets';
import { ImportedToolsets } from './ImportedToolsets';
import { createPolicyWatch, refusedByPolicy } from '../../services/connections/policy';
import { fetchDefinitions, FETCH_TIME_LIMIT_MS } from './fetchDefinitions';
import {
  BIG_TEXT_CHARACTERS,
  fileSizeRefusal,
  insertRefusal,
  lengthAfterInsert,
  looksBinary,
  looksBinaryText,
  SNIFF_BYTES,
} from './importLimits';
import { BigText, type BigSource } from './BigText';
import { ImportFindings, ImportTools, ImportVerdict } from './ImportReport';
import { useImportCheck } from './useImportCheck';
import './import.css';

const FETCHING = 'Fetching…';

/** This page fetches https only; plain http anywhere is refused by its policy. */
const importPolicyMessage = (url: string): string =>
  `This page's security policy lets it fetch https addresses only, and ${new URL(url).origin} is not one: use the file's https link, or download the file and choose it.`;

export function ImportPage() {
  const toolsets = useToolsetStore();
  const [text, setText] = useState('');
  const [toolsetName, setToolsetName] = useState('');
  const [defaultRisk, setDefaultRisk] = useState<RiskLevel>('medium');
  const [schemaToolName, setSchemaToolName] = useState('');
  const [asCodeGenesis, setAsCodeGenesis] = useState(false);
  const [url, setUrl] = useState('');
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [sourceName, setSourceName] = useState('');
  // A text too big to lay out: checked in the worker, shown as a summary, never put into the text area.
  const [big, setBig] = useState<BigSource | null>(null);
  const fetching = useRef<AbortController | null>(null);
  const policy = useMemo(() => createPolicyWatch(), []);
  const textId = useId();

  useEffect(() => () => fetching.current?.abort(), []);

  const options = useMemo<ImportSettings>(
    () => ({
      defaultRisk,
      ...(toolsetName.trim() ? { toolsetName: toolsetName.trim() } : {}),
      ...(sourceName ? { sourceName } : {}),
      ...(schemaToolName.trim() ? { schemaToolName: schemaToolName.trim() } : {}),
      ...(asCodeGenesis ? { format: 'codegenesis' as const } : {}),
    }),
    [defaultRisk, toolsetName, sourceName, schemaToolName, asCodeGenesis],
  );
  const check = useImportCheck(big?.source ?? text, options, { immediate: big !== null });
  const result = check.state === 'done' ? check.result : null;
  const ready = result?.toolset.tools.length ?? 0;

  // A file is measured, and its first bytes read, before any of it reaches the text area.
  const readFile = async (file: File) => {
    setSourceError(null);
    const tooLarge = fileSizeRefusal(file.name, file.size);
    if (tooLarge) {
      setSourceError(tooLarge);
      return;
    }
    setBusy(`Reading ${file.name}…`);
    try {
      if (looksBinary(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()))) {
        setSourceError(`${file.name} is binary, not a text file of JSON definitions; nothing was changed.`);
        return;
      }
      if (file.size > BIG_TEXT_CHARACTERS) setBig({ source: file, size: file.size, how: `in ${file.name}` });
      else {
        setBig(null);
        setText(await file.text());
      }
      setSourceName(nameFromFileName(file.name));
    } catch (error) {
      setSourceError(`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };

  /** Why a pasted or dropped text is refused for what it is, before its size decides where it goes. */
  const binaryRefusal = (how: string, inserted: string): string | null =>
    looksBinaryText(inserted) ? `The ${how} text is binary, not JSON definitions; nothing was changed.` : null;

  /** A text too big for the text area goes to the worker whole, with what was typed around it. */
  const takeBig = (whole: string, how: string) => {
    setBig({ source: whole, size: whole.length, how });
    setText('');
    setSourceName('');
  };

  // Dropped text replaces the text area's whole content, once its size is known to fit.
  const dropText = (dropped: string) => {
    const refusal = insertRefusal('dropped', dropped.length) ?? binaryRefusal('dropped', dropped);
    setSourceError(refusal);
    if (refusal) return;
    if (dropped.length > BIG_TEXT_CHARACTERS) return takeBig(dropped, 'dropped');
    setBig(null);
    setText(dropped);
    setSourceName('');
  };

  const { dragging, dropProps } = useFileDrop({ onFile: (file) => void readFile(file), onText: dropText });

  // A paste is measured while it is still on the clipboard: one past the cap never reaches the text area.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    const area = event.currentTarget;
    const length = lengthAfterInsert(area.value, area.selectionStart, area.selectionEnd, pasted.length);
    const refusal = insertRefusal('pasted', length) ?? binaryRefusal('pasted', pasted);
    setSourceError(refusal);
    if (refusal) event.preventDefault();
    else if (length > BIG_TEXT_CHARACTERS) {
      event.preventDefault();
      takeBig(area.value.slice(0, area.selectionStart) + pasted + area.value.slice(area.selectionEnd), 'pasted');
    }
  };

  const cancelBig = () => {
    check.cancel();
    setBig(null);
    setSourceError(
      'The check was cancelled; nothing was imported. Paste, drop or choose the definitions again to check them.',
    );
  };

  const fetchUrl = async () => {
    setSourceError(null);
    setBusy(FETCHING);
    policy.watch();
    const controller = new AbortController();
    fetching.current?.abort();
    fetching.current = controller;
    try {
      const fetched = await fetchDefinitions(url, {
        signal: controller.signal,
        blockedByPolicy: (address) => refusedByPolicy(address) || policy.blocked(address),
        policyMessage: importPolicyMessage,
      });
      setBig(null);
      setText(fetched);
      setSourceName(nameFromFileName(new URL(url.trim()).pathname));
    } catch (error) {
      setSourceError(error instanceof Error ? error.message : String(error));
    } finally {
      if (fetching.current === controller) fetching.current = null;
      setBusy(null);
    }
  };

  const importNow = async () => {
    if (!result || ready === 0) return;
    try {
      const kept = await toolsets.saveNew({
        toolset: result.toolset,
        format: result.format ? result.format : 'unknown',
        importedAt: Date.now(),
        mocks: {},
      });
      navigate(catalogHref(kept.toolset.manifest.id));
    } catch (error) {
      setSourceError(`The toolset could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  // Text pasted into the prerendered page before the app took it over is kept and checked.
  const pageRoot = useRef<HTMLDivElement>(null);
  useEarlyActions(pageRoot);

  return (
    <div className="import-page" ref={pageRoot}>
      <section className="catalog-intro" aria-labelledby="import-title">
        <h1 id="import-title">Import tools</h1>
        <p className="lead">
          Bring your own tool definitions: an OpenAI or Anthropic <code>tools</code> array, Gemini{' '}
          <code>functionDeclarations</code>, an MCP <code>tools/list</code> result,{' '}
          <code>{'{name, description, inputSchema}'}</code> objects, a single tool of any of these, a bare JSON Schema
          or a toolset file exported here. They get the same docs, form, editor, validation, audit and provider formats
          as the bundled tools, and stay in this browser.
        </p>
      </section>

      <section className="import-source" aria-label="Definitions to import">
        <div className="import-source-row">
          <FilePicker accept=".json,application/json" label="Definitions file" onFile={(file) => void readFile(file)} />
          <form
            className="import-url"
            onSubmit={(event) => {
              event.preventDefault();
              void fetchUrl();
            }}
          >
            <label htmlFor="import-url">or a link</label>
            <input
              id="import-url"
              type="url"
              placeholder="https://example.com/tools.json"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
            <button type="submit" className="button" disabled={url.trim() === '' || busy !== null}>
              Fetch
            </button>
          </form>
        </div>
        <div className={`import-drop ${dragging ? 'is-dragging' : ''}`} {...dropProps}>
          <label htmlFor={textId}>Paste definitions, or drop a file here</label>
          {big ? <BigText big={big} check={check} onCancel={cancelBig} onClear={() => setBig(null)} /> : null}
          <textarea
            hidden={big !== null}
            id={textId}
            className={`import-text ${text ? 'has-text' : ''}`}
            spellCheck={false}
            value={text}
            onPaste={onPaste}
            data-paste-limit={BIG_TEXT_CHARACTERS}
            onChange={(event) => setText(event.target.value)}
            rows={text ? 8 : 12}
          />
        </div>
        {busy ? (
          <p role="status" className="muted import-busy">
            <span className="spinner" aria-hidden="true" /> {busy}
            {busy === FETCHING ? (
              <>
                {' '}
                (at most {FETCH_TIME_LIMIT_MS / 1000} s){' '}
                <button type="button" className="button button-small" onClick={() => fetching.current?.abort()}>
                  Cancel
                </button>
              </>
            ) : null}
          </p>
        ) : null}
        {sourceError ? (
          <p className="field-error" role="alert">
            {sourceError}
          </p>
        ) : null}
      </section>

      {text.trim() !== '' || big ? (
        <section className="import-verdict" aria-label="Verdict">
          <div className="import-verdict-text">
            {check.state === 'checking' ? (
              <p role="status" className="muted import-checking">
                <span className="spinner" aria-hidden="true" /> Checking…
              </p>
            ) : null}
            {result ? <ImportVerdict result={result} /> : null}
            {result?.needsToolName ? (
              <p className="muted" role="status">
                This is a bare JSON Schema: give the tool a name below to import it.
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="button button-primary import-button"
            disabled={ready === 0 || check.state !== 'done'}
            onClick={() => void importNow()}
          >
            {ready > 0 ? `Import ${ready} ${ready === 1 ? 'tool' : 'tools'}` : 'Import'}
          </button>
        </section>
      ) : null}

      <section className="import-options" aria-label="Import options">
        <div className="field">
          <label htmlFor="import-name">Toolset name</label>
          <input
            id="import-name"
            value={toolsetName}
            onChange={(event) => setToolsetName(event.target.value)}
            maxLength={80}
            placeholder={result?.toolset.manifest.name ?? 'Imported tools'}
          />
        </div>
        <div className="field">
          <label htmlFor="import-risk">Risk level when a definition gives none</label>
          <select
            id="import-risk"
            value={defaultRisk}
            onChange={(event) => setDefaultRisk(event.target.value as RiskLevel)}
          >
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {RISK_INFO[level].displayName}
              </option>
            ))}
          </select>
        </div>
        {asCodeGenesis || result?.format === 'codegenesis' || result?.format === 'mcp' ? (
          <div className="field">
            <label className="import-check">
              <input
                type="checkbox"
                checked={asCodeGenesis}
                onChange={(event) => setAsCodeGenesis(event.target.checked)}
              />{' '}
              Import as CodeGenesis: refuse a definition its meta-schema rejects (no description, a parameter without
              type or description)
            </label>
          </div>
        ) : null}
        {result?.needsToolName || (result?.format === 'json-schema' && schemaToolName) ? (
          <div className="field">
            <label htmlFor="import-tool-name">Tool name for this JSON Schema</label>
            <input
              id="import-tool-name"
              value={schemaToolName}
              onChange={(event) => setSchemaToolName(event.target.value)}
              maxLength={64}
            />
          </div>
        ) : null}
      </section>

      {result ? <ImportFindings result={result} /> : null}
      {result ? <ImportTools result={result} /> : null}

      <ImportedToolsets />
    </div>
  );
}
