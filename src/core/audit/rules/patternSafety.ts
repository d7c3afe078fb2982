import { compileBacktracking, compilePattern, describeDegree } from '../../validation/regex';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * Patterns compile and do not backtrack catastrophically. This validator runs
 * patterns on RE2 where it can (linear time), but the schema goes to other validators too, most of them
 * backtracking engines: the lint judges the pattern as those would run it, and says which case it is.
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
      const compiled = compileBacktracking(pattern);
      const here = compilePattern(pattern, context.regexEngine.current());
      if (!compiled.ok) {
        const consequence = here.ok
          ? 'this playground runs it in linear time (RE2), but backtracking validators (Ajv by default, most agent runtimes) can hang on it'
          : 'the schema does not compile here until it is rewritten';
        report('error', `Pattern of '${node.parameter}' (${pattern}) is unsafe: ${compiled.reason}; ${consequence} (e.g. rewrite it without a repeated repeating group).`, node.parameter);
        continue;
      }
      const maxLength = typeof node.schema.maxLength === 'number' ? node.schema.maxLength : Infinity;
      if (maxLength > compiled.maxInput) {
        report(
          'warning',
          `Pattern of '${node.parameter}' (${pattern}) can take ${describeDegree(compiled.degree)} time, so a backtracking validator can spend seconds on values over ${compiled.maxInput} characters${here.ok && here.engine === 're2' ? ' (this playground runs it on RE2 and tests any length)' : ', which are refused here untested'}; set maxLength ≤ ${compiled.maxInput}, anchor it with ^, or simplify it.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
