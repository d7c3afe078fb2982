import type { ToolSummary } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { firstSentence } from '../../lib/firstSentence';
import { toolHref } from '../../lib/router';

export function ToolCard({ toolsetId, tool }: { toolsetId: string; tool: ToolSummary }) {
  return (
    <article className="tool-card" data-tool={tool.name}>
      <h3 className="tool-card-title">
        <a href={toolHref(toolsetId, tool.name)} className="stretched-link">
          <code className="tool-name">{tool.name}</code>
        </a>
      </h3>
      <p className="tool-card-description">{firstSentence(tool.description)}</p>
      <div className="tool-card-meta">
        <RiskBadge level={tool.riskLevel} />
        <span className="muted">v{tool.version}</span>
      </div>
    </article>
  );
}
