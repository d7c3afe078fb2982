/**
 * What every run of a model is asked with: provider, endpoint and model, the key, the system prompt and the user
 * message (the Models page's form and the tool page's Models panel).
 */
import { useId } from 'react';
import { FieldError } from '../../components/FieldError';
import { ProviderFields } from '../../components/ProviderFields';
import { KeyField, type KeyControls } from './KeyField';
import { problemOf, type RunSettings, type SettingsProblem } from './settings';

interface Props {
  settings: RunSettings;
  onChange: (next: RunSettings) => void;
  keyControls: KeyControls;
  models: { list: string[]; loading: boolean; error: string | null; onLoad: () => void };
  problems: SettingsProblem[];
  /** The user message's height in lines, and its example. */
  userRows: number;
  userPlaceholder: string;
}

export function PromptFields({ settings, onChange, keyControls, models, problems, userRows, userPlaceholder }: Props) {
  const id = useId();
  return (
    <>
      <ProviderFields
        value={settings}
        onChange={onChange}
        errors={{ baseUrl: problemOf(problems, 'baseUrl'), model: problemOf(problems, 'model') }}
        models={models}
      />
      <KeyField provider={settings.provider} controls={keyControls} error={problemOf(problems, 'apiKey')} />
      <div className="field">
        <label htmlFor={`${id}-system`}>System prompt</label>
        <textarea
          id={`${id}-system`}
          rows={2}
          value={settings.system}
          onChange={(event) => onChange({ ...settings, system: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-user`}>User message</label>
        <textarea
          id={`${id}-user`}
          rows={userRows}
          value={settings.userMessage}
          placeholder={userPlaceholder}
          onChange={(event) => onChange({ ...settings, userMessage: event.target.value })}
        />
        <FieldError message={problemOf(problems, 'userMessage')} />
      </div>
    </>
  );
}
