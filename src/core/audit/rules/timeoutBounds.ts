import { hasType } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const TIMEOUT_MINIMUM = 1;
const TIMEOUT_MAXIMUM = 3600;

/** Every timeout parameter has minimum 1 and a maximum of at most 3600. */
export const timeoutBounds: AuditRule = {
  id: 'timeout-bounds',
  description: `Timeout parameters have minimum ${TIMEOUT_MINIMUM} and a maximum of at most ${TIMEOUT_MAXIMUM} (seconds), and a default inside that range.`,
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (node.kind !== 'property' || !/^timeout(_|[A-Z]|$)/.test(node.name)) continue;
      if (!hasType(node.schema, 'integer') && !hasType(node.schema, 'number')) {
        report(
          'error',
          `Timeout parameter '${node.parameter}' is not numeric; declare it as an integer number of seconds.`,
          node.parameter,
        );
        continue;
      }
      const { minimum, maximum } = node.schema;
      if (minimum !== TIMEOUT_MINIMUM) {
        report(
          'error',
          `Timeout parameter '${node.parameter}' has minimum ${minimum ?? '(none)'}; use ${TIMEOUT_MINIMUM} so a zero or negative timeout cannot bypass the limit.`,
          node.parameter,
        );
      }
      // A tighter ceiling than the runtime's is a tool's own choice (PRFactory's web calls stop at 60 s).
      if (typeof maximum !== 'number' || maximum > TIMEOUT_MAXIMUM) {
        report(
          'error',
          `Timeout parameter '${node.parameter}' has maximum ${maximum ?? '(none)'}; use at most ${TIMEOUT_MAXIMUM} so runaway processes are stopped.`,
          node.parameter,
        );
      }
      const fallback = node.schema.default;
      if (
        fallback !== undefined &&
        (typeof fallback !== 'number' || fallback < TIMEOUT_MINIMUM || fallback > TIMEOUT_MAXIMUM)
      ) {
        report(
          'error',
          `Timeout parameter '${node.parameter}' defaults to ${JSON.stringify(fallback)}, outside ${TIMEOUT_MINIMUM}..${TIMEOUT_MAXIMUM}; pick a default inside the range.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
