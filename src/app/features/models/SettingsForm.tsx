/** The run's settings: provider and endpoint, key, prompt, toolset and tool subset, tool choice, temperature, mode. */
import { useId } from 'react';
import type { AutoApproveLimit } from '../../../core/model/agent/approval';
import { MAX_STEPS_LIMIT } from '../../../core/model/agent/stop';
import { FieldError } from '../../components/FieldError';
import type { KeyControls } from './KeyField';
import { PromptFields } from './PromptFields';
import { problemOf, type RunSettings, type SettingsProblem } from './settings';
import { ToolChoiceField } from './ToolChoiceField';

interface Props {
  settings: RunSettings;
  onChange: (next: RunSettings) => void;
  keyControls: KeyControls;
  toolsets: { id: string; name: string; count: number }[];
  toolNames: string[];
  models: { list: string[]; loading: boolean; error: string | null; onLoad: () => void };
  problems: SettingsProblem[];
}

export function SettingsForm({ settings, onChange, keyControls, toolsets, toolNames, models, problems }: Props) {
  const id = useId();
  const set = <Key extends keyof RunSettings>(key: Key, value: RunSettings[Key]) =>
    onChange({ ...settings, [key]: value });
  const selected = settings.selectedTools ?? toolNames;
  const toggleTool = (name: string, on: boolean) => {
    const next = on
      ? [...selected, name].filter((tool, index, all) => all.indexOf(tool) === index)
      : selected.filter((tool) => tool !== name);
    set('selectedTools', next.length === toolNames.length ? null : next);
  };

  return (
    <div className="model-settings">
      <PromptFields
        settings={settings}
        onChange={onChange}
        keyControls={keyControls}
        models={models}
        problems={problems}
        userRows={3}
        userPlaceholder="Read README.md and list the src folder."
      />
      <div className="field">
        <label htmlFor={`${id}-toolset`}>Toolset</label>
        <select
          id={`${id}-toolset`}
          value={settings.toolsetId}
          onChange={(event) =>
            onChange({ ...settings, toolsetId: event.target.value, selectedTools: null, toolChoice: { type: 'auto' } })
          }
        >
          {toolsets.map((toolset) => (
            <option key={toolset.id} value={toolset.id}>
              {toolset.name} · {toolset.count} tools
            </option>
          ))}
        </select>
        <FieldError message={problemOf(problems, 'toolsetId')} />
      </div>
      <div className="field-row">
        <ToolChoiceField
          value={settings.toolChoice}
          onChange={(choice) => set('toolChoice', choice)}
          toolNames={selected}
          error={problemOf(problems, 'toolChoice')}
        />
        <div className="field">
          <label htmlFor={`${id}-temperature`}>Temperature</label>
          <input
            id={`${id}-temperature`}
            type="number"
            min={0}
            max={2}
            step={0.1}
            placeholder="default"
            value={settings.temperature ?? ''}
            onChange={(event) => set('temperature', event.target.value === '' ? null : Number(event.target.value))}
          />
          <FieldError message={problemOf(problems, 'temperature')} />
        </div>
      </div>
      <details className="model-tools">
        <summary>
          Tools sent:{' '}
          {settings.selectedTools === null ? `all ${toolNames.length}` : `${selected.length} of ${toolNames.length}`}
        </summary>
        <div className="model-tools-list">
          {toolNames.map((name) => (
            <label key={name} className="checkbox">
              <input
                type="checkbox"
                checked={selected.includes(name)}
                onChange={(event) => toggleTool(name, event.target.checked)}
              />{' '}
              <code>{name}</code>
            </label>
          ))}
        </div>
        <FieldError message={problemOf(problems, 'selectedTools')} />
      </details>
      <fieldset className="model-mode">
        <legend>After the model calls tools</legend>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={settings.mode === 'judge'}
            onChange={() => set('mode', 'judge')}
          />{' '}
          Judge the calls and stop
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={settings.mode === 'agent'}
            onChange={() => set('mode', 'agent')}
          />{' '}
          Run valid calls in the workspace and go on (agent loop)
        </label>
        {settings.mode === 'agent' ? (
          <div className="field-row">
            <div className="field">
              <label htmlFor={`${id}-steps`}>At most steps</label>
              <input
                id={`${id}-steps`}
                type="number"
                min={1}
                max={MAX_STEPS_LIMIT}
                value={settings.maxSteps}
                onChange={(event) => set('maxSteps', Number(event.target.value))}
              />
              <FieldError message={problemOf(problems, 'maxSteps')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-approve`}>Approve by itself up to</label>
              <select
                id={`${id}-approve`}
                value={settings.autoApprove}
                onChange={(event) => set('autoApprove', event.target.value as AutoApproveLimit)}
              >
                <option value="none">nothing: ask for every call that needs approval</option>
                <option value="medium">medium risk</option>
                <option value="high">high risk (critical always asks)</option>
              </select>
            </div>
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}
