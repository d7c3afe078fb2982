import { memo, use, useMemo, useRef } from 'react';
import Form from '@rjsf/core';
import { TranslatableString, englishStringTranslator, type ErrorSchema } from '@rjsf/utils';
import { formValidator } from './formValidator';
import type { JsonObject, JsonSchema } from '../../../core/toolset/types';
import { FORM_ID_PREFIX, FORM_ID_SEPARATOR, type FieldErrorTree } from './errorSchema';
import { hasAllOf, type AllOfMerge } from './rjsf/allOfMerge';
import { mapKeysSignature, schemaForForm, uiSchemaFor } from './formSchema';
import { templates } from './templates';
import { widgets } from './widgets';

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
  /** rjsf's allOf merge, made and loaded once for the page (`page.part(createAllOfMerge)`). */
  allOfMerge: AllOfMerge;
}

function translateString(key: TranslatableString, params?: string[]): string {
  // A new map entry starts empty rather than with filler text.
  if (key === TranslatableString.NewStringDefault) return '';
  return englishStringTranslator(key, params);
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
  const mergeLoading = useMemo(() => (hasAllOf(formSchema) ? allOfMerge.loading() : null), [formSchema, allOfMerge]);
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
      experimental_customMergeAllOf={allOfMerge.merge}
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
