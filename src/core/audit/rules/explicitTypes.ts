import { isJsonObject, schemaTypes } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const AMBIGUOUS_KEYWORDS = ['oneOf', 'anyOf'] as const;

/** Threat 5: every parameter has exactly one explicit type; no oneOf/anyOf/type arrays. */
export const explicitTypes: AuditRule = {
  id: 'explicit-types',
  description: 'Every parameter declares exactly one type; no oneOf, anyOf or type arrays that allow type confusion.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    if (context.tool.inputSchema.type !== 'object') {
      report('error', `The input schema's type is ${JSON.stringify(context.tool.inputSchema.type ?? null)}; tool arguments must be an object, declare "type": "object".`);
    }
    if (!isJsonObject(context.tool.inputSchema.properties)) {
      report('warning', `The input schema has no properties object; declare "properties": {} even when the tool takes no arguments.`);
    }
    for (const node of context.nodes) {
      const types = schemaTypes(node.schema);
      if (types.length === 0 && !('enum' in node.schema) && !('const' in node.schema)) {
        report('error', `Parameter '${node.parameter}' declares no type; add an explicit "type" so values of the wrong type are rejected.`, node.parameter);
      } else if (types.length > 1) {
        report('warning', `Parameter '${node.parameter}' accepts several types (${types.join(', ')}); use one type to avoid type confusion.`, node.parameter);
      }
      for (const keyword of AMBIGUOUS_KEYWORDS) {
        if (keyword in node.schema) {
          report('warning', `Parameter '${node.parameter}' uses ${keyword}, which allows type ambiguity; prefer one explicit type.`, node.parameter);
        }
      }
    }
    return findings;
  },
};
