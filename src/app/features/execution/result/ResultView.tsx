import { useMemo } from 'react';
import { toLlmContext } from '../../../../core/runtime/result';
import type { ToolResult } from '../../../../core/runtime/types';
import { CodeBlock } from '../../../components/CodeBlock';
import { CopyButton } from '../../../components/CopyButton';
import { Tabs } from '../../../components/Tabs';
import { formatDuration } from '../formatDuration';
import { RenderedResult } from './RenderedResult';

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
  const llmText = useMemo(() => toLlmContext(result), [result]);
  const rawJson = useMemo(() => JSON.stringify(result, null, 2), [result]);
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
