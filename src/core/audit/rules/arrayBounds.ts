import { hasType, isJsonObject } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Threat 3: arrays are bounded (maxItems) and their items typed (string items get maxLength via string-max-length). */
export const arrayBounds: AuditRule = {
  id: 'array-bounds',
  description: 'Every array declares maxItems and an items schema with a type.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (!hasType(node.schema, 'array')) continue;
      if (typeof node.schema.maxItems !== 'number') {
        report(
          'warning',
          `Array '${node.parameter}' has no maxItems; add one so a call cannot pass an unbounded list.`,
          node.parameter,
        );
      }
      if (!isJsonObject(node.schema.items)) {
        report(
          'error',
          `Array '${node.parameter}' has no items schema; declare the item type and its bounds.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
