import type { AuditRule } from '../types';
import { reporter } from './finding';

/** A group that repeats and is itself repeated, like (a+)+ or (\w*)*: catastrophic backtracking. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*](?:[^()\\]|\\.)*\)[+*{]/;

/** Troubleshooting issue 4: patterns compile and do not backtrack catastrophically. */
export const patternSafety: AuditRule = {
  id: 'pattern-safety',
  description: 'Every pattern is a valid regular expression without nested quantifiers.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      const pattern = node.schema.pattern;
      if (pattern === undefined) continue;
      if (typeof pattern !== 'string') {
        report('error', `Pattern of '${node.parameter}' is not a string; write it as a regular expression string.`, node.parameter);
        continue;
      }
      try {
        new RegExp(pattern, 'u');
      } catch (error) {
        report('error', `Pattern of '${node.parameter}' is not a valid regular expression (${(error as Error).message}); fix it.`, node.parameter);
        continue;
      }
      if (NESTED_QUANTIFIER.test(pattern)) {
        report('warning', `Pattern of '${node.parameter}' nests quantifiers (${pattern}), which can backtrack catastrophically; rewrite it without a repeated repeating group.`, node.parameter);
      }
    }
    return findings;
  },
};
