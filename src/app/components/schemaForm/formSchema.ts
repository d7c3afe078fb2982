import type { UiSchema, RJSFSchema } from '@rjsf/utils';
import { isJsonObject as isObject } from '../../../core/json/is-json-object';
import type { JsonSchema, JsonValue } from '../../../core/toolset/types';
import { describeConstraints } from '../../../core/toolset/parameters';
import { SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_SINGLES } from '../../../core/json/walk-schema';

/** The schema without `default` anywhere: an unset parameter then reads as unset, not as its default. */
export function withoutDefaults(schema: JsonSchema): JsonSchema {
  const { default: _ignoredDefault, ...rest } = schema;
  const result: JsonSchema = { ...rest };
  for (const keyword of SUBSCHEMA_SINGLES) {
    const value = result[keyword];
    if (isObject(value)) result[keyword] = withoutDefaults(value);
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const value = result[keyword];
    if (Array.isArray(value))
      result[keyword] = value.map((entry) => (isObject(entry) ? withoutDefaults(entry) : entry));
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const value = result[keyword];
    if (isObject(value)) {
      result[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, entry]) => [name, isObject(entry) ? withoutDefaults(entry) : entry]),
      );
    }
  }
  return result;
}

/**
 * rjsf gets the schema without `$schema`/`$id`, so its Ajv (draft-07 by default) does not trip over the
 * 2020-12 meta-schema, and without defaults: with a default, rjsf's select shows no empty choice, so an
 * unset boolean or enum would look set to its first option (and that option could not be picked).
 * Defaults are shown in the help text and the select's "not set" choice instead.
 */
export function schemaForForm(schema: JsonSchema): RJSFSchema {
  const { $schema: _ignoredSchema, $id: _ignoredId, title: _ignoredTitle, ...rest } = schema;
  return withoutDefaults(rest) as RJSFSchema;
}

/** The empty choice of a select: what leaving the parameter out means. */
function selectPlaceholder(property: JsonSchema, required: boolean): string {
  if (property.default !== undefined) return `Not set (default ${JSON.stringify(property.default)})`;
  return required ? 'Choose…' : 'Not set';
}

/** Defaults go in help text rather than in the data: filling them in would rewrite what the user typed. */
export function uiSchemaFor(schema: JsonSchema): UiSchema {
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true }, 'ui:title': '' };
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const entry: UiSchema = {};
    if (property.type === 'boolean' || Array.isArray(property.enum))
      entry['ui:placeholder'] = selectPlaceholder(property, required.includes(name));
    const help = [
      ...describeConstraints(property).filter((constraint) => !constraint.startsWith('one of')),
      ...(property.default !== undefined ? [`default ${JSON.stringify(property.default)}`] : []),
    ];
    if (help.length > 0) entry['ui:help'] = help.join(' · ');
    if (
      property.type === 'string' &&
      typeof property.maxLength === 'number' &&
      property.maxLength > 1000 &&
      /content|body|message|script|code|text/i.test(name)
    ) {
      entry['ui:widget'] = 'textarea';
    }
    if (property.type === 'boolean') entry['ui:widget'] = 'select';
    uiSchema[name] = entry;
  }
  return uiSchema;
}

/** The keys of every map (`additionalProperties`) in the data, e.g. `env:DEBUG,PORT`. */
export function mapKeysSignature(schema: JsonSchema, data: JsonValue | undefined, path = ''): string {
  if (!isObject(data)) return '';
  const parts: string[] = [];
  if (isObject(schema.additionalProperties)) {
    const declared = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    parts.push(
      `${path}:${Object.keys(data)
        .filter((key) => !declared.includes(key))
        .join(',')}`,
    );
  }
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (isObject(property)) parts.push(mapKeysSignature(property, data[name], `${path}/${name}`));
  }
  return parts.filter(Boolean).join(';');
}
