/** `uniqueItems` switched on refuses arrays with repeats the old version accepted. */
import { childPointer, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

export const uniqueItemsRule: DiffRule = {
  keywords: ['uniqueItems'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const old = before.uniqueItems === true;
    const next = after.uniqueItems === true;
    if (old === next) return [];
    const base = { pointer: childPointer(pointer, 'uniqueItems'), keyword: 'uniqueItems', before: old, after: next };
    return next
      ? [
          {
            ...base,
            class: 'breaking',
            rule: 'uniqueItems-added',
            message: `${subject(parameter)} must now hold unique items: an array with repeats is refused.`,
          },
        ]
      : [
          {
            ...base,
            class: 'minor',
            rule: 'uniqueItems-removed',
            message: `${subject(parameter)} may now hold repeated items: a constraint relaxed, old calls still work.`,
          },
        ];
  },
};
