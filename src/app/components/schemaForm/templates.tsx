import type {
  CyclicSchemaExpandProps,
  FieldTemplateProps,
  IconButtonProps,
  WrapIfAdditionalTemplateProps,
} from '@rjsf/utils';
import { ADDITIONAL_PROPERTY_FLAG, ID_KEY } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { buttonSubject } from './errorSchema';

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

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;

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

/** The form's own buttons and templates, given to rjsf in place of its defaults. */
export const templates = {
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
