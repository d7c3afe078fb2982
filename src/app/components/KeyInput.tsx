/** A key typed for one model: a password field that no browser fills in or spell-checks, its problem under it. */
import { useId } from 'react';
import { FieldError } from './FieldError';

interface Props {
  label: string;
  value: string;
  onChange: (key: string) => void;
  error?: string | undefined;
}

export function KeyInput({ label, value, onChange, error }: Props) {
  const id = useId();
  return (
    <div className="field field-grow">
      <label htmlFor={`${id}-key`}>{label}</label>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError message={error} />
    </div>
  );
}
