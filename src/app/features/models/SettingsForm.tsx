/** The run's settings: provider and endpoint, key, prompt, toolset and tool subset, tool choice, temperature, mode. */
import { useId } from 'react';
import type { AutoApproveLimit } from '../../../core/model/agent/approval';
import { MAX_STEPS_LIMIT } from '../../../core/model/agent/stop';
import { KeyField, type KeyControls } from './KeyField';
import { FieldError, ProviderFields } from './ProviderFields';
import type { RunSettings, SettingsProblem } from './settings';

interface Props {
  settings: RunSettings;
  onChange: (next: RunSettings) => void;
  keyControls: KeyControls;
  toolsets: { id: string; name: string; count: number }[];
  toolNames: string[];
  models: { list: string[]; loading: boolean; error: string | null; onLoad: () => void };
  problems: SettingsProblem[];
}

const problemOf = (problems: SettingsProblem[], field: SettingsProblem['field']) => problems.find((problem) => problem.field === field)?.message;

export function SettingsForm({ settings, onChange, keyControls, toolsets, toolNames, models, problems }: Props) {
  const id = useId();
  const set = <Key extends keyof RunSettings>(key: Key, value: RunSettings[Key]) => onChange({ ...settings, [key]: value });
  const selected = settings.selectedTools ?? toolNames;
  const toggleTool = (name: string, on: boolean) => {
    const next = on ? [...selected, name].filter((tool, index, all) => all.indexOf(tool) === index) : selected.filter((tool) => tool !== name);
    set('selectedTools', next.length === toolNames.length ? null : next);
  };
  const choiceValue = settings.toolChoice.type === 'tool' ? `tool:${settings.toolChoice.name}` : settings.toolChoice.type;

  return (
    <div className="model-settings">
      <ProviderFields value={settings} onChange={onChange} errors={{ baseUrl: problemOf(problems, 'baseUrl'), model: problemOf(problems, 'model') }} models={models} />
      <KeyField provider={settings.provider} controls={keyControls} error={problemOf(problems, 'apiKey')} />
      <div className="field">
        <label htmlFor={`${id}-system`}>System prompt</label>
        <textarea id={`${id}-system`} rows={2} value={settings.system} onChange={(event) => set('system', event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-user`}>User message</label>
        <textarea id={`${id}-user`} rows={3} value={settings.userMessage} placeholder="Read README.md and list the src folder." onChange={(event) => set('userMessage', event.target.value)} />
        <FieldError message={problemOf(problems, 'userMessage')} />
      </div>
      <div className="model-settings-row">
        <div className="field">
          <label htmlFor={`${id}-toolset`}>Toolset</label>
          <select id={`${id}-toolset`} value={settings.toolsetId} onChange={(event) => onChange({ ...settings, toolsetId: event.target.value, selectedTools: null, toolChoice: { type: 'auto' } })}>
            {toolsets.map((toolset) => (
              <option key={toolset.id} value={toolset.id}>
                {toolset.name} ({toolset.count} tools)
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-choice`}>Tool choice</label>
          <select
            id={`${id}-choice`}
            value={choiceValue}
            onChange={(event) => {
              const value = event.target.value;
              set('toolChoice', value.startsWith('tool:') ? { type: 'tool', name: value.slice(5) } : { type: value as 'auto' | 'required' | 'none' });
            }}
          >
            <option value="auto">auto</option>
            <option value="required">required (some tool)</option>
            <option value="none">none</option>
            {selected.map((name) => (
              <option key={name} value={`tool:${name}`}>
                only {name}
              </option>
            ))}
          </select>
          <FieldError message={problemOf(problems, 'toolChoice')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-temperature`}>Temperature</label>
          <input id={`${id}-temperature`} type="number" min={0} max={2} step={0.1} placeholder="default" value={settings.temperature ?? ''} onChange={(event) => set('temperature', event.target.value === '' ? null : Number(event.target.value))} />
          <FieldError message={problemOf(problems, 'temperature')} />
        </div>
      </div>
      <details className="model-tools">
        <summary>
          Tools sent: {settings.selectedTools === null ? `all ${toolNames.length}` : `${selected.length} of ${toolNames.length}`}
        </summary>
        <div className="model-tools-list">
          {toolNames.map((name) => (
            <label key={name} className="checkbox">
              <input type="checkbox" checked={selected.includes(name)} onChange={(event) => toggleTool(name, event.target.checked)} /> <code>{name}</code>
            </label>
          ))}
        </div>
        <FieldError message={problemOf(problems, 'selectedTools')} />
      </details>
      <fieldset className="model-mode">
        <legend>After the model calls tools</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={settings.mode === 'judge'} onChange={() => set('mode', 'judge')} /> Judge the calls and stop
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-mode`} checked={settings.mode === 'agent'} onChange={() => set('mode', 'agent')} /> Run valid calls in the workspace and go on (agent loop)
        </label>
        {settings.mode === 'agent' ? (
          <div className="model-settings-row">
            <div className="field">
              <label htmlFor={`${id}-steps`}>At most steps</label>
              <input id={`${id}-steps`} type="number" min={1} max={MAX_STEPS_LIMIT} value={settings.maxSteps} onChange={(event) => set('maxSteps', Number(event.target.value))} />
              <FieldError message={problemOf(problems, 'maxSteps')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-approve`}>Approve by itself up to</label>
              <select id={`${id}-approve`} value={settings.autoApprove} onChange={(event) => set('autoApprove', event.target.value as AutoApproveLimit)}>
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
