import { PORTABILITY_CONSUMERS, portabilityOf } from '../../validation/regex/portability';
import { parameterOfPointer } from '../samples';
import { isJsonObject } from '../schemaWalk';
import { eachSubschema } from '../subschemas';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * A `pattern` or `patternProperties` key another validator of the same schema refuses or
 * reads otherwise (lookaround and back-references in RE2 and Rust's regex, `\p{…}` in Python's re,
 * Python-only syntax in JavaScript), naming those consumers. This playground runs each of them, so
 * the warning is about the schema's other readers.
 */
export const patternPortability: AuditRule = {
  id: 'pattern-portability',
  description:
    'Every pattern and patternProperties key uses regex syntax that the common validators of other languages (Python, Go, Rust) and JavaScript all read alike.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const judge = (pattern: string, label: string, parameter: string | undefined, pointer: string) => {
      const found = portabilityOf(pattern);
      if (found.length === 0) return;
      const uses = found.map(({ code, text }) => {
        const { what, consumers } = PORTABILITY_CONSUMERS[code];
        return `${what} ('${text}'), not understood by ${consumers.join(', ')}`;
      });
      report(
        'warning',
        `${label} (${pattern.length > 80 ? `${pattern.slice(0, 79)}…` : pattern}) uses ${uses.join('; and ')}. Validators of the schema outside this playground may refuse it or judge values differently; rewrite it without these constructs if the schema is shared.`,
        parameter,
        pointer,
      );
    };
    eachSubschema(context.tool.inputSchema, (schema, pointer) => {
      const parameter = parameterOfPointer(pointer);
      const name = parameter ?? (pointer === '' ? '(arguments)' : pointer);
      if (typeof schema.pattern === 'string')
        judge(schema.pattern, `Pattern of '${name}'`, parameter, `/inputSchema${pointer}/pattern`);
      if (isJsonObject(schema.patternProperties)) {
        for (const key of Object.keys(schema.patternProperties))
          judge(key, `patternProperties key of '${name}'`, parameter, `/inputSchema${pointer}/patternProperties`);
      }
    });
    return findings;
  },
};
