import type { RiskLevel } from './types';

export interface RiskInfo {
  displayName: string;
  color: string;
  description: string;
  requiresApproval: boolean;
  showInLog: boolean;
}

/** Display and policy metadata per risk level, as the runtime model defines it. */
export const RISK_INFO: Record<RiskLevel, RiskInfo> = {
  safe: {
    displayName: 'Safe',
    color: '#22C55E',
    description: 'Read-only operation with no side effects',
    requiresApproval: false,
    showInLog: false,
  },
  low: {
    displayName: 'Low Risk',
    color: '#3B82F6',
    description: 'Reversible changes to files',
    requiresApproval: false,
    showInLog: true,
  },
  medium: {
    displayName: 'Medium Risk',
    color: '#F59E0B',
    description: 'Significant changes requiring attention',
    requiresApproval: true,
    showInLog: true,
  },
  high: {
    displayName: 'High Risk',
    color: '#EF4444',
    description: 'Potentially destructive operation',
    requiresApproval: true,
    showInLog: true,
  },
  critical: {
    displayName: 'Critical',
    color: '#DC2626',
    description: 'System-level operation with broad impact',
    requiresApproval: true,
    showInLog: true,
  },
};

/**
 * A known risk level as itself; anything else (a definition built in code with a level of its own, or none)
 * as Medium, the runtime model's fallback for a level it does not know.
 */
export const knownRisk = (level: unknown): RiskLevel =>
  typeof level === 'string' && Object.hasOwn(RISK_INFO, level) ? (level as RiskLevel) : 'medium';

/** The metadata of a risk level; Medium's for a level that is not one of the five. */
export const riskInfo = (level: unknown): RiskInfo => RISK_INFO[knownRisk(level)];

export const riskRank = (level: RiskLevel): number =>
  ['safe', 'low', 'medium', 'high', 'critical'].indexOf(knownRisk(level));
