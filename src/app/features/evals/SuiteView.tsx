/** The chosen suite: name, toolset, repetitions, its cases (edit, delete, add), exports, delete. */
import { useId } from 'react';
import type { EvalSuite } from '../../../core/evals';

interface Props {
  suite: EvalSuite;
  toolsets: { id: string; name: string }[];
  onChange: (suite: EvalSuite) => void;
  onEditCase: (index: number) => void;
  onAddCase: () => void;
  onExport: () => void;
  onExportBfcl: () => void;
  onDelete: () => void;
}

const expectationText = (suite: EvalSuite, index: number): string => {
  const { expect } = suite.cases[index]!;
  if (expect.noCall) return 'no call';
  const calls = expect.calls
    .map((call) => (Array.isArray(call.tool) ? call.tool.join(' | ') : call.tool))
    .join(expect.order === 'sequence' ? ' → ' : ', ');
  return expect.mustNotCall.length > 0 ? `${calls}; never ${expect.mustNotCall.join(', ')}` : calls;
};

export function SuiteView({
  suite,
  toolsets,
  onChange,
  onEditCase,
  onAddCase,
  onExport,
  onExportBfcl,
  onDelete,
}: Props) {
  const id = useId();
  const known = toolsets.some((toolset) => toolset.id === suite.toolset);
  return (
    <section className="work-card eval-panel" aria-labelledby={`${id}-title`} data-testid="suite-view">
      <h2 id={`${id}-title`}>{suite.name}</h2>
      <div className="field-row">
        <div className="field field-grow">
          <label htmlFor={`${id}-name`}>Suite name</label>
          <input
            id={`${id}-name`}
            type="text"
            value={suite.name}
            onChange={(event) => onChange({ ...suite, name: event.target.value })}
          />
          {suite.name.trim() === '' ? (
            <p className="field-error" role="alert">
              Suite name: give the suite a name.
            </p>
          ) : null}
        </div>
        <div className="field field-grow">
          <label htmlFor={`${id}-toolset`}>Toolset</label>
          <select
            id={`${id}-toolset`}
            value={suite.toolset}
            onChange={(event) => onChange({ ...suite, toolset: event.target.value })}
          >
            {known ? null : <option value={suite.toolset}>{suite.toolset} (not in this browser)</option>}
            {toolsets.map((toolset) => (
              <option key={toolset.id} value={toolset.id}>
                {toolset.name}
              </option>
            ))}
          </select>
          {known ? null : (
            <p className="field-error" role="alert">
              Toolset: '{suite.toolset}' is neither bundled nor imported here; import it, or pick another.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-repetitions`}>Repetitions</label>
          <input
            id={`${id}-repetitions`}
            type="number"
            min={1}
            max={1000}
            value={suite.repetitions}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (Number.isInteger(value) && value >= 1 && value <= 1000) onChange({ ...suite, repetitions: value });
            }}
          />
        </div>
      </div>
      <ol className="eval-case-list" data-testid="case-list">
        {suite.cases.map((evalCase, index) => (
          <li key={evalCase.id}>
            <span className="eval-case-id">{evalCase.id}</span>
            <span className="muted eval-case-expect">{expectationText(suite, index)}</span>
            <button
              type="button"
              className="button button-small"
              aria-label={`Edit ${evalCase.id}`}
              onClick={() => onEditCase(index)}
            >
              Edit
            </button>
            <button
              type="button"
              className="button button-small"
              aria-label={`Delete ${evalCase.id}`}
              onClick={() => onChange({ ...suite, cases: suite.cases.filter((_, at) => at !== index) })}
            >
              Delete
            </button>
          </li>
        ))}
      </ol>
      {suite.cases.length === 0 ? <p className="muted">No case yet.</p> : null}
      <div className="field-row">
        <button type="button" className="button" onClick={onAddCase}>
          Add case
        </button>
        <button type="button" className="button" onClick={onExport}>
          Export suite (JSON)
        </button>
        <button type="button" className="button" onClick={onExportBfcl}>
          Export as BFCL
        </button>
        <button type="button" className="button" onClick={onDelete}>
          Delete suite
        </button>
      </div>
    </section>
  );
}
