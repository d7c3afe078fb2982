/** Parameters added, removed, renamed, made required or optional. */
import type { JsonValue } from '../../toolset/types';
import { jsonEqual } from '../../json/json-equal';
import { childPointer, type JsonRecord } from '../json';
import type { DiffRule, NodePair, SchemaChange } from '../types';
import { withoutAnnotations } from './annotations';
import { isJsonObject } from '../../json/is-json-object';
import { propertyPath } from '../../json/parameter-path';

const propertiesOf = (schema: JsonRecord): JsonRecord => (isJsonObject(schema.properties) ? schema.properties : {});
const requiredOf = (schema: JsonRecord): Set<string> =>
  new Set(
    Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [],
  );

/** The same schema under another name, wording aside: what a rename looks like. */
const sameShape = (left: JsonValue | undefined, right: JsonValue | undefined): boolean =>
  jsonEqual(withoutAnnotations(left), withoutAnnotations(right));

export const propertiesRule: DiffRule = {
  keywords: ['properties', 'required'],
  compare({ before, after, pointer, parameter }: NodePair): SchemaChange[] {
    const oldProperties = propertiesOf(before);
    const newProperties = propertiesOf(after);
    const oldRequired = requiredOf(before);
    const newRequired = requiredOf(after);
    const removed = Object.keys(oldProperties).filter((name) => !(name in newProperties));
    const added = Object.keys(newProperties).filter((name) => !(name in oldProperties));
    const changes: SchemaChange[] = [];
    const renamedTo = new Set<string>();

    for (const name of removed) {
      const target = added.find(
        (candidate) => !renamedTo.has(candidate) && sameShape(oldProperties[name], newProperties[candidate]),
      );
      if (target !== undefined) {
        renamedTo.add(target);
        changes.push({
          pointer: childPointer(pointer, 'properties', target),
          keyword: 'properties',
          class: 'breaking',
          rule: 'parameter-renamed',
          message: `Parameter '${propertyPath(parameter, name)}' was renamed to '${target}': a call that still passes '${name}' is refused or ignored.`,
          before: name,
          after: target,
        });
        continue;
      }
      changes.push({
        pointer: childPointer(pointer, 'properties', name),
        keyword: 'properties',
        class: 'breaking',
        rule: 'parameter-removed',
        message: `Parameter '${propertyPath(parameter, name)}' was removed: a call that passes it is refused or loses what it asked for.`,
        before: oldProperties[name],
      });
    }

    for (const name of added) {
      if (renamedTo.has(name)) continue;
      const required = newRequired.has(name);
      changes.push({
        pointer: childPointer(pointer, 'properties', name),
        keyword: 'properties',
        class: required ? 'breaking' : 'minor',
        rule: required ? 'required-parameter-added' : 'optional-parameter-added',
        message: required
          ? `New required parameter '${propertyPath(parameter, name)}': every call written for the old version lacks it and is refused.`
          : `New optional parameter '${propertyPath(parameter, name)}': old calls still work, new ones can use it.`,
        after: newProperties[name],
      });
    }

    for (const name of Object.keys(newProperties)) {
      if (!(name in oldProperties)) continue;
      if (!oldRequired.has(name) && newRequired.has(name)) {
        changes.push({
          pointer: childPointer(pointer, 'properties', name),
          keyword: 'required',
          class: 'breaking',
          rule: 'parameter-became-required',
          message: `Parameter '${propertyPath(parameter, name)}' became required: a call that leaves it out is now refused.`,
        });
      } else if (oldRequired.has(name) && !newRequired.has(name)) {
        changes.push({
          pointer: childPointer(pointer, 'properties', name),
          keyword: 'required',
          class: 'minor',
          rule: 'parameter-became-optional',
          message: `Parameter '${propertyPath(parameter, name)}' became optional: old calls still work, new ones may leave it out.`,
        });
      }
    }
    return changes;
  },
};
