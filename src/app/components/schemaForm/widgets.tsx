import type { ReactElement } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { ariaDescribedByIds, deepEquals, type WidgetProps } from '@rjsf/utils';

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

/** The form's own widgets, given to rjsf in place of its defaults. */
export const widgets = { SelectWidget, TextWidget, TextareaWidget };
