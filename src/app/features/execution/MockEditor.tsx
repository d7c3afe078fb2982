import { useEffect, useId, useState } from 'react';
import type { MockSpec } from '../../../core/runtime/mock';
import { RISK_INFO } from '../../../core/toolset/risk';
import { RISK_LEVELS, type RiskLevel, type ToolDefinition } from '../../../core/toolset/types';
import { parseArguments } from '../../../core/validation/json-text';
import { MAX_NESTING_DEPTH } from '../../../core/validation/limits';
import { checkJsonText } from '../../../core/json/text-limits';
import { useToolsetStore } from '../../services/useToolsets';

const STARTER_FUNCTION = '(args) => ({\n  received: args,\n})';

/**
 * An imported tool has no handler: what Execute returns is written here, as fixed JSON or as a function of
 * the arguments (run in a sandbox). Its risk level decides approval, as for every tool.
 */
export function MockEditor({
  toolsetId,
  tool,
  mock,
}: {
  toolsetId: string;
  tool: ToolDefinition;
  mock: MockSpec | undefined;
}) {
  const toolsets = useToolsetStore();
  const [kind, setKind] = useState<MockSpec['kind']>(mock?.kind ?? 'function');
  const [jsonText, setJsonText] = useState(
    mock?.kind === 'json' ? JSON.stringify(mock.value, null, 2) : '{\n  "ok": true\n}',
  );
  const [source, setSource] = useState(mock?.kind === 'function' ? mock.source : STARTER_FUNCTION);
  const [status, setStatus] = useState<{ kind: 'error' | 'saved'; message: string } | null>(null);
  const id = useId();

  useEffect(() => setStatus(null), [kind, jsonText, source]);

  const save = async () => {
    let spec: MockSpec;
    if (kind === 'json') {
      const tooDeep = checkJsonText(jsonText, { maxDepth: MAX_NESTING_DEPTH });
      if (tooDeep) {
        setStatus({ kind: 'error', message: `The mock result is ${tooDeep.message}.` });
        return;
      }
      const parsed = parseArguments(jsonText);
      if (!parsed.ok) {
        setStatus({ kind: 'error', message: `The mock result is not JSON: ${parsed.error.message}` });
        return;
      }
      spec = { kind: 'json', value: parsed.value as never };
    } else {
      if (source.trim() === '') {
        setStatus({ kind: 'error', message: 'Write a function of the arguments, such as (args) => ({ ok: true })' });
        return;
      }
      spec = { kind: 'function', source };
    }
    try {
      await toolsets.setMock(toolsetId, tool.name, spec);
      setStatus({ kind: 'saved', message: 'Saved: Execute now returns this mock.' });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="mock-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Mock result</h3>
      <p className="muted">
        Imported tools have no handler here, so Execute returns what you write below: fixed JSON, or a JavaScript
        function of the arguments run in a sandbox (no network, no page, 2 s and 32 MB at most). Calls are validated
        against the schema first, and approved by risk level, like every tool.
      </p>
      <fieldset className="mock-kind">
        <legend className="visually-hidden">Kind of mock</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'function'} onChange={() => setKind('function')} />{' '}
          Function of the arguments
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'json'} onChange={() => setKind('json')} /> Fixed
          JSON
        </label>
      </fieldset>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {kind === 'json' ? 'Mock result JSON' : 'Mock function source'}
      </label>
      <textarea
        id={`${id}-text`}
        className="mock-text"
        spellCheck={false}
        rows={6}
        value={kind === 'json' ? jsonText : source}
        onChange={(event) => (kind === 'json' ? setJsonText(event.target.value) : setSource(event.target.value))}
      />
      <div className="mock-actions">
        <div className="inline-form">
          <label htmlFor={`${id}-risk`}>Risk level</label>
          <select
            id={`${id}-risk`}
            value={tool.riskLevel}
            onChange={(event) =>
              toolsets
                .setToolRisk(toolsetId, tool.name, event.target.value as RiskLevel)
                .catch((error: unknown) =>
                  setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
                )
            }
          >
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {RISK_INFO[level].displayName}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={() => void save()}>
          Save mock
        </button>
      </div>
      {status ? (
        <p
          className={status.kind === 'error' ? 'field-error' : 'muted'}
          role={status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.message}
        </p>
      ) : null}
    </section>
  );
}
