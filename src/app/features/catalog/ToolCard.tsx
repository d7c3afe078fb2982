import type { ToolSummary } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { firstSentence } from '../../lib/firstSentence';
import { toolHref } from '../../lib/hrefs';

/** Whether and how a tool runs on this site, said on its card. */
export interface CardAvailability {
  runs: boolean;
  label: string;
}

export function ToolCard({
  toolsetId,
  tool,
  availability,
}: {
  toolsetId: string;
  tool: ToolSummary;
  availability?: CardAvailability;
}) {
  return (
    <article
      className={`tool-card${availability && !availability.runs ? ' tool-card-unavailable' : ''}`}
      data-tool={tool.name}
    >
      <h3 className="tool-card-title">
        <a href={toolHref(toolsetId, tool.name)} className="stretched-link">
          <code className="tool-name">{tool.name}</code>
        </a>
      </h3>
      <p className="tool-card-description">{firstSentence(tool.description)}</p>
      {/* One footer shape on every card: risk and version on one line, where it runs on the next. */}
      <div className="tool-card-meta">
        <RiskBadge level={tool.riskLevel} />
        <span className="muted">v{tool.version}</span>
      </div>
      {availability ? (
        <p
          className={`tool-availability ${availability.runs ? 'tool-availability-yes' : 'tool-availability-no'}`}
          data-testid="tool-availability"
        >
          {availability.label}
        </p>
      ) : null}
    </article>
  );
}
