/** `type` changed, narrowed or widened. */
import type { JsonValue } from '../../toolset/types';
import { childPointer } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';
import { subject } from '../json';

const ALL_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** The types a `type` keyword admits; absent means every type. */
function typesOf(value: JsonValue | undefined): Set<string> {
  if (value === undefined) return new Set(ALL_TYPES);
  const list = Array.isArray(value) ? value : [value];
  const types = new Set(list.filter((item): item is string => typeof item === 'string'));
  if (types.has('number')) types.add('integer');
  return types;
}

const describeTypes = (value: JsonValue | undefined): string =>
  value === undefined ? 'any type' : Array.isArray(value) ? value.join(' | ') : String(value);

export const typeRule: DiffRule = {
  keywords: ['type'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const old = typesOf(before.type);
    const next = typesOf(after.type);
    const lost = [...old].filter((type) => !next.has(type));
    const gained = [...next].filter((type) => !old.has(type));
    if (lost.length === 0 && gained.length === 0) return [];
    const base = {
      pointer: childPointer(pointer, 'type'),
      keyword: 'type',
      ...(before.type === undefined ? {} : { before: before.type }),
      ...(after.type === undefined ? {} : { after: after.type }),
    };
    const from = describeTypes(before.type);
    const to = describeTypes(after.type);
    if (lost.length > 0 && gained.length > 0) {
      return [
        {
          ...base,
          class: 'breaking',
          rule: 'type-changed',
          message: `${subject(parameter)} changed type from ${from} to ${to}: a value of the old type is refused.`,
        },
      ];
    }
    if (lost.length > 0) {
      return [
        {
          ...base,
          class: 'breaking',
          rule: 'type-narrowed',
          message: `${subject(parameter)} narrowed from ${from} to ${to}: ${lost.join(', ')} values are now refused.`,
        },
      ];
    }
    return [
      {
        ...base,
        class: 'minor',
        rule: 'type-widened',
        message: `${subject(parameter)} widened from ${from} to ${to}: old calls still work, ${gained.join(', ')} values are accepted too.`,
      },
    ];
  },
};
