/**
 * `default` changed or removed: a call that leaves the parameter out now does something else, or
 * nothing promised. Added: it states what an omitted value means, which old calls keep doing.
 */
import { jsonEqual } from '../../json/json-equal';
import { childPointer, show, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

export const defaultRule: DiffRule = {
  keywords: ['default'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const old = before.default;
    const next = after.default;
    if (jsonEqual(old, next)) return [];
    const base = {
      pointer: childPointer(pointer, 'default'),
      keyword: 'default',
      ...(old === undefined ? {} : { before: old }),
      ...(next === undefined ? {} : { after: next }),
    };
    const who = subject(parameter);
    if (old === undefined) {
      return [
        {
          ...base,
          class: 'minor',
          rule: 'default-added',
          message: `${who} now documents the default ${show(next)}: calls that leave it out are described, not changed.`,
        },
      ];
    }
    if (next === undefined) {
      return [
        {
          ...base,
          class: 'breaking',
          rule: 'default-removed',
          message: `${who} lost its default ${show(old)}: a call that leaves it out no longer gets a promised value.`,
        },
      ];
    }
    return [
      {
        ...base,
        class: 'breaking',
        rule: 'default-changed',
        message: `${who}: default changed from ${show(old)} to ${show(next)}: the same call that leaves it out now does something else.`,
      },
    ];
  },
};
