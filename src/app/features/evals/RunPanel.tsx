/** Up to three models, their keys (the Models page's key store), a second toolset version, Run and Cancel. */
import { useEffect, useId, useState } from 'react';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import { KeyInput } from '../../components/KeyInput';
import { ProviderFields } from '../../components/ProviderFields';
import { useServices } from '../../services/Services';
import { MAX_MODELS, newRow, type ModelRow, type RowProblem } from './modelRows';

export interface RunForm {
  rows: ModelRow[];
  concurrency: string;
  /** A second toolset to run every model on ('' for none). */
  versus: string;
}

interface Props {
  form: RunForm;
  onChange: (form: RunForm) => void;
  toolsets: { id: string; name: string }[];
  problems: RowProblem[];
  running: boolean;
  progress: { done: number; total: number } | null;
  onRun: (keyOf: (provider: ProviderId) => string) => void;
  onCancel: () => void;
}

export function RunPanel({ form, onChange, toolsets, problems, running, progress, onRun, onCancel }: Props) {
  const id = useId();
  const keyStore = useServices().keys;
  const [keys, setKeys] = useState<Partial<Record<ProviderId, string>>>({});
  const providerList = [...new Set(form.rows.map((row) => row.provider))].join(',');
  // Each provider's key, once: from this tab's memory, else where the Models page remembered it.
  useEffect(() => {
    for (const provider of providerList.split(',') as ProviderId[]) {
      if (keys[provider] !== undefined) continue;
      setKeys((current) => ({ ...current, [provider]: keyStore.inMemory(provider) }));
      void keyStore.loadRemembered(provider).then((key) => {
        if (key !== null) setKeys((current) => ({ ...current, [provider]: current[provider] || key }));
      });
    }
  }, [keyStore, providerList, keys]);
  const keyOf = (provider: ProviderId): string => keys[provider] ?? '';
  const setRow = (index: number, row: ModelRow) =>
    onChange({ ...form, rows: form.rows.map((entry, at) => (at === index ? row : entry)) });
  const problemOf = (row: number, field: RowProblem['field']) =>
    problems.find((problem) => problem.row === row && problem.field === field)?.message;

  return (
    <section className="work-card eval-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Run on models</h2>
      {form.rows.map((row, index) => (
        <fieldset className="eval-model-row" key={index} data-testid="model-row">
          <legend>Model {index + 1}</legend>
          <ProviderFields
            value={row}
            modelLabel="Model id"
            errors={{ baseUrl: problemOf(index, 'baseUrl'), model: problemOf(index, 'model') }}
            // Another provider starts the row afresh: its default base URL, no model id.
            onChange={(next) => setRow(index, next.provider === row.provider ? next : newRow(next.provider))}
          >
            <KeyInput
              label={`API key (${PROVIDER_ADAPTERS[row.provider].label.split(' (')[0]}${row.provider === 'openai-compatible' ? ', if the server needs one' : ''})`}
              value={keyOf(row.provider)}
              error={problemOf(index, 'apiKey')}
              onChange={(key) => {
                setKeys((current) => ({ ...current, [row.provider]: key }));
                keyStore.setInMemory(row.provider, key);
              }}
            />
          </ProviderFields>
          {form.rows.length > 1 ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => onChange({ ...form, rows: form.rows.filter((_, at) => at !== index) })}
            >
              Remove model {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      {problems
        .filter((problem) => problem.row === -1)
        .map((problem) => (
          <p key={problem.message} className="field-error" role="alert">
            {problem.message}
          </p>
        ))}
      <div className="field-row">
        {form.rows.length < MAX_MODELS ? (
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              onChange({ ...form, rows: [...form.rows, { ...(form.rows.at(-1) ?? newRow()), model: '' }] })
            }
          >
            Add a model
          </button>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-concurrency`}>At once</label>
          <select
            id={`${id}-concurrency`}
            value={form.concurrency}
            onChange={(event) => onChange({ ...form, concurrency: event.target.value })}
          >
            {['1', '2', '4', '8'].map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </div>
        <div className="field field-grow">
          <label htmlFor={`${id}-versus`}>Also run on a second toolset version</label>
          <select
            id={`${id}-versus`}
            value={form.versus}
            onChange={(event) => onChange({ ...form, versus: event.target.value })}
          >
            <option value="">— none —</option>
            {toolsets.map((toolset) => (
              <option key={toolset.id} value={toolset.id}>
                {toolset.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="muted">
        Keys stay in this tab (or where the Models page remembered them); they never enter a suite, a result or an
        export.
      </p>
      <div className="field-row">
        <button type="button" className="button button-primary" disabled={running} onClick={() => onRun(keyOf)}>
          Run suite
        </button>
        {running ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        {progress ? (
          <span className="eval-progress" role="status" data-testid="eval-progress">
            <progress max={progress.total} value={progress.done} /> {progress.done} / {progress.total} runs
          </span>
        ) : null}
      </div>
    </section>
  );
}
