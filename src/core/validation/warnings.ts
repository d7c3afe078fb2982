/** Warning factories: a valid call that still deserves a remark, each with the seed's severity. */
import type { ValidationWarning } from './types';

export function deprecated(parameter: string, alternative?: string): ValidationWarning {
  return {
    parameter,
    code: 'deprecated',
    message:
      alternative !== undefined && alternative !== ''
        ? `Parameter '${parameter}' is deprecated. Use '${alternative}' instead.`
        : `Parameter '${parameter}' is deprecated.`,
    severity: 2,
  };
}

export function largeValue(parameter: string, details: string): ValidationWarning {
  return { parameter, code: 'large_value', message: details, severity: 1 };
}

export function slowOperation(parameter: string, reason: string): ValidationWarning {
  return { parameter, code: 'slow_operation', message: `This may be slow: ${reason}`, severity: 1 };
}

export function securityConcern(parameter: string, concern: string): ValidationWarning {
  return { parameter, code: 'security_concern', message: concern, severity: 3 };
}

export function compatibility(parameter: string, details: string): ValidationWarning {
  return { parameter, code: 'compatibility', message: details, severity: 2 };
}

/** Words for a severity, for text surfaces (CLI, LLM context). */
export function severityLabel(severity: number): string {
  return severity >= 3 ? 'high' : severity === 2 ? 'medium' : 'low';
}
