/**
 * `pattern` and `format`: added or changed tightens, removed relaxes. Whether one regular expression
 * accepts everything another does is not decidable in general for ECMAScript patterns, so a changed
 * pattern counts as breaking, the safe side for the caller.
 */
import { childPointer, show, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

function compareKeyword(keyword: 'pattern' | 'format', pair: NodePair): SchemaChange[] {
  const old = pair.before[keyword];
  const next = pair.after[keyword];
  if (old === next) return [];
  const base = {
    pointer: childPointer(pair.pointer, keyword),
    keyword,
    ...(old === undefined ? {} : { before: old }),
    ...(next === undefined ? {} : { after: next }),
  };
  const who = subject(pair.parameter);
  if (next === undefined) {
    return [
      {
        ...base,
        class: 'minor',
        rule: `${keyword}-removed`,
        message: `${who} lost ${keyword} ${show(old)}: a constraint relaxed, old calls still work.`,
      },
    ];
  }
  if (old === undefined) {
    return [
      {
        ...base,
        class: 'breaking',
        rule: `${keyword}-added`,
        message: `${who} gained ${keyword} ${show(next)}: values the old version accepted may be refused.`,
      },
    ];
  }
  return [
    {
      ...base,
      class: 'breaking',
      rule: `${keyword}-tightened`,
      message: `${who}: ${keyword} changed from ${show(old)} to ${show(next)}: values the old one accepted may be refused (a ${keyword} cannot be proven looser).`,
    },
  ];
}

export const patternRule: DiffRule = {
  keywords: ['pattern', 'format'],
  compare: (pair) => [...compareKeyword('pattern', pair), ...compareKeyword('format', pair)],
};
