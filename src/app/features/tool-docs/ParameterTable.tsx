import type { ToolDefinition } from '../../../core/toolset/types';
import { parameterRows } from '../../lib/parameters';

/** A constraint this short ("max length 4096") reads as one unit and is never broken across lines. */
const SHORT_CONSTRAINT = 18;

function RequiredCell({ required }: { required: boolean | null }) {
  if (required === null) {
    // An array item or a map value: required/optional is said of its parameter, above.
    return (
      <span className="muted" title="Does not apply to an item: see its parameter">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">does not apply to an item</span>
      </span>
    );
  }
  return required ? <span className="required-pill">required</span> : <span className="muted">optional</span>;
}

/** `output` shows the tool's output schema (the fields of structuredContent) in the same table. */
export function ParameterTable({ tool, output = false }: { tool: ToolDefinition; output?: boolean }) {
  const rows = parameterRows(output ? (tool.outputSchema ?? {}) : tool.inputSchema);
  if (rows.length === 0) return <p className="muted">{output ? 'The output schema declares no fields.' : 'This tool takes no parameters.'}</p>;
  return (
    <div className="table-scroll" role="region" aria-label={output ? 'Output fields table' : 'Parameters table'} tabIndex={0}>
      <table className="parameter-table" data-testid={output ? 'output-table' : 'parameter-table'}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Default</th>
            <th scope="col">Constraints</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-parameter={row.name}>
              <th scope="row" style={{ paddingInlineStart: `${0.6 + row.depth}rem` }}>
                <code className="parameter-name">{row.name}</code>
              </th>
              <td data-label="Type">
                <code className="type">{row.type}</code>
              </td>
              <td data-label="Required">
                <RequiredCell required={row.required} />
              </td>
              <td data-label="Default">{row.defaultValue !== undefined ? <code>{row.defaultValue}</code> : <span className="muted">—</span>}</td>
              <td data-label="Constraints">
                {row.constraints.length > 0 ? (
                  <ul className="constraint-list">
                    {row.constraints.map((constraint) => (
                      <li key={constraint}>
                        <code className={constraint.length <= SHORT_CONSTRAINT ? 'constraint-short' : undefined}>{constraint}</code>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td data-label="Description" className="parameter-description">
                {row.description || <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
