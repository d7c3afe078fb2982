import { hasType } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const hasMinimum = (schema: Record<string, unknown>) =>
  typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number';
const hasMaximum = (schema: Record<string, unknown>) =>
  typeof schema.maximum === 'number' || typeof schema.exclusiveMaximum === 'number';

/** Best practice 3: bound all integer parameters; unbounded numbers can be 0, negative or huge. */
export const numberBounds: AuditRule = {
  id: 'number-bounds',
  description: 'Every integer or number parameter declares both a minimum and a maximum.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (!hasType(node.schema, 'integer') && !hasType(node.schema, 'number')) continue;
      if ('enum' in node.schema || 'const' in node.schema) continue;
      const minimum = hasMinimum(node.schema);
      const maximum = hasMaximum(node.schema);
      if (!minimum && !maximum) {
        report(
          'error',
          `Numeric parameter '${node.parameter}' has neither minimum nor maximum; add both so zero, negative and huge values are rejected.`,
          node.parameter,
        );
      } else if (!maximum) {
        report(
          'warning',
          `Numeric parameter '${node.parameter}' has a minimum but no maximum; add a maximum so astronomically large values are rejected.`,
          node.parameter,
        );
      } else if (!minimum) {
        report(
          'warning',
          `Numeric parameter '${node.parameter}' has a maximum but no minimum; add a minimum so zero or negative values are rejected.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
