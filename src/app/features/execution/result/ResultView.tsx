import { useMemo } from 'react';
import { toLlmContext } from '../../../../core/runtime/result';
import type { ToolResult } from '../../../../core/runtime/types';
import { BoundedText } from '../../../components/BoundedText';
import { CodeBlock } from '../../../components/CodeBlock';
import { CopyButton } from '../../../components/CopyButton';
import { Tabs } from '../../../components/Tabs';
import { windowText } from '../../../lib/textWindow';
import { formatDuration } from '../formatDuration';
import { RenderedResult } from './RenderedResult';

/** The text the model receives, made when its tab is opened; a long one is windowed. */
function LlmText({ result }: { result: ToolResult }) {
  const llmText = useMemo(() => toLlmContext(result), [result]);
  return (
    <div className="exec-llm">
      <div className="exec-llm-bar">
        <CopyButton text={llmText} label="Copy the LLM text" />
      </div>
      <BoundedText text={llmText} label="Text the model receives" fileName="llm-text.txt" className="exec-pre" />
    </div>
  );
}

/** The ToolResult as JSON, made when its tab is opened: highlighted when short, windowed plain text when long. */
function RawJson({ result }: { result: ToolResult }) {
  const rawJson = useMemo(() => JSON.stringify(result, null, 2), [result]);
  const long = useMemo(() => !windowText(rawJson).whole, [rawJson]);
  return long ? (
    <BoundedText text={rawJson} label="ToolResult JSON" fileName="tool-result.json" className="exec-pre" />
  ) : (
    <CodeBlock code={rawJson} label="ToolResult JSON" maxHeight={480} />
  );
}

/**
 * The header's line: a failure's error, or the message; when the result has data, the message's first line only, as
 * the lines after it (a search tool's hits as text) are what the data's view draws below. The LLM text keeps it whole.
 */
function headline(result: ToolResult): string {
  if (!result.success) return result.error ?? result.message;
  return result.data ? (result.message.split('\n', 1)[0] ?? '') : result.message;
}

/** A ToolResult: the rendered data, the text an LLM would get, and the raw JSON. */
export function ResultView({ result, tool }: { result: ToolResult; tool: string }) {
  return (
    <section className={`exec-result ${result.success ? 'exec-result-success' : 'exec-result-failure'}`} aria-label={`Result of ${tool}`}>
      <header className="exec-result-header">
        <span className={`exec-status ${result.success ? 'exec-status-success' : 'exec-status-failure'}`} data-testid="result-status">
          {result.success ? '✓ Success' : `✗ ${result.errorCode ?? 'Failed'}`}
        </span>
        <span className="exec-result-message">{headline(result)}</span>
        <span className="exec-duration" title="Duration">
          {formatDuration(result.durationMs)}
        </span>
      </header>
      <Tabs
        label="Result views"
        items={[
          { id: 'view', label: 'Result', content: <RenderedResult result={result} /> },
          { id: 'llm', label: 'LLM text', content: <LlmText result={result} /> },
          { id: 'json', label: 'Raw JSON', content: <RawJson result={result} /> },
        ]}
      />
    </section>
  );
}
