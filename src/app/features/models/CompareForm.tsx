/** The side-by-side settings: one run, up to three models, or the toolset beside a version with an edited description. */
import { useId } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { MAX_EXTRA_COLUMNS, newColumn, type ColumnModel, type CompareSettings } from './compareSettings';
import { KeyInput } from '../../components/KeyInput';
import { ProviderFields } from '../../components/ProviderFields';
import type { SettingsProblem } from './settings';
import './side-by-side.css';

interface Props {
  compare: CompareSettings;
  onChange: (next: CompareSettings) => void;
  tools: readonly ToolDefinition[];
  /** Earlier bundled releases of a tool (the toolset's history), newest first; none for an imported toolset. */
  earlierVersions: (name: string) => ToolDefinition[];
  problems: SettingsProblem[];
}

function ColumnFields({
  column,
  number,
  onChange,
  onRemove,
}: {
  column: ColumnModel;
  number: number;
  onChange: (next: ColumnModel) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="model-column-fields" data-testid="compare-column">
      <legend>Model {number}</legend>
      <ProviderFields value={column} onChange={onChange} suffix={` ${number}`}>
        <KeyInput
          label={`API key ${number}`}
          value={column.apiKey}
          onChange={(apiKey) => onChange({ ...column, apiKey })}
        />
      </ProviderFields>
      <button type="button" className="button button-small" onClick={onRemove}>
        Remove model {number}
      </button>
    </fieldset>
  );
}

export function CompareForm({ compare, onChange, tools, earlierVersions, problems }: Props) {
  const id = useId();
  const setKind = (kind: CompareSettings['kind']) =>
    onChange({
      ...compare,
      kind,
      extra: kind === 'models' && compare.extra.length === 0 ? [newColumn()] : compare.extra,
    });
  const setExtra = (index: number, next: ColumnModel) =>
    onChange({ ...compare, extra: compare.extra.map((column, at) => (at === index ? next : column)) });
  const pickTool = (name: string) =>
    onChange({
      ...compare,
      editTool: name,
      editVersion: '',
      editDescription: tools.find((tool) => tool.name === name)?.description ?? '',
    });
  const versions = compare.editTool === '' ? [] : earlierVersions(compare.editTool);
  const messages = problems.filter((problem) => problem.field === 'compare');
  return (
    <fieldset className="model-compare">
      <legend>Side by side</legend>
      <div className="model-compare-kinds">
        <label className="checkbox">
          <input type="radio" name={`${id}-kind`} checked={compare.kind === 'off'} onChange={() => setKind('off')} />{' '}
          One run
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={compare.kind === 'models'}
            onChange={() => setKind('models')}
          />{' '}
          Up to three models
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={compare.kind === 'toolsets'}
            onChange={() => setKind('toolsets')}
          />{' '}
          Two versions of the toolset
        </label>
      </div>
      {compare.kind === 'models' ? (
        <>
          <p className="field-help">
            Model 1 is the one above. The same prompt and tools go to each model at once; these keys stay in this tab's
            memory only.
          </p>
          {compare.extra.map((column, index) => (
            <ColumnFields
              key={index}
              column={column}
              number={index + 2}
              onChange={(next) => setExtra(index, next)}
              onRemove={() => onChange({ ...compare, extra: compare.extra.filter((_, at) => at !== index) })}
            />
          ))}
          {compare.extra.length < MAX_EXTRA_COLUMNS ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => onChange({ ...compare, extra: [...compare.extra, newColumn()] })}
            >
              Add a model
            </button>
          ) : null}
        </>
      ) : null}
      {compare.kind === 'toolsets' ? (
        <>
          <p className="field-help">
            The model above gets the toolset as it is, and at the same time the toolset with one tool changed: its
            description edited, or an earlier release of it.
          </p>
          <div className="field">
            <label htmlFor={`${id}-tool`}>Edited tool</label>
            <select id={`${id}-tool`} value={compare.editTool} onChange={(event) => pickTool(event.target.value)}>
              <option value="">choose a tool</option>
              {tools.map((tool) => (
                <option key={tool.name} value={tool.name}>
                  {tool.name}
                </option>
              ))}
            </select>
          </div>
          {versions.length > 0 ? (
            <div className="field">
              <label htmlFor={`${id}-version`}>Second version</label>
              <select
                id={`${id}-version`}
                value={compare.editVersion}
                onChange={(event) => onChange({ ...compare, editVersion: event.target.value })}
              >
                <option value="">this version, with an edited description</option>
                {versions.map((version) => (
                  <option key={version.version} value={version.version}>
                    {compare.editTool} {version.version} (an earlier release)
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {compare.editTool !== '' && compare.editVersion === '' ? (
            <div className="field">
              <label htmlFor={`${id}-description`}>Edited description</label>
              <textarea
                id={`${id}-description`}
                rows={4}
                value={compare.editDescription}
                onChange={(event) => onChange({ ...compare, editDescription: event.target.value })}
              />
            </div>
          ) : null}
        </>
      ) : null}
      {messages.map((problem) => (
        <p key={problem.message} className="field-error" role="alert">
          {problem.message}
        </p>
      ))}
    </fieldset>
  );
}
