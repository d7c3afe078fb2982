import type { ToolDefinition } from '../../../core/toolset/types';
import { parameterRows } from '../../lib/parameters';

export function ParameterTable({ tool }: { tool: ToolDefinition }) {
  const rows = parameterRows(tool.inputSchema);
  if (rows.length === 0) return <p className="muted">This tool takes no parameters.</p>;
  return (
    <div className="table-scroll" role="region" aria-label="Parameters table" tabIndex={0}>
      <table className="parameter-table" data-testid="parameter-table">
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
              <th scope="row" style={{ paddingInlineStart: `${0.75 + row.depth * 1}rem` }}>
                <code className="parameter-name">{row.name}</code>
              </th>
              <td data-label="Type">
                <code className="type">{row.type}</code>
              </td>
              <td data-label="Required">{row.required ? <span className="required-pill">required</span> : <span className="muted">optional</span>}</td>
              <td data-label="Default">{row.defaultValue !== undefined ? <code>{row.defaultValue}</code> : <span className="muted">—</span>}</td>
              <td data-label="Constraints">
                {row.constraints.length > 0 ? (
                  <ul className="constraint-list">
                    {row.constraints.map((constraint) => (
                      <li key={constraint}>
                        <code>{constraint}</code>
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
