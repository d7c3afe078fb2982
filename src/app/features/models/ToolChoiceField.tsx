/** Tool choice: auto, required, none, or one of the tools sent. */
import { useId } from 'react';
import type { ToolChoice } from '../../../core/model/spec';
import { FieldError } from '../../components/FieldError';

interface Props {
  value: ToolChoice;
  onChange: (next: ToolChoice) => void;
  /** The tools that may be the only one. */
  toolNames: readonly string[];
  error?: string | undefined;
}

export function ToolChoiceField({ value, onChange, toolNames, error }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-choice`}>Tool choice</label>
      <select
        id={`${id}-choice`}
        value={value.type === 'tool' ? `tool:${value.name}` : value.type}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(
            chosen.startsWith('tool:')
              ? { type: 'tool', name: chosen.slice(5) }
              : { type: chosen as 'auto' | 'required' | 'none' },
          );
        }}
      >
        <option value="auto">auto</option>
        <option value="required">required (some tool)</option>
        <option value="none">none</option>
        {toolNames.map((name) => (
          <option key={name} value={`tool:${name}`}>
            only {name}
          </option>
        ))}
      </select>
      <FieldError message={error} />
    </div>
  );
}
