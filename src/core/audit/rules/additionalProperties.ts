import { hasType, isJsonObject } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Checklist: no additionalProperties true; threat 5: objects declare their additionalProperties policy. */
export const additionalProperties: AuditRule = {
  id: 'additional-properties',
  description:
    'No object allows arbitrary properties (additionalProperties: true), and every object declares its policy.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const objects = [
      { parameter: undefined as string | undefined, schema: context.tool.inputSchema },
      ...context.nodes.map((node) => ({ parameter: node.parameter as string | undefined, schema: node.schema })),
    ];
    for (const { parameter, schema } of objects) {
      if (!hasType(schema, 'object')) continue;
      const policy = schema.additionalProperties;
      const label = parameter === undefined ? 'The input schema' : `Object parameter '${parameter}'`;
      if (policy === true) {
        report(
          'error',
          `${label} sets additionalProperties: true; set it to false (or to a typed schema for maps) so unknown parameters are rejected.`,
          parameter,
        );
      } else if (policy === undefined) {
        report(
          parameter === undefined ? 'error' : 'warning',
          `${label} does not declare additionalProperties, so unknown properties are accepted; declare false (or a typed schema for maps).`,
          parameter,
        );
      } else if (isJsonObject(policy) && Object.keys(policy).length === 0) {
        report(
          'error',
          `${label} sets additionalProperties to {}, which accepts any value; give the values a type.`,
          parameter,
        );
      }
    }
    return findings;
  },
};
