/**
 * Who approves a model's call: the runtime asks for every call its risk level requires approval for
 * (medium and above); a call is approved without asking only up to the level the user chose, and never a critical one.
 */
import { riskRank } from '../../toolset/risk';
import type { RiskLevel } from '../../toolset/types';

/** 'none': every call that needs approval is asked about. */
export type AutoApproveLimit = 'none' | 'medium' | 'high';

/** Whether a call of this risk is approved without asking, under the user's limit. */
export const autoApproves = (limit: AutoApproveLimit, risk: RiskLevel): boolean =>
  limit !== 'none' && risk !== 'critical' && riskRank(risk) <= riskRank(limit);
