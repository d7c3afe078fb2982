import { useId, useMemo, useRef, useState } from 'react';
import { FilePicker } from '../../components/FilePicker';
import { useFileDrop } from '../../components/useFileDrop';
import { useEarlyActions } from '../../lib/earlyEvents';
import { DEFAULT_MAX_CHARACTERS, type ImportSettings } from '../../../core/import';
import { RISK_INFO } from '../../../core/toolset/risk';
import { RISK_LEVELS, type RiskLevel } from '../../../core/toolset/types';
import { navigate } from '../../lib/router';
import { catalogHref } from '../../lib/hrefs';
import { useToolsetStore } from '../../services/useToolsets';
import { ImportedToolsets } from './ImportedToolsets';
import { ImportReport } from './ImportReport';
import { useImportCheck } from './useImportCheck';
import './import.css';

const MAX_MEGABYTES = DEFAULT_MAX_CHARACTERS / 1024 / 1024;

/** Fetches a definitions file by URL in the browser; a refusal is said for what it is. */
async function fetchDefinitions(url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('That is not a URL: it needs to start with https://');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Only http and https links can be fetched, not ${parsed.protocol}`);
  let response: Response;
  try {
    response = await fetch(parsed, { credentials: 'omit' });
  } catch {
    throw new Error(
      'The browser could not fetch that address: the server does not allow other sites to read it (CORS), or it cannot be reached. Download the file and choose it instead.',
    );
  }
  if (!response.ok) throw new Error(`The server answered ${response.status} ${response.statusText}`.trim());
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > DEFAULT_MAX_CHARACTERS) throw new Error(`The file is ${(length / 1024 / 1024).toFixed(1)} MB; imports are limited to ${MAX_MEGABYTES} MB`);
  return response.text();
}

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
  const textId = useId();

  const options = useMemo<ImportSettings>(
    () => ({
      defaultRisk,
      ...(toolsetName.trim() ? { toolsetName: toolsetName.trim() } : {}),
      ...(schemaToolName.trim() ? { schemaToolName: schemaToolName.trim() } : {}),
      ...(asCodeGenesis ? { format: 'codegenesis' as const } : {}),
    }),
    [defaultRisk, toolsetName, schemaToolName, asCodeGenesis],
  );
  const check = useImportCheck(text, options);
  const result = check.state === 'done' ? check.result : null;
  const ready = result?.toolset.tools.length ?? 0;

  const readFile = async (file: File) => {
    setSourceError(null);
    if (file.size > DEFAULT_MAX_CHARACTERS) {
      setSourceError(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; imports are limited to ${MAX_MEGABYTES} MB.`);
      return;
    }
    setBusy(`Reading ${file.name}…`);
    try {
      setText(await file.text());
      if (!toolsetName) setToolsetName(file.name.replace(/\.json$/i, ''));
    } catch (error) {
      setSourceError(`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const { dragging, dropProps } = useFileDrop({ onFile: (file) => void readFile(file) });

  const fetchUrl = async () => {
    setSourceError(null);
    setBusy('Fetching…');
    try {
      setText(await fetchDefinitions(url.trim()));
    } catch (error) {
      setSourceError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const importNow = async () => {
    if (!result || ready === 0) return;
    const id = toolsets.freeId(result.toolset.manifest.id);
    const toolset = { ...result.toolset, manifest: { ...result.toolset.manifest, id } };
    try {
      await toolsets.save({ toolset, format: result.format ? result.format : 'unknown', importedAt: Date.now(), mocks: {} });
      navigate(catalogHref(id));
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
          Bring your own tool definitions: an OpenAI or Anthropic <code>tools</code> array, Gemini <code>functionDeclarations</code>, an MCP{' '}
          <code>tools/list</code> result, <code>{'{name, description, inputSchema}'}</code> objects, a single tool of any of these, a bare JSON Schema or a toolset
          file exported here. They get the same docs, form, editor, validation, audit and provider formats as the bundled tools, and stay in this browser.
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
            <input id="import-url" type="url" placeholder="https://example.com/tools.json" value={url} onChange={(event) => setUrl(event.target.value)} />
            <button type="submit" className="button" disabled={url.trim() === '' || busy !== null}>
              Fetch
            </button>
          </form>
        </div>
        <div className={`import-drop ${dragging ? 'is-dragging' : ''}`} {...dropProps}>
          <label htmlFor={textId}>Paste definitions, or drop a file here</label>
          <textarea id={textId} className="import-text" spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} rows={14} />
        </div>
        {busy ? (
          <p role="status" className="muted">
            <span className="spinner" aria-hidden="true" /> {busy}
          </p>
        ) : null}
        {sourceError ? (
          <p className="field-error" role="alert">
            {sourceError}
          </p>
        ) : null}
      </section>

      <section className="import-options" aria-label="Import options">
        <div className="field">
          <label htmlFor="import-name">Toolset name</label>
          <input id="import-name" value={toolsetName} onChange={(event) => setToolsetName(event.target.value)} maxLength={80} placeholder={result?.toolset.manifest.name ?? 'Imported tools'} />
        </div>
        <div className="field">
          <label htmlFor="import-risk">Risk level when a definition gives none</label>
          <select id="import-risk" value={defaultRisk} onChange={(event) => setDefaultRisk(event.target.value as RiskLevel)}>
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
              <input type="checkbox" checked={asCodeGenesis} onChange={(event) => setAsCodeGenesis(event.target.checked)} /> Import as CodeGenesis: refuse a
              definition its meta-schema rejects (no description, a parameter without type or description)
            </label>
          </div>
        ) : null}
        {result?.needsToolName || (result?.format === 'json-schema' && schemaToolName) ? (
          <div className="field">
            <label htmlFor="import-tool-name">Tool name for this JSON Schema</label>
            <input id="import-tool-name" value={schemaToolName} onChange={(event) => setSchemaToolName(event.target.value)} maxLength={64} />
          </div>
        ) : null}
      </section>

      {check.state === 'checking' ? (
        <p role="status" className="muted import-checking">
          <span className="spinner" aria-hidden="true" /> Checking…
        </p>
      ) : null}
      {result ? <ImportReport result={result} /> : null}
      {result?.needsToolName ? (
        <p className="muted" role="status">
          This is a bare JSON Schema: give the tool a name above to import it.
        </p>
      ) : null}

      <div className="import-actions">
        <button type="button" className="button button-primary" disabled={ready === 0 || check.state !== 'done'} onClick={() => void importNow()}>
          {ready > 0 ? `Import ${ready} ${ready === 1 ? 'tool' : 'tools'}` : 'Import'}
        </button>
      </div>

      <ImportedToolsets />
    </div>
  );
}
