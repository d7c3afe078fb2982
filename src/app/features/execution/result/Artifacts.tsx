import type { ToolResult } from '../../../../core/runtime/types';
import { FileLink } from './FileLink';

/** The files and outputs a call created, changed or deleted. */
export function Artifacts({ artifacts }: { artifacts: ToolResult['artifacts'] }) {
  return (
    <div className="exec-artifacts">
      <h3>Artifacts</h3>
      <ul>
        {artifacts.map((artifact, index) => (
          <li key={`${artifact.path}-${index}`}>
            <span className={`exec-change exec-change-${artifact.change}`}>{artifact.change}</span> {artifact.type}{' '}
            {artifact.type !== 'output' && artifact.type !== 'url' && artifact.change !== 'deleted' ? (
              <FileLink path={artifact.path} />
            ) : (
              <code>{artifact.path}</code>
            )}
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
  );
}
