import type { ToolSummary } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { firstSentence } from '../../lib/firstSentence';
import { toolHref } from '../../lib/hrefs';

/** `unavailable`: why the tool cannot run with the chosen capabilities (null: it can). */
export function ToolCard({ toolsetId, tool, unavailable }: { toolsetId: string; tool: ToolSummary; unavailable?: string | null }) {
  return (
    <article className={`tool-card${unavailable ? ' tool-card-unavailable' : ''}`} data-tool={tool.name}>
      <h3 className="tool-card-title">
        <a href={toolHref(toolsetId, tool.name)} className="stretched-link">
          <code className="tool-name">{tool.name}</code>
        </a>
      </h3>
      <p className="tool-card-description">{firstSentence(tool.description)}</p>
      <div className="tool-card-meta">
        <RiskBadge level={tool.riskLevel} />
        <span className="muted">v{tool.version}</span>
        {unavailable !== undefined ? (
          <span className={`tool-availability ${unavailable ? 'tool-availability-no' : 'tool-availability-yes'}`} data-testid="tool-availability">
            {unavailable ?? 'Can run here'}
          </span>
        ) : null}
      </div>
    </article>
  );
}
