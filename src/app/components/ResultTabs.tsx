/**
 * A tool call's result as every execution panel shows it, bundled tool or live server alike: a header with the
 * status, a headline and the duration, then tabs for the rendered result, the text the model gets back, and the raw
 * JSON. The two text tabs are made when opened, and a long text is windowed (BoundedText).
 */
import { useMemo, type ReactNode } from 'react';
import { formatDuration } from '../lib/formatDuration';
import { windowText } from '../lib/textWindow';
import { BoundedText } from './BoundedText';
import { CodeBlock } from './CodeBlock';
import { CopyButton } from './CopyButton';
import { Tabs } from './Tabs';
import './result-tabs.css';

function LlmText<T>({ source, make }: { source: T; make: (source: T) => string }) {
  const llmText = useMemo(() => make(source), [make, source]);
  return (
    <div className="exec-llm">
      <div className="exec-llm-bar">
        <CopyButton text={llmText} label="Copy the LLM text" />
      </div>
      <BoundedText text={llmText} label="Text the model receives" fileName="llm-text.txt" className="pre-block" />
    </div>
  );
}

/** The JSON: highlighted when short, windowed plain text when long. */
function RawJson<T>({
  source,
  make,
  label,
  fileName,
}: {
  source: T;
  make: (source: T) => unknown;
  label: string;
  fileName: string;
}) {
  const rawJson = useMemo(() => JSON.stringify(make(source), null, 2), [make, source]);
  const long = useMemo(() => !windowText(rawJson).whole, [rawJson]);
  return long ? (
    <BoundedText text={rawJson} label={label} fileName={fileName} className="pre-block" />
  ) : (
    <CodeBlock code={rawJson} label={label} maxHeight={480} />
  );
}

export interface ResultTabsProps<T> {
  /** The section's accessible name, e.g. "Result of read_file". */
  label: string;
  /** The result the tabs are made from. */
  source: T;
  success: boolean;
  /** "✓ Success", or the failure's code. */
  status: string;
  headline: string;
  durationMs: number;
  /** The rendered result (the first tab). */
  view: ReactNode;
  /** The text the model gets back for this result (a function defined once, not per render: the tab's text is kept while it and `source` stay). */
  llmText: (source: T) => string;
  /** What the Raw JSON tab shows (likewise defined once), with its name and the file a long one downloads as. */
  raw: (source: T) => unknown;
  rawLabel: string;
  rawFileName: string;
  testId?: string;
}

export function ResultTabs<T>({
  label,
  source,
  success,
  status,
  headline,
  durationMs,
  view,
  llmText,
  raw,
  rawLabel,
  rawFileName,
  testId,
}: ResultTabsProps<T>) {
  return (
    <section
      className={`exec-result ${success ? 'exec-result-success' : 'exec-result-failure'}`}
      aria-label={label}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      <header className="exec-result-header">
        <span
          className={`exec-status ${success ? 'exec-status-success' : 'exec-status-failure'}`}
          data-testid="result-status"
        >
          {status}
        </span>
        <span className="exec-result-message">{headline}</span>
        <span className="exec-duration" title="Duration" data-testid="result-duration">
          {formatDuration(durationMs)}
        </span>
      </header>
      <Tabs
        label="Result views"
        items={[
          { id: 'view', label: 'Result', content: view },
          {
            id: 'llm',
            label: 'LLM text',
            title: 'What the model gets back',
            content: <LlmText source={source} make={llmText} />,
          },
          {
            id: 'json',
            label: 'Raw JSON',
            content: <RawJson source={source} make={raw} label={rawLabel} fileName={rawFileName} />,
          },
        ]}
      />
    </section>
  );
}
