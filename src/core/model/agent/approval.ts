/**
 * Who approves a model's call: the runtime asks for every call its risk level requires approval for
 * (medium and above); this answers yes by itself only up to the level the user chose, and never for critical.
 */
import type { ApprovalRequest } from '../../runtime/service';
import { riskRank } from '../../toolset/risk';
import type { RiskLevel } from '../../toolset/types';

/** 'none': every call that needs approval is asked about. */
export type AutoApproveLimit = 'none' | 'medium' | 'high';

export function autoApprover(
  limit: AutoApproveLimit,
  ask: (request: ApprovalRequest) => Promise<boolean>,
): (request: ApprovalRequest) => Promise<boolean> {
  const ceiling: RiskLevel | null = limit === 'none' ? null : limit;
  return (request) => {
    if (ceiling !== null && request.risk !== 'critical' && riskRank(request.risk) <= riskRank(ceiling))
      return Promise.resolve(true);
    return ask(request);
  };
}
