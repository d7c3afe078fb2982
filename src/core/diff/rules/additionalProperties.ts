/** `additionalProperties` / `unevaluatedProperties` closed or opened. Both as schemas: the walker compares them. */
import { childPointer, subject } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';
import type { JsonValue } from '../../toolset/types';
import { isJsonObject } from '../../json/is-json-object';

/** Open: absent, `true` or `{}` accept any extra property. */
const isOpen = (value: JsonValue | undefined): boolean =>
  value === undefined || value === true || (isJsonObject(value) && Object.keys(value).length === 0);

function compareKeyword(keyword: 'additionalProperties' | 'unevaluatedProperties', pair: NodePair): SchemaChange[] {
  const old = pair.before[keyword];
  const next = pair.after[keyword];
  const base = {
    pointer: childPointer(pair.pointer, keyword),
    keyword,
    ...(old === undefined ? {} : { before: old }),
    ...(next === undefined ? {} : { after: next }),
  };
  const who = subject(pair.parameter);
  if (isOpen(old) && !isOpen(next)) {
    return [
      {
        ...base,
        class: 'breaking',
        rule: 'additional-properties-closed',
        message: `${who} ${next === false ? 'closed' : 'restricted'} extra properties (${keyword}): a call with a property it does not declare is now refused.`,
      },
    ];
  }
  if (!isOpen(old) && isOpen(next)) {
    return [
      {
        ...base,
        class: 'minor',
        rule: 'additional-properties-opened',
        message: `${who} now accepts extra properties (${keyword}): old calls still work.`,
      },
    ];
  }
  if (old === false && isJsonObject(next)) {
    return [
      {
        ...base,
        class: 'minor',
        rule: 'additional-properties-opened',
        message: `${who} now accepts extra properties matching a schema (${keyword}): old calls still work.`,
      },
    ];
  }
  if (isJsonObject(old) && next === false) {
    return [
      {
        ...base,
        class: 'breaking',
        rule: 'additional-properties-closed',
        message: `${who} closed extra properties (${keyword}): a call with a property it does not declare is now refused.`,
      },
    ];
  }
  return [];
}

export const additionalPropertiesRule: DiffRule = {
  keywords: ['additionalProperties', 'unevaluatedProperties'],
  compare: (pair) => [
    ...compareKeyword('additionalProperties', pair),
    ...compareKeyword('unevaluatedProperties', pair),
  ],
};
