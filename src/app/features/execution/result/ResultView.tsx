import { toLlmContext } from '../../../../core/runtime/result';
import type { ToolResult } from '../../../../core/runtime/types';
import { ResultTabs } from '../../../components/ResultTabs';
import { RenderedResult } from './RenderedResult';

/**
 * The header's line: a failure's error, or the message; when the result has data, the message's first line only, as
 * the lines after it (a search tool's hits as text) are what the data's view draws below. The LLM text keeps it whole.
 */
function headline(result: ToolResult): string {
  if (!result.success) return result.error ?? result.message;
  return result.data ? (result.message.split('\n', 1)[0] ?? '') : result.message;
}

const asIs = (result: ToolResult): ToolResult => result;

/** A ToolResult: the rendered data, the text an LLM would get, and the raw JSON. */
export function ResultView({ result, tool }: { result: ToolResult; tool: string }) {
  return (
    <ResultTabs
      label={`Result of ${tool}`}
      source={result}
      success={result.success}
      status={result.success ? '✓ Success' : `✗ ${result.errorCode ?? 'Failed'}`}
      headline={headline(result)}
      durationMs={result.durationMs}
      view={<RenderedResult result={result} />}
      llmText={toLlmContext}
      raw={asIs}
      rawLabel="ToolResult JSON"
      rawFileName="tool-result.json"
    />
  );
}
