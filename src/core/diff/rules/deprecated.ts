/** `deprecated` set or cleared: the call still works either way, so minor. */
import { childPointer, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

export const deprecatedRule: DiffRule = {
  keywords: ['deprecated', 'readOnly', 'writeOnly'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const old = before.deprecated === true;
    const next = after.deprecated === true;
    const changes: SchemaChange[] = [];
    if (old !== next) {
      changes.push({
        pointer: childPointer(pointer, 'deprecated'),
        keyword: 'deprecated',
        class: 'minor',
        rule: next ? 'parameter-deprecated' : 'parameter-undeprecated',
        message: next
          ? `${subject(parameter)} is deprecated: calls that pass it still work, but models should stop using it.`
          : `${subject(parameter)} is no longer deprecated: calls work as before.`,
        before: old,
        after: next,
      });
    }
    for (const keyword of ['readOnly', 'writeOnly'] as const) {
      if ((before[keyword] === true) !== (after[keyword] === true)) {
        changes.push({
          pointer: childPointer(pointer, keyword),
          keyword,
          class: 'patch',
          rule: 'annotation-changed',
          message: `${subject(parameter)}: ${keyword} ${after[keyword] === true ? 'set' : 'cleared'}: an annotation, validation is unchanged.`,
        });
      }
    }
    return changes;
  },
};
