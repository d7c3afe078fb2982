import { compilePattern, describeDegree } from '../../validation/pattern-safety';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * Troubleshooting issue 4: patterns compile and do not backtrack catastrophically. Judged by the
 * validator's own guard, so the lint says exactly what validation will do with the pattern.
 */
export const patternSafety: AuditRule = {
  id: 'pattern-safety',
  description: 'Every pattern is a valid regular expression that cannot backtrack catastrophically on the values it is tested on.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      const pattern = node.schema.pattern;
      if (pattern === undefined) continue;
      if (typeof pattern !== 'string') {
        report('error', `Pattern of '${node.parameter}' is not a string; write it as a regular expression string.`, node.parameter);
        continue;
      }
      const compiled = compilePattern(pattern);
      if (!compiled.ok) {
        report('error', `Pattern of '${node.parameter}' (${pattern}) is refused by the validator: ${compiled.reason}; the schema does not compile until it is rewritten (e.g. without a repeated repeating group).`, node.parameter);
        continue;
      }
      const maxLength = typeof node.schema.maxLength === 'number' ? node.schema.maxLength : Infinity;
      if (maxLength > compiled.maxInput) {
        report(
          'warning',
          `Pattern of '${node.parameter}' (${pattern}) can take ${describeDegree(compiled.degree)} time, so values over ${compiled.maxInput} characters are refused untested; set maxLength ≤ ${compiled.maxInput}, anchor it with ^, or simplify it.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
