import { hasType } from '../schemaWalk';
import type { ToolDefinition } from '../../toolset/types';
import type { AuditRule, AuditSeverity } from '../types';
import { reporter } from './finding';

/** How serious a missing length limit is: a reviewer must act on it where the tool writes, executes or reaches out. */
export const unboundedSeverity = (tool: ToolDefinition): AuditSeverity =>
  tool.riskLevel === 'safe' ? 'warning' : 'error';

/**
 * Checklist: every string parameter has maxLength. A closed enum or const is bounded already. A tool that only reads
 * (risk level safe) gets a warning; a tool that writes, executes or reaches the network gets an error.
 */
export const stringMaxLength: AuditRule = {
  id: 'string-max-length',
  description: 'Every string parameter declares maxLength (enums and consts are bounded by their values).',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const severity = unboundedSeverity(context.tool);
    for (const node of context.nodes) {
      if (!hasType(node.schema, 'string')) continue;
      if ('enum' in node.schema || 'const' in node.schema) continue;
      if (typeof node.schema.maxLength !== 'number') {
        report(
          severity,
          `String parameter '${node.parameter}' has no maxLength; add one (4096 for paths, 8192 for commands, 500 for user messages) so oversized input is rejected before execution.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
