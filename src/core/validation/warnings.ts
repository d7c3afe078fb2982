/** Warning factories: a valid call that still deserves a remark. */
import type { ValidationWarning } from './types';

export function deprecated(parameter: string, alternative?: string): ValidationWarning {
  return {
    parameter,
    code: 'deprecated',
    message:
      alternative !== undefined && alternative !== ''
        ? `Parameter '${parameter}' is deprecated. Use '${alternative}' instead.`
        : `Parameter '${parameter}' is deprecated.`,
  };
}

export function largeValue(parameter: string, details: string): ValidationWarning {
  return { parameter, code: 'large_value', message: details };
}

export function slowOperation(parameter: string, reason: string): ValidationWarning {
  return { parameter, code: 'slow_operation', message: `This may be slow: ${reason}` };
}
