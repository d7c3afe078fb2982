import { memo, use, useMemo, useRef, useState, type ReactElement } from 'react';
import Form, { getDefaultRegistry } from '@rjsf/core';
import { formValidator } from './formValidator';
import {
  ADDITIONAL_PROPERTY_FLAG,
  ID_KEY,
  TranslatableString,
  ariaDescribedByIds,
  deepEquals,
  englishStringTranslator,
  type CyclicSchemaExpandProps,
  type ErrorSchema,
  type FieldTemplateProps,
  type IconButtonProps,
  type RJSFSchema,
  type UiSchema,
  type WidgetProps,
  type WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';
import { isJsonObject as isObject } from '../../../core/json/is-json-object';
import type { JsonObject, JsonSchema, JsonValue } from '../../../core/toolset/types';
import { describeConstraints } from '../../../core/toolset/parameters';
import { buttonSubject, FORM_ID_PREFIX, FORM_ID_SEPARATOR, type FieldErrorTree } from './errorSchema';
import { createAllOfMerge, hasAllOf, type AllOfMerge } from './rjsf/allOfMerge';

interface ArgumentsFormProps {
  schema: JsonSchema;
  formData: JsonObject;
  errors: FieldErrorTree;
  /** An edit, with the data the form was showing when it was made (`base`). */
  onChange: (data: JsonObject, base: JsonObject) => void;
  /** The form shows its data but takes no edits (the JSON text does not parse). */
  readonly?: boolean;
  /** The first part of each field's id: a second form on the page (a dialog's) takes its own. */
  idPrefix?: string;
  /** rjsf's allOf merge, loaded once for the page (`page.part(createAllOfMerge)`); without it the form loads its own. */
  allOfMerge?: AllOfMerge;
}

/** Keywords whose values are subschemas (one, a list, or a map of them). */
const SUBSCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
] as const;
const SUBSCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;

/** The schema without `default` anywhere: an unset parameter then reads as unset, not as its default. */
export function withoutDefaults(schema: JsonSchema): JsonSchema {
  const { default: _ignoredDefault, ...rest } = schema;
  const result: JsonSchema = { ...rest };
  for (const keyword of SUBSCHEMA_KEYWORDS) {
    const value = result[keyword];
    if (isObject(value)) result[keyword] = withoutDefaults(value);
  }
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    const value = result[keyword];
    if (Array.isArray(value))
      result[keyword] = value.map((entry) => (isObject(entry) ? withoutDefaults(entry) : entry));
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
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

function TextButton({
  label,
  text,
  className,
  onClick,
  disabled,
  id,
}: { label: string; text: string; className: string } & Pick<IconButtonProps, 'onClick' | 'disabled' | 'id'>) {
  return (
    <button
      type="button"
      id={id}
      className={`button button-small ${className}`}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {text}
    </button>
  );
}

// Each button's accessible name says what it acts on ("Remove files item 2"), as its id does.
const AddButton = ({ onClick, disabled, id, className }: IconButtonProps) => (
  <TextButton
    label={`Add ${buttonSubject(id) || 'an'} entry`}
    text="+ Add"
    className={`rjsf-add ${className ?? ''}`}
    onClick={onClick}
    disabled={disabled}
    id={id}
  />
);
const RemoveButton = ({ onClick, disabled, id }: IconButtonProps) => (
  <TextButton
    label={`Remove ${buttonSubject(id) || 'entry'}`}
    text="Remove"
    className="button-danger"
    onClick={onClick}
    disabled={disabled}
    id={id}
  />
);
const MoveUpButton = ({ onClick, disabled, id }: IconButtonProps) => (
  <TextButton
    label={`Move ${buttonSubject(id) || 'entry'} up`}
    text="↑"
    className="button-icon"
    onClick={onClick}
    disabled={disabled}
    id={id}
  />
);
const MoveDownButton = ({ onClick, disabled, id }: IconButtonProps) => (
  <TextButton
    label={`Move ${buttonSubject(id) || 'entry'} down`}
    text="↓"
    className="button-icon"
    onClick={onClick}
    disabled={disabled}
    id={id}
  />
);
const CopyItemButton = ({ onClick, disabled, id }: IconButtonProps) => (
  <TextButton
    label={`Duplicate ${buttonSubject(id) || 'entry'}`}
    text="Duplicate"
    className=""
    onClick={onClick}
    disabled={disabled}
    id={id}
  />
);
const ClearButton = ({ onClick, disabled, id }: IconButtonProps) => (
  <TextButton
    label={`Clear ${buttonSubject(id) || 'value'}`}
    text="Clear"
    className=""
    onClick={onClick}
    disabled={disabled}
    id={id}
  />
);
const SubmitButton = () => null;

/**
 * Where a recursive schema (`$ref` back to a schema that contains it) starts again: rjsf marks the place and draws
 * it only when asked, so the form never unfolds for ever. Said plainly, with the JSON editor as the other way in.
 */
function CyclicSchemaExpandTemplate({ name, fieldPathId, onExpand }: CyclicSchemaExpandProps) {
  const id = fieldPathId[ID_KEY];
  return (
    <div className="form-recursive">
      <p className="muted">
        '{name}' has the schema of a field that contains it. Expand it to fill it in here, or write it in the JSON
        editor.
      </p>
      <TextButton
        label={`Expand ${buttonSubject(id) || name}`}
        text="Expand"
        className=""
        onClick={() => onExpand(id)}
        id={`${id}-button`}
      />
    </div>
  );
}

/** A map entry (`env`) as one row: its name, its value, and a remove button. */
function KeyValueRow(props: WrapIfAdditionalTemplateProps) {
  const {
    id,
    classNames,
    style,
    label,
    onKeyRenameBlur,
    onRemoveProperty,
    disabled,
    readonly,
    schema,
    children,
    rawErrors,
    hideError,
  } = props;
  const additional = ADDITIONAL_PROPERTY_FLAG in schema;
  const hasErrors = !hideError && (rawErrors?.length ?? 0) > 0;
  if (!additional) {
    return (
      <div className={`form-group ${classNames ?? ''} ${hasErrors ? 'has-error' : ''}`} style={style}>
        {children}
      </div>
    );
  }
  return (
    <div className={`kv-row ${hasErrors ? 'has-error' : ''}`} style={style}>
      <div className="kv-key">
        <input
          className="form-control"
          type="text"
          id={`${id}-key`}
          aria-label={`Name of entry ${label}`}
          defaultValue={label}
          onBlur={onKeyRenameBlur}
          disabled={disabled || readonly}
          spellCheck={false}
          autoComplete="off"
          key={label}
        />
      </div>
      <div className="kv-value">{children}</div>
      <div className="kv-remove">
        {/* A compact button leaves the width to the name and the value. */}
        <button
          type="button"
          id={`${id}-remove`}
          className="button button-small button-danger button-icon"
          aria-label={`Remove entry ${label}`}
          title={`Remove entry ${label}`}
          onClick={onRemoveProperty}
          disabled={disabled || readonly}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
    </div>
  );
}

const DefaultSelectWidget = getDefaultRegistry().widgets.SelectWidget;
const DefaultTextWidget = getDefaultRegistry().widgets.TextWidget;
const DefaultTextareaWidget = getDefaultRegistry().widgets.TextareaWidget;

/**
 * From this many characters a string is not put in a form field: laying out a megabyte in a text area takes the
 * page hundreds of milliseconds on every change, and nobody edits that much text in one. The JSON editor holds it.
 */
const LARGE_FIELD_CHARS = 50_000;

/** A string too long for a form field: its size and beginning, and where to edit it. */
function LargeValue({ id, value }: { id: string; value: string }) {
  return (
    <div id={id} className="form-large-value" data-testid="form-large-value" aria-describedby={ariaDescribedByIds(id)}>
      <p className="form-large-value-note">
        {value.length.toLocaleString('en')} characters: too long to edit here. Edit this value in the JSON editor.
      </p>
      <pre className="form-large-value-preview">{`${value.slice(0, 240)}…`}</pre>
    </div>
  );
}

const largeAware = (Default: (props: WidgetProps) => ReactElement | null) =>
  function LargeAwareWidget(props: WidgetProps) {
    return typeof props.value === 'string' && props.value.length >= LARGE_FIELD_CHARS ? (
      <LargeValue id={props.id} value={props.value} />
    ) : (
      <Default {...props} />
    );
  };
const TextWidget = largeAware(DefaultTextWidget as (props: WidgetProps) => ReactElement | null);
const TextareaWidget = largeAware(DefaultTextareaWidget as (props: WidgetProps) => ReactElement | null);
const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

/** How a value outside the choices reads in the select: the value itself, marked invalid. */
export function invalidOptionLabel(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return `${text.length > 40 ? `${text.slice(0, 39)}…` : text} (invalid)`;
}

/**
 * rjsf's select, with two changes. The empty choice is labelled (its boolean field passes `ui:placeholder`
 * only among the options). And a value that is none of the choices (`"recursive": "yes"`) is shown as
 * itself, selected and marked invalid, instead of reading as "not set".
 */
function SelectWidget(props: WidgetProps) {
  const { id, options, value, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, multiple } = props;
  const placeholder = props.placeholder || (typeof options.placeholder === 'string' ? options.placeholder : '');
  if (multiple) return <DefaultSelectWidget {...props} placeholder={placeholder} />;
  const enumOptions = options.enumOptions ?? [];
  const enumDisabled = (options.enumDisabled ?? []) as unknown[];
  const index = enumOptions.findIndex((option) => deepEquals(option.value, value));
  const invalid = value !== undefined && index === -1;
  const selected = value === undefined ? '' : invalid ? 'invalid' : String(index);
  const decode = (raw: string) =>
    raw === '' || raw === 'invalid' ? options.emptyValue : enumOptions[Number(raw)]?.value;
  return (
    <select
      id={id}
      name={htmlName || id}
      className="form-control"
      value={selected}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(decode(event.target.value))}
      onBlur={(event) => onBlur(id, decode(event.target.value))}
      onFocus={(event) => onFocus(id, decode(event.target.value))}
    >
      <option value="">{placeholder}</option>
      {enumOptions.map((option, optionIndex) => (
        <option
          key={String(optionIndex)}
          value={String(optionIndex)}
          disabled={enumDisabled.some((entry) => deepEquals(entry, option.value))}
        >
          {option.label}
        </option>
      ))}
      {invalid ? (
        <option value="invalid" disabled>
          {invalidOptionLabel(value)}
        </option>
      ) : null}
    </select>
  );
}

/** rjsf titles array items `files-1`; they read `files item 1`, like their buttons, and are not marked required. */
export function arrayItemLabel(id: string, label: string): string | null {
  const item = /^(.*)-(\d+)$/.exec(label);
  const index = /_(\d+)$/.exec(id);
  if (!item || !index || Number(item[2]) !== Number(index[1]) + 1) return null;
  return `${item[1]} item ${item[2]}`;
}

function FieldTemplate(props: FieldTemplateProps) {
  const itemLabel = arrayItemLabel(props.id, props.label);
  return itemLabel === null ? (
    <DefaultFieldTemplate {...props} />
  ) : (
    <DefaultFieldTemplate {...props} label={itemLabel} required={false} />
  );
}

const widgets = { SelectWidget, TextWidget, TextareaWidget };

const templates = {
  ButtonTemplates: {
    AddButton,
    RemoveButton,
    MoveUpButton,
    MoveDownButton,
    CopyButton: CopyItemButton,
    ClearButton,
    SubmitButton,
  },
  WrapIfAdditionalTemplate: KeyValueRow,
  FieldTemplate,
  CyclicSchemaExpandTemplate,
};

function translateString(key: TranslatableString, params?: string[]): string {
  // A new map entry starts empty rather than with filler text.
  if (key === TranslatableString.NewStringDefault) return '';
  return englishStringTranslator(key, params);
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

/**
 * The generated form. rjsf's own validation stays off (no live validation, no error list, no HTML5
 * checks): the errors shown come from the core validator, passed in as `extraErrors`.
 */
export const ArgumentsForm = memo(function ArgumentsForm({
  schema,
  formData,
  errors,
  onChange,
  readonly = false,
  idPrefix = FORM_ID_PREFIX,
  allOfMerge,
}: ArgumentsFormProps) {
  const formSchema = useMemo(() => schemaForForm(schema), [schema]);
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  // A schema with allOf waits for rjsf's merge (rjsf/allOfMerge.ts): the Suspense around the form shows meanwhile.
  const [ownMerge] = useState(createAllOfMerge);
  const merge = allOfMerge ?? ownMerge;
  const mergeLoading = useMemo(() => (hasAllOf(formSchema) ? merge.loading() : null), [formSchema, merge]);
  if (mergeLoading !== null) use(mergeLoading);
  // rjsf learns a map's keys only when it mounts: when the editor (not the form) changes them, remount the form.
  const emittedRef = useRef<string | null>(null);
  const signatureRef = useRef(mapKeysSignature(schema, formData));
  const revisionRef = useRef(0);
  const signature = mapKeysSignature(schema, formData);
  if (signature !== signatureRef.current) {
    if (JSON.stringify(formData) !== emittedRef.current) revisionRef.current += 1;
    signatureRef.current = signature;
  }
  return (
    <Form
      key={revisionRef.current}
      className="arguments-form"
      schema={formSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={formValidator}
      templates={templates}
      widgets={widgets}
      translateString={translateString}
      idPrefix={idPrefix}
      idSeparator={FORM_ID_SEPARATOR}
      extraErrors={errors as ErrorSchema}
      readonly={readonly}
      showErrorList={false}
      noHtml5Validate
      liveValidate={false}
      experimental_customMergeAllOf={merge.merge}
      experimental_defaultFormStateBehavior={{
        emptyObjectFields: 'skipDefaults',
        arrayMinItems: { populate: 'never' },
      }}
      onChange={(event) => {
        const data = (event.formData ?? {}) as JsonObject;
        emittedRef.current = JSON.stringify(data);
        onChange(data, formData);
      }}
      onSubmit={() => undefined}
      tagName="div"
    />
  );
});
