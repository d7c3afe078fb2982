import { hasType } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Checklist: every string parameter has maxLength. A closed enum or const is bounded already. */
export const stringMaxLength: AuditRule = {
  id: 'string-max-length',
  description: 'Every string parameter declares maxLength (enums and consts are bounded by their values).',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (!hasType(node.schema, 'string')) continue;
      if ('enum' in node.schema || 'const' in node.schema) continue;
      if (typeof node.schema.maxLength !== 'number') {
        report('error', `String parameter '${node.parameter}' has no maxLength; add one (4096 for paths, 8192 for commands, 500 for user messages) so oversized input is rejected before execution.`, node.parameter);
      }
    }
    return findings;
  },
};
