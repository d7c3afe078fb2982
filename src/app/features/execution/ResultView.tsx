import { useMemo, type ReactNode } from 'react';
import { toLlmContext } from '../../../core/runtime/result';
import type { SymbolLocation, ToolData, ToolResult } from '../../../core/runtime/types';
import { CodeBlock } from '../../components/CodeBlock';
import { CopyButton } from '../../components/CopyButton';
import { Tabs } from '../../components/Tabs';
import { markFromGitStatus } from '../../worker/protocol';
import { classifyDiffLines } from './diffLines';
import { HighlightedFile } from './HighlightedFile';
import { openExplorer } from './runtime';
import { formatDuration } from './formatDuration';
import { ExecutionFacts } from './ExecutionFacts';


/** A ToolResult: the rendered data, the text an LLM would get, and the raw JSON. */
export function ResultView({ result, tool }: { result: ToolResult; tool: string }) {
  const llmText = useMemo(() => toLlmContext(result), [result]);
  const rawJson = useMemo(() => JSON.stringify(result, null, 2), [result]);
  return (
    <section className={`exec-result ${result.success ? 'exec-result-success' : 'exec-result-failure'}`} aria-label={`Result of ${tool}`}>
      <header className="exec-result-header">
        <span className={`exec-status ${result.success ? 'exec-status-success' : 'exec-status-failure'}`} data-testid="result-status">
          {result.success ? '✓ Success' : `✗ ${result.errorCode ?? 'Failed'}`}
        </span>
        <span className="exec-result-message">{result.success ? result.message : result.error ?? result.message}</span>
        <span className="exec-duration" title="Duration">
          {formatDuration(result.durationMs)}
        </span>
      </header>
      <Tabs
        label="Result views"
        items={[
          { id: 'view', label: 'Result', content: <RenderedResult result={result} /> },
          {
            id: 'llm',
            label: 'LLM text',
            content: (
              <div className="exec-llm">
                <div className="exec-llm-bar">
                  <CopyButton text={llmText} label="Copy the LLM text" />
                </div>
                <pre className="exec-pre" tabIndex={0} aria-label="Text the model receives">
                  {llmText}
                </pre>
              </div>
            ),
          },
          { id: 'json', label: 'Raw JSON', content: <CodeBlock code={rawJson} label="ToolResult JSON" maxHeight={480} /> },
        ]}
      />
    </section>
  );
}

function RenderedResult({ result }: { result: ToolResult }) {
  return (
    <div className="exec-rendered">
      <ExecutionFacts result={result} />
      {!result.success ? <ErrorDetails result={result} /> : null}
      {result.data ? <DataView data={result.data} /> : result.success ? <p className="exec-muted">{result.message}</p> : null}
      {result.artifacts.length > 0 ? (
        <div className="exec-artifacts">
          <h3>Artifacts</h3>
          <ul>
            {result.artifacts.map((artifact, index) => (
              <li key={`${artifact.path}-${index}`}>
                <span className={`exec-change exec-change-${artifact.change}`}>{artifact.change}</span> {artifact.type}{' '}
                {artifact.type !== 'output' && artifact.type !== 'url' && artifact.change !== 'deleted' ? <FileLink path={artifact.path} /> : <code>{artifact.path}</code>}
                {artifact.from ? (
                  <span className="exec-muted">
                    {' '}
                    from <code>{artifact.from}</code>
                  </span>
                ) : null}
                {artifact.size !== undefined ? <span className="exec-muted"> · {artifact.size} bytes</span> : null}
                {artifact.mimeType ? <span className="exec-muted"> · {artifact.mimeType}</span> : null}
                {artifact.contentHash ? (
                  <span className="exec-muted exec-hash" title={artifact.contentHash}>
                    {' '}
                    · {artifact.contentHash.slice(0, 19)}…
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.suggestedFollowUps && result.suggestedFollowUps.length > 0 ? (
        <div className="exec-followups">
          <h3>Suggested next steps</h3>
          <ul>
            {result.suggestedFollowUps.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ErrorDetails({ result }: { result: ToolResult }) {
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
              <code>{error.parameter || '(arguments)'}</code> <span className="exec-muted">{error.code}</span> — {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A workspace path that opens in the explorer's viewer. */
export function FileLink({ path, line, children }: { path: string; line?: number; children?: ReactNode }) {
  return (
    <button
      type="button"
      className="exec-file-link"
      onClick={() => openExplorer(line === undefined ? { path } : { path, line })}
      title={`Open ${path}${line ? ` at line ${line}` : ''}`}
    >
      {children ?? (
        <code>
          {path}
          {line ? `:${line}` : ''}
        </code>
      )}
    </button>
  );
}

function DataView({ data }: { data: ToolData }) {
  switch (data.kind) {
    case 'file_content':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <p className="exec-caption">
            <FileLink path={data.path} /> · lines {data.startLine}–{data.endLine} of {data.totalLines} · {data.encoding}
          </p>
          <HighlightedFile path={data.path} content={data.content} startLine={data.startLine} />
        </div>
      );
    case 'write':
      return (
        <p className="exec-kind" data-kind={data.kind}>
          {data.created ? 'Created' : 'Overwrote'} <FileLink path={data.path} /> · {data.bytesWritten} bytes written
        </p>
      );
    case 'listing':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <p className="exec-caption">
            <code>{data.path}</code> · {data.entries.length} entries{data.truncated ? ' (truncated)' : ''}
          </p>
          <ul className="exec-tree" aria-label={`Contents of ${data.path}`}>
            {data.entries.map((entry) => (
              <li key={entry.path} style={{ paddingInlineStart: `${entry.depth * 1.1}rem` }} className={`exec-tree-${entry.type}`}>
                {entry.type === 'file' ? (
                  <FileLink path={entry.path}>
                    <span>{baseName(entry.path)}</span>
                  </FileLink>
                ) : entry.type === 'symlink' ? (
                  <span>
                    {baseName(entry.path)} <span className="exec-muted">→ {entry.target ?? '?'} (symbolic link, not followed)</span>
                  </span>
                ) : (
                  <span>{baseName(entry.path)}/</span>
                )}
                {entry.size !== undefined && entry.type === 'file' ? <span className="exec-muted"> {entry.size} B</span> : null}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'search_hits':
      return <SearchHits data={data} />;
    case 'delete':
      return (
        <p className="exec-kind" data-kind={data.kind}>
          Deleted <code>{data.path}</code>
        </p>
      );
    case 'move':
      return (
        <p className="exec-kind" data-kind={data.kind}>
          Moved <code>{data.source}</code> → <FileLink path={data.destination} />
          {data.overwritten ? <span className="exec-muted"> (overwrote the destination)</span> : null}
        </p>
      );
    case 'command_output':
      return (
        <div className="exec-kind exec-command" data-kind={data.kind}>
          <p className="exec-caption">
            <code className="exec-command-line">
              {data.language ? `${data.language}: ` : '$ '}
              {data.command.length > 200 ? `${data.command.slice(0, 200)}…` : data.command}
            </code>{' '}
            <span className="exec-muted">in {data.workingDirectory}</span>{' '}
            <span className={`exec-exit ${data.exitCode === 0 ? 'exec-exit-ok' : 'exec-exit-fail'}`} data-testid="exit-code">
              exit {data.exitCode}
            </span>
          </p>
          <OutputBlock label="stdout" text={data.stdout} />
          {data.stderr ? <OutputBlock label="stderr" text={data.stderr} tone="error" /> : null}
        </div>
      );
    case 'semantic_hits':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <p className="exec-caption">
            {data.hits.length} results for <q>{data.query}</q>
          </p>
          <ol className="exec-semantic">
            {data.hits.map((hit, index) => (
              <li key={`${hit.file}-${hit.startLine}-${index}`}>
                <FileLink path={hit.file} line={hit.startLine}>
                  <code>
                    {hit.file}:{hit.startLine}–{hit.endLine}
                  </code>
                </FileLink>{' '}
                <span className="exec-muted">score {hit.score.toFixed(3)}</span>
                <pre className="exec-pre exec-snippet">{hit.snippet}</pre>
              </li>
            ))}
          </ol>
        </div>
      );
    case 'symbols':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <h3>Definitions of {data.symbol}</h3>
          <SymbolTable locations={data.definitions} />
          <h3>References</h3>
          <SymbolTable locations={data.references} />
        </div>
      );
    case 'definition':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          {data.definition ? <SymbolTable locations={[data.definition]} /> : <p>No definition of {data.symbol} found.</p>}
        </div>
      );
    case 'git_status':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <p className="exec-caption">
            On branch <code>{data.branch}</code> · {data.clean ? 'working tree clean' : `${data.files.length} changed`}
          </p>
          {data.files.length > 0 ? (
            <div className="exec-table-wrap">
              <table className="exec-table">
                <thead>
                  <tr>
                    <th scope="col">Path</th>
                    <th scope="col">Index</th>
                    <th scope="col">Work tree</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.files.map((file) => {
                    const mark = markFromGitStatus(file);
                    return (
                      <tr key={file.path} className={`exec-mark-${mark}`}>
                        <td className="exec-cell-lead">{mark === 'deleted' ? <code>{file.path}</code> : <FileLink path={file.path} />}</td>
                        <td data-label="Index">{file.index.trim() || '–'}</td>
                        <td data-label="Work tree">{file.workdir.trim() || '–'}</td>
                        <td>
                          <span className={`exec-mark exec-mark-badge-${mark}`}>{file.status}</span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      );
    case 'diff':
      return <DiffView data={data} />;
    case 'log':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          {data.commits.length === 0 ? (
            <p>No commits.</p>
          ) : (
            <div className="exec-table-wrap">
              <table className="exec-table exec-log">
                <thead>
                  <tr>
                    <th scope="col">Commit</th>
                    <th scope="col">Message</th>
                    <th scope="col">Author</th>
                    <th scope="col">Date</th>
                  </tr>
                </thead>
                <tbody>
                  {data.commits.map((commit) => (
                    <tr key={commit.oid}>
                      <td>
                        <code title={commit.oid}>{commit.oid.slice(0, 7)}</code>
                      </td>
                      <td className="exec-log-message exec-cell-wide">{commit.message.split('\n')[0]}</td>
                      <td title={commit.email}>{commit.author}</td>
                      <td>
                        <time dateTime={commit.date}>{formatDate(commit.date)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      );
    case 'commit':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <p>
            Committed <code title={data.oid}>{data.oid.slice(0, 7)}</code> <q>{data.message.split('\n')[0]}</q>
          </p>
          <ul className="exec-files">
            {data.files.map((file) => (
              <li key={file}>
                <code>{file}</code>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'answer':
      return (
        <dl className="exec-kind exec-qa" data-kind={data.kind}>
          <dt>Question</dt>
          <dd>{data.question}</dd>
          <dt>Answer</dt>
          <dd className="exec-answer">{data.answer}</dd>
        </dl>
      );
    case 'confirmation':
      return (
        <dl className="exec-kind exec-qa" data-kind={data.kind}>
          <dt>Action</dt>
          <dd>{data.action}</dd>
          <dt>Decision</dt>
          <dd className={data.confirmed ? 'exec-confirmed' : 'exec-declined'}>{data.confirmed ? '✓ Confirmed' : '✗ Declined'}</dd>
        </dl>
      );
    case 'output':
      return <OutputView data={data} />;
    case 'mock':
      return (
        <div className="exec-kind" data-kind={data.kind}>
          <p className="exec-caption">{data.source === 'json' ? 'The mock result (fixed JSON)' : 'What the mock function returned for these arguments'}</p>
          <CodeBlock code={JSON.stringify(data.value, null, 2)} label="Mock result" maxHeight={320} />
        </div>
      );
  }
}

function SearchHits({ data }: { data: Extract<ToolData, { kind: 'search_hits' }> }) {
  const groups = useMemo(() => {
    const byFile = new Map<string, typeof data.hits>();
    for (const hit of data.hits) byFile.set(hit.file, [...(byFile.get(hit.file) ?? []), hit]);
    return [...byFile.entries()];
  }, [data]);
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        {data.hits.length} hits for <q>{data.query}</q> in {groups.length} files ({data.filesSearched} searched){data.truncated ? ' · truncated' : ''}
      </p>
      {groups.map(([file, hits]) => (
        <div key={file} className="exec-hit-group">
          <h3 className="exec-hit-file">
            <FileLink path={file} />
          </h3>
          <ul className="exec-hits">
            {hits.map((hit, index) => (
              <li key={`${hit.line}-${hit.column}-${index}`}>
                <FileLink path={file} line={hit.line}>
                  <span className="exec-line-number">{hit.line}</span>
                </FileLink>
                <code className="exec-hit-text">{hit.text}</code>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** A tool's text answer: its facts, then the text (JSON highlighted, a diff coloured, else as written). */
function OutputView({ data }: { data: Extract<ToolData, { kind: 'output' }> }) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      {data.facts && data.facts.length > 0 ? (
        <dl className="exec-facts">
          {data.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {data.language === 'json' ? (
        <CodeBlock code={data.text} label="Output" maxHeight={360} />
      ) : data.language === 'diff' ? (
        <DiffLines patch={data.text} />
      ) : data.text === '' ? null : (
        <pre className="exec-output-text" tabIndex={0} aria-label="Output">
          {data.text}
        </pre>
      )}
    </div>
  );
}

function DiffLines({ patch }: { patch: string }) {
  const lines = useMemo(() => classifyDiffLines(patch), [patch]);
  return (
    <div className="exec-diff" role="region" aria-label="Unified diff" tabIndex={0}>
      {lines.map((line, index) => (
        <div key={index} className={`exec-diff-line exec-diff-${line.kind}`}>
          <span className="exec-diff-number" aria-hidden="true">
            {line.oldLine ?? ''}
          </span>
          <span className="exec-diff-number" aria-hidden="true">
            {line.newLine ?? ''}
          </span>
          <span className="exec-diff-text">{line.text || ' '}</span>
        </div>
      ))}
    </div>
  );
}

function DiffView({ data }: { data: Extract<ToolData, { kind: 'diff' }> }) {
  if (data.patch.trim() === '') {
    return (
      <p className="exec-kind exec-diff-empty" data-kind={data.kind}>
        No differences.
      </p>
    );
  }
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <ul className="exec-diff-files">
        {data.files.map((file) => (
          <li key={file.path}>
            <FileLink path={file.path} /> <span className="exec-additions">+{file.additions}</span>{' '}
            <span className="exec-deletions">−{file.deletions}</span>
          </li>
        ))}
      </ul>
      <DiffLines patch={data.patch} />
    </div>
  );
}

function SymbolTable({ locations }: { locations: SymbolLocation[] }) {
  if (locations.length === 0) return <p className="exec-muted">None.</p>;
  return (
    <div className="exec-table-wrap">
      <table className="exec-table">
        <thead>
          <tr>
            <th scope="col">Location</th>
            <th scope="col">Kind</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {locations.map((location, index) => (
            <tr key={`${location.file}-${location.line}-${location.column}-${index}`}>
              <td>
                <FileLink path={location.file} line={location.line} />
              </td>
              <td>{location.kind}</td>
              <td className="exec-cell-wide">
                <code>{location.text}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OutputBlock({ label, text, tone }: { label: string; text: string; tone?: 'error' }) {
  return (
    <figure className={`exec-output ${tone === 'error' ? 'exec-output-error' : ''}`}>
      <figcaption>{label}</figcaption>
      <pre className="exec-pre" tabIndex={0} aria-label={label} data-testid={label}>
        {text === '' ? <span className="exec-muted">(empty)</span> : text}
      </pre>
    </figure>
  );
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
