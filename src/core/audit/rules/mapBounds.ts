import { isJsonObject } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * Threat 3, as array-bounds for lists: an object whose keys are free (an additionalProperties schema,
 * like execute_command.env) declares maxProperties, so a call cannot pass an unbounded map.
 */
export const mapBounds: AuditRule = {
  id: 'map-bounds',
  description: 'Every object that accepts arbitrary keys (an additionalProperties schema) declares maxProperties.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const candidates = [
      { parameter: undefined as string | undefined, schema: context.tool.inputSchema },
      ...context.nodes,
    ];
    for (const { parameter, schema } of candidates) {
      if (!isJsonObject(schema.additionalProperties) || typeof schema.maxProperties === 'number') continue;
      const name = parameter === undefined ? 'The arguments object' : `Object '${parameter}'`;
      report(
        'warning',
        `${name} accepts any key (additionalProperties is a schema) but has no maxProperties; add one so a call cannot pass an unbounded map.`,
        parameter,
      );
    }
    return findings;
  },
};
