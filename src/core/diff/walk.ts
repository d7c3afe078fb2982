/** Walks two schemas side by side, runs every rule on each pair of subschemas, and recurses where both sides have one. */
import type { JsonValue } from '../toolset/types';
import { jsonEqual } from '../json/json-equal';
import { childPointer, show, subject } from './json';
import { additionalPropertiesRule } from './rules/additionalProperties';
import { annotationsRule } from './rules/annotations';
import { boundsRule } from './rules/bounds';
import { combinatorsRule } from './rules/combinators';
import { defaultRule } from './rules/default';
import { deprecatedRule } from './rules/deprecated';
import { enumRule } from './rules/enum';
import { patternRule } from './rules/pattern';
import { propertiesRule } from './rules/properties';
import { typeRule } from './rules/type';
import { uniqueItemsRule } from './rules/uniqueItems';
import type { DiffRule, NodePair, SchemaChange } from './types';
import { isJsonObject } from '../json/is-json-object';

const SCHEMA_RULES: readonly DiffRule[] = [
  propertiesRule,
  typeRule,
  enumRule,
  boundsRule,
  patternRule,
  additionalPropertiesRule,
  defaultRule,
  deprecatedRule,
  uniqueItemsRule,
  combinatorsRule,
  annotationsRule,
];

/** Keywords holding one subschema, one per name, or one per index: compared by recursion. */
const SINGLE_SUBSCHEMA = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;
const NAMED_SUBSCHEMAS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const INDEXED_SUBSCHEMAS = ['prefixItems', 'anyOf', 'oneOf', 'allOf'] as const;

const ownedKeywords = new Set<string>(SCHEMA_RULES.flatMap((rule) => rule.keywords));

function childParameter(parameter: string, keyword: string, key: string | number): string {
  if (keyword === 'properties') return parameter ? `${parameter}.${key}` : String(key);
  if (keyword === 'items' || keyword === 'prefixItems') return `${parameter}[${keyword === 'prefixItems' ? key : ''}]`;
  return parameter;
}

/** A keyword no rule knows: appearing constrains, disappearing relaxes, changing is treated as breaking. */
function unknownKeywordChange(
  keyword: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  pointer: string,
  parameter: string,
): SchemaChange {
  const base = {
    pointer: childPointer(pointer, keyword),
    keyword,
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
  if (before === undefined) {
    return {
      ...base,
      class: 'breaking',
      rule: 'keyword-added',
      message: `${subject(parameter)} gained ${keyword} ${show(after)}: a new constraint may refuse calls the old version accepted.`,
    };
  }
  if (after === undefined) {
    return {
      ...base,
      class: 'minor',
      rule: 'keyword-removed',
      message: `${subject(parameter)} lost ${keyword} ${show(before)}: a constraint relaxed, old calls still work.`,
    };
  }
  return {
    ...base,
    class: 'breaking',
    rule: 'keyword-changed',
    message: `${subject(parameter)}: ${keyword} changed from ${show(before)} to ${show(after)}; this diff cannot prove old calls still pass, so it counts as breaking.`,
  };
}

/** Both sides are subschemas but at least one is a boolean (`true` accepts all, `false` none). */
function booleanSchemaChange(before: JsonValue, after: JsonValue, pointer: string, parameter: string): SchemaChange[] {
  if (jsonEqual(before, after)) return [];
  const acceptsAll = (value: JsonValue): boolean =>
    value === true || (isJsonObject(value) && Object.keys(value).length === 0);
  if (acceptsAll(after))
    return [
      {
        pointer,
        keyword: 'schema',
        class: 'minor',
        rule: 'schema-relaxed',
        message: `${subject(parameter)} now accepts any value: old calls still work.`,
        before,
        after,
      },
    ];
  return [
    {
      pointer,
      keyword: 'schema',
      class: 'breaking',
      rule: 'schema-tightened',
      message: `${subject(parameter)} changed from ${show(before)} to ${show(after)}: values the old version accepted may be refused.`,
      before,
      after,
    },
  ];
}

function diffSchemaNode(
  before: JsonValue,
  after: JsonValue,
  pointer: string,
  parameter: string,
  changes: SchemaChange[],
): void {
  if (!isJsonObject(before) || !isJsonObject(after)) {
    changes.push(...booleanSchemaChange(before, after, pointer, parameter));
    return;
  }
  const pair: NodePair = { before, after, pointer, parameter };
  for (const rule of SCHEMA_RULES) changes.push(...rule.compare(pair));

  for (const keyword of SINGLE_SUBSCHEMA) {
    const old = before[keyword];
    const next = after[keyword];
    if (old === undefined || next === undefined) {
      if (!ownedKeywords.has(keyword) && !jsonEqual(old, next))
        changes.push(unknownKeywordChange(keyword, old, next, pointer, parameter));
      continue;
    }
    // additionalProperties true/false is the rule's; a schema on both sides is compared inside.
    if (ownedKeywords.has(keyword) && (!isJsonObject(old) || !isJsonObject(next))) continue;
    diffSchemaNode(old, next, childPointer(pointer, keyword), childParameter(parameter, keyword, ''), changes);
  }

  for (const keyword of NAMED_SUBSCHEMAS) {
    // A missing `$defs` is an empty one: a definition appearing is compared entry by entry like any other.
    const reusable = keyword === '$defs' || keyword === 'definitions';
    const old = before[keyword] ?? (reusable && after[keyword] !== undefined ? {} : undefined);
    const next = after[keyword] ?? (reusable && before[keyword] !== undefined ? {} : undefined);
    if (isJsonObject(old) && isJsonObject(next)) {
      for (const key of Object.keys(next)) {
        if (key in old)
          diffSchemaNode(
            old[key] as JsonValue,
            next[key] as JsonValue,
            childPointer(pointer, keyword, key),
            childParameter(parameter, keyword, key),
            changes,
          );
        else if (keyword !== 'properties')
          changes.push(namedEntryChange(keyword, key, undefined, next[key], pointer, parameter));
      }
      if (keyword !== 'properties') {
        for (const key of Object.keys(old))
          if (!(key in next)) changes.push(namedEntryChange(keyword, key, old[key], undefined, pointer, parameter));
      }
    } else if (keyword !== 'properties' && !jsonEqual(old, next)) {
      changes.push(unknownKeywordChange(keyword, old, next, pointer, parameter));
    }
  }

  for (const keyword of INDEXED_SUBSCHEMAS) {
    const old = before[keyword];
    const next = after[keyword];
    if (Array.isArray(old) && Array.isArray(next)) {
      const common = Math.min(old.length, next.length);
      for (let index = 0; index < common; index += 1) {
        diffSchemaNode(
          old[index] as JsonValue,
          next[index] as JsonValue,
          childPointer(pointer, keyword, index),
          childParameter(parameter, keyword, index),
          changes,
        );
      }
      if (keyword === 'prefixItems' && old.length !== next.length)
        changes.push(unknownKeywordChange(keyword, old, next, pointer, parameter));
    } else if (keyword === 'prefixItems' && !jsonEqual(old, next)) {
      changes.push(unknownKeywordChange(keyword, old, next, pointer, parameter));
    }
  }

  const handled = new Set<string>([...ownedKeywords, ...SINGLE_SUBSCHEMA, ...NAMED_SUBSCHEMAS, ...INDEXED_SUBSCHEMAS]);
  for (const keyword of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (handled.has(keyword) || annotationsRule.owns(keyword)) continue;
    if (!jsonEqual(before[keyword], after[keyword]))
      changes.push(unknownKeywordChange(keyword, before[keyword], after[keyword], pointer, parameter));
  }
}

/** `$defs` entries are reusable parts, not constraints of their own: adding or removing one changes no call. */
function namedEntryChange(
  keyword: string,
  key: string,
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  pointer: string,
  parameter: string,
): SchemaChange {
  if (keyword === '$defs' || keyword === 'definitions') {
    return {
      pointer: childPointer(pointer, keyword, key),
      keyword,
      class: 'patch',
      rule: 'definition-changed',
      message: `Definition '${key}' ${after === undefined ? 'removed' : 'added'}: calls are checked by what refers to it, which is compared where it is used.`,
    };
  }
  const change = unknownKeywordChange(keyword, before, after, pointer, parameter);
  return {
    ...change,
    pointer: childPointer(pointer, keyword, key),
    message: change.message.replace(keyword, `${keyword} '${key}'`),
  };
}

/** Every change between two JSON Schemas, in walk order; `pointer` prefixes every pointer. */
export function diffSchemas(before: JsonValue, after: JsonValue, pointer = ''): SchemaChange[] {
  const changes: SchemaChange[] = [];
  diffSchemaNode(before, after, pointer, '', changes);
  return changes;
}
