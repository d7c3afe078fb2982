import type { ToolResult } from '../../../../core/runtime/types';
import { ExecutionFacts } from '../ExecutionFacts';
import { Artifacts } from './Artifacts';
import { DataView } from './DataView';
import { ErrorDetails } from './ErrorDetails';

/** The "Result" tab: facts, the error if any, the data by kind, artifacts and suggested next steps. */
export function RenderedResult({ result }: { result: ToolResult }) {
  return (
    <div className="exec-rendered">
      <ExecutionFacts result={result} />
      {!result.success ? <ErrorDetails result={result} /> : null}
      {result.data ? (
        <DataView data={result.data} />
      ) : result.success ? (
        <p className="exec-muted">{result.message}</p>
      ) : null}
      {result.artifacts.length > 0 ? <Artifacts artifacts={result.artifacts} /> : null}
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
