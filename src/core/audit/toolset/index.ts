/** The toolset-level audit: findings about tools together — look-alikes, shadowed names, references, risky combinations. */
import type { ToolsetBundle } from '../../toolset/types';
import type { AuditSeverity } from '../types';
import { crossReferences } from './crossReferences';
import { lethalTrifecta } from './lethalTrifecta';
import { shadowing } from './shadowing';
import { similarTools } from './similarTools';
import type { ToolsetFinding, ToolsetRule } from './types';

export type { ToolsetFinding, ToolsetRule } from './types';

export const TOOLSET_RULES: readonly ToolsetRule[] = [shadowing, similarTools, crossReferences, lethalTrifecta];

const ORDER: Record<AuditSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Audits one toolset against itself and the toolsets loaded beside it; most severe first. */
export const auditToolset = (
  toolset: ToolsetBundle,
  others: readonly ToolsetBundle[] = [],
  options: { rules?: readonly string[] } = {},
): ToolsetFinding[] => {
  const rules = options.rules ? TOOLSET_RULES.filter((rule) => options.rules?.includes(rule.id)) : TOOLSET_RULES;
  const findings = rules.flatMap((rule) => rule.check({ toolset, others }));
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => ORDER[a.finding.severity] - ORDER[b.finding.severity] || a.index - b.index)
    .map(({ finding }) => finding);
};
