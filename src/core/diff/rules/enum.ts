/** `enum` values added or removed; `const` set, changed or dropped. */
import { jsonEqual } from '../../json/json-equal';
import { childPointer, show, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

export const enumRule: DiffRule = {
  keywords: ['enum', 'const'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const changes: SchemaChange[] = [];
    const old = before.enum;
    const next = after.enum;
    const at = childPointer(pointer, 'enum');
    if (Array.isArray(old) && Array.isArray(next)) {
      const removed = old.filter((value) => !next.some((candidate) => jsonEqual(candidate, value)));
      const added = next.filter((value) => !old.some((candidate) => jsonEqual(candidate, value)));
      if (removed.length > 0) {
        changes.push({
          pointer: at,
          keyword: 'enum',
          class: 'breaking',
          rule: 'enum-value-removed',
          message: `${subject(parameter)} no longer allows ${removed.map((value) => show(value)).join(', ')}: a call that passes ${removed.length === 1 ? 'it' : 'one of them'} is refused.`,
          before: removed,
        });
      }
      if (added.length > 0) {
        changes.push({
          pointer: at,
          keyword: 'enum',
          class: 'minor',
          rule: 'enum-value-added',
          message: `${subject(parameter)} now also allows ${added.map((value) => show(value)).join(', ')}: old calls still work.`,
          after: added,
        });
      }
    } else if (next !== undefined && old === undefined) {
      changes.push({
        pointer: at,
        keyword: 'enum',
        class: 'breaking',
        rule: 'enum-added',
        message: `${subject(parameter)} is now limited to ${show(next)}: other values the old version accepted are refused.`,
        after: next,
      });
    } else if (old !== undefined && next === undefined) {
      changes.push({
        pointer: at,
        keyword: 'enum',
        class: 'minor',
        rule: 'enum-dropped',
        message: `${subject(parameter)} is no longer limited to ${show(old)}: old calls still work.`,
        before: old,
      });
    }

    const constAt = childPointer(pointer, 'const');
    if (!jsonEqual(before.const, after.const)) {
      if (after.const === undefined) {
        changes.push({
          pointer: constAt,
          keyword: 'const',
          class: 'minor',
          rule: 'const-dropped',
          message: `${subject(parameter)} no longer has to be ${show(before.const)}: old calls still work.`,
          ...(before.const === undefined ? {} : { before: before.const }),
        });
      } else {
        changes.push({
          pointer: constAt,
          keyword: 'const',
          class: 'breaking',
          rule: before.const === undefined ? 'const-added' : 'const-changed',
          message: `${subject(parameter)} must now be ${show(after.const)}: any other value is refused.`,
          ...(before.const === undefined ? {} : { before: before.const }),
          after: after.const,
        });
      }
    }
    return changes;
  },
};
