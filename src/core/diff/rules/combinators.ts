/**
 * Branches of `anyOf`/`oneOf` added or removed, and `allOf` members added or removed. Branches at the same
 * index are compared by the walker; this rule classifies the ones only one side has.
 */
import { childPointer, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

const lengthOf = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

export const combinatorsRule: DiffRule = {
  keywords: ['anyOf', 'oneOf', 'allOf'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const changes: SchemaChange[] = [];
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      const old = lengthOf(before[keyword]);
      const next = lengthOf(after[keyword]);
      if (old === next) continue;
      const grew = next > old;
      // More alternatives accept more; more allOf members demand more. A list appearing from nothing constrains.
      const relaxed = keyword === 'allOf' ? !grew : next === 0 ? true : old === 0 ? false : grew;
      const count = Math.abs(next - old);
      changes.push({
        pointer: childPointer(pointer, keyword),
        keyword,
        class: relaxed ? 'minor' : 'breaking',
        rule: relaxed ? `${keyword}-relaxed` : `${keyword}-tightened`,
        message: `${subject(parameter)}: ${count} ${keyword} ${count === 1 ? 'entry' : 'entries'} ${grew ? 'added' : 'removed'}: ${relaxed ? 'old calls still work' : 'values the old version accepted may be refused'}.`,
        before: old,
        after: next,
      });
    }
    return changes;
  },
};
