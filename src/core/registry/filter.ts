/** A tool filter: the catalog filters with it, without loading the provider formats. */
import { riskRank } from '../toolset/risk';
import type { RiskLevel, ToolDefinition } from '../toolset/types';

export interface ToolFilter {
  category?: string;
  /** Exactly this risk level. */
  riskLevel?: RiskLevel;
  /** This level or anything safer. */
  maxRiskLevel?: RiskLevel;
  /** Tools carrying every one of these tags. */
  tags?: readonly string[];
}

export const matchesFilter = (
  tool: Pick<ToolDefinition, 'category' | 'riskLevel' | 'tags'>,
  filter: ToolFilter,
): boolean => {
  if (filter.category !== undefined && tool.category !== filter.category) return false;
  if (filter.riskLevel !== undefined && tool.riskLevel !== filter.riskLevel) return false;
  if (filter.maxRiskLevel !== undefined && riskRank(tool.riskLevel) > riskRank(filter.maxRiskLevel)) return false;
  if (
    filter.tags &&
    !filter.tags.every((tag) => (tool.tags ?? []).some((own) => own.toLowerCase() === tag.toLowerCase()))
  )
    return false;
  return true;
};
