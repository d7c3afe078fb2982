/** Numeric bounds: `minimum`/`minLength`/`minItems`/… raised or added tighten; `maximum`/`maxLength`/`maxItems`/… lowered or added tighten. */
import { childPointer, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'] as const;

const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function compareBound(keyword: string, lower: boolean, pair: NodePair): SchemaChange[] {
  const old = asNumber(pair.before[keyword]);
  const next = asNumber(pair.after[keyword]);
  if (old === next) return [];
  const base = {
    pointer: childPointer(pair.pointer, keyword),
    keyword,
    ...(old === undefined ? {} : { before: old }),
    ...(next === undefined ? {} : { after: next }),
  };
  const who = subject(pair.parameter);
  if (old === undefined) {
    return [
      {
        ...base,
        class: 'breaking',
        rule: `${keyword}-added`,
        message: `${who} gained ${keyword} ${next}: values the old version accepted ${lower ? 'below' : 'above'} it are refused.`,
      },
    ];
  }
  if (next === undefined) {
    return [
      {
        ...base,
        class: 'minor',
        rule: `${keyword}-removed`,
        message: `${who} lost ${keyword} ${old}: a constraint relaxed, old calls still work.`,
      },
    ];
  }
  const tightened = lower ? next > old : next < old;
  return tightened
    ? [
        {
          ...base,
          class: 'breaking',
          rule: `${keyword}-tightened`,
          message: `${who}: ${keyword} ${lower ? 'raised' : 'lowered'} from ${old} to ${next}: a value ${lower ? `from ${old}` : `up to ${old}`} that the old version accepted may now be refused.`,
        },
      ]
    : [
        {
          ...base,
          class: 'minor',
          rule: `${keyword}-relaxed`,
          message: `${who}: ${keyword} ${lower ? 'lowered' : 'raised'} from ${old} to ${next}: a constraint relaxed, old calls still work.`,
        },
      ];
}

function compareMultipleOf(pair: NodePair): SchemaChange[] {
  const old = asNumber(pair.before.multipleOf);
  const next = asNumber(pair.after.multipleOf);
  if (old === next) return [];
  const base = {
    pointer: childPointer(pair.pointer, 'multipleOf'),
    keyword: 'multipleOf',
    ...(old === undefined ? {} : { before: old }),
    ...(next === undefined ? {} : { after: next }),
  };
  const who = subject(pair.parameter);
  // A new step that divides the old one accepts every old value; anything else may refuse some.
  const relaxed = next === undefined || (old !== undefined && Number.isInteger(old / next));
  return relaxed
    ? [
        {
          ...base,
          class: 'minor',
          rule: 'multipleOf-relaxed',
          message: `${who}: multipleOf ${next === undefined ? 'removed' : `changed from ${old} to ${next}, which divides it`}: every value the old version accepted is still accepted.`,
        },
      ]
    : [
        {
          ...base,
          class: 'breaking',
          rule: 'multipleOf-tightened',
          message: `${who}: multipleOf ${old === undefined ? `${next} added` : `changed from ${old} to ${next}`}: values the old version accepted may be refused.`,
        },
      ];
}

export const boundsRule: DiffRule = {
  keywords: [...LOWER_BOUNDS, ...UPPER_BOUNDS, 'multipleOf'],
  compare(pair: NodePair): SchemaChange[] {
    return [
      ...LOWER_BOUNDS.flatMap((keyword) => compareBound(keyword, true, pair)),
      ...UPPER_BOUNDS.flatMap((keyword) => compareBound(keyword, false, pair)),
      ...compareMultipleOf(pair),
    ];
  },
};
