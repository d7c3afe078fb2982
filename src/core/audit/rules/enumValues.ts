import type { JsonValue } from '../../toolset/types';
import { hasType, schemaTypes } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const FIXED_SET_HINT = /\b(one of|either\b.+\bor\b|possible values|valid values|allowed values|must be one)\b/i;
const QUOTED_CHOICE = /['"`][\w.-]+['"`]/g;

const matchesType = (value: JsonValue, types: string[]): boolean => {
  if (types.length === 0) return true;
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number')
    return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
  return types.includes(typeof value);
};

/** Best practice 6: fixed value sets are enums, and enums are well formed. */
export const enumValues: AuditRule = {
  id: 'enum-values',
  description: 'Fixed value sets use enum; enums are non-empty, unique, of the declared type, and contain the default.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      const values = node.schema.enum;
      if (values === undefined) {
        const description = typeof node.schema.description === 'string' ? node.schema.description : '';
        const choices = description.match(QUOTED_CHOICE) ?? [];
        if (hasType(node.schema, 'string') && FIXED_SET_HINT.test(description) && choices.length >= 2) {
          report(
            'info',
            `Description of '${node.parameter}' lists fixed choices (${choices.join(', ')}) but the schema has no enum; declare them as an enum so other values are rejected.`,
            node.parameter,
          );
        }
        continue;
      }
      if (!Array.isArray(values) || values.length === 0) {
        report(
          'error',
          `Parameter '${node.parameter}' has an empty or malformed enum; list the allowed values.`,
          node.parameter,
        );
        continue;
      }
      const serialised = values.map((value) => JSON.stringify(value));
      if (new Set(serialised).size !== serialised.length) {
        report('warning', `Enum of '${node.parameter}' repeats values; list each allowed value once.`, node.parameter);
      }
      const types = schemaTypes(node.schema);
      const wrong = values.filter((value) => !matchesType(value, types));
      if (wrong.length > 0) {
        report(
          'error',
          `Enum of '${node.parameter}' contains ${wrong.map((value) => JSON.stringify(value)).join(', ')}, not of type ${types.join('/')}; no value could ever match.`,
          node.parameter,
        );
      }
      const fallback = node.schema.default;
      if (fallback !== undefined && !serialised.includes(JSON.stringify(fallback))) {
        report(
          'error',
          `Parameter '${node.parameter}' defaults to ${JSON.stringify(fallback)}, which is not in its enum; use one of ${serialised.join(', ')}.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
