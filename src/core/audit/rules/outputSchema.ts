import { hasType, isJsonObject, walkSchema } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * The output schema, when a tool declares one: MCP's structuredContent is an object, so the root must be an
 * object schema; every field says what it holds (a model reads the result too); strings and arrays are bounded,
 * or a result can flood the model's context.
 */
export const outputSchema: AuditRule = {
  id: 'output-schema',
  description:
    'A declared output schema has an object root, a description on every field, and bounds on strings and arrays.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const schema = context.tool.outputSchema;
    if (schema === undefined) return findings;
    if (!isJsonObject(schema) || !hasType(schema, 'object')) {
      report(
        'error',
        'The output schema\'s root is not type "object"; structuredContent is always a JSON object, so results can never match it.',
        'output',
      );
      return findings;
    }
    for (const node of walkSchema(schema)) {
      const where = `output.${node.parameter}`;
      if (typeof node.schema.description !== 'string' || node.schema.description.trim() === '') {
        if (node.kind === 'property')
          report(
            'warning',
            `Output field '${node.parameter}' has no description; say what it holds so callers and models read it right.`,
            where,
          );
      }
      if (
        hasType(node.schema, 'string') &&
        typeof node.schema.maxLength !== 'number' &&
        node.schema.enum === undefined &&
        node.schema.const === undefined
      ) {
        report(
          'info',
          `Output string '${node.parameter}' has no maxLength; an unbounded result can fill the model's context.`,
          where,
        );
      }
      if (hasType(node.schema, 'array') && typeof node.schema.maxItems !== 'number') {
        report(
          'info',
          `Output array '${node.parameter}' has no maxItems; an unbounded result can fill the model's context.`,
          where,
        );
      }
    }
    return findings;
  },
};
