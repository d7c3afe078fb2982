import type { RiskLevel } from '../../core/toolset/types';
import { riskInfo } from '../../core/toolset/risk';

/** The risk level in its seed colour, with the level's meaning as a tooltip. */
export function RiskBadge({ level }: { level: RiskLevel }) {
  const info = riskInfo(level);
  return (
    <span
      className="risk-badge"
      data-risk={level}
      title={info.description}
      style={{ ['--risk-color' as string]: info.color }}
    >
      <span className="risk-dot" aria-hidden="true" />
      {info.displayName}
    </span>
  );
}
