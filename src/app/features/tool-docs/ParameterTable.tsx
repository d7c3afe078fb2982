import type { ToolDefinition } from '../../../core/toolset/types';
import { DataTable, type Column } from '../../components/DataTable';
import { parameterRows, type ParameterRow } from '../../../core/toolset/parameters';

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

const COLUMNS: Column<ParameterRow>[] = [
  {
    header: 'Name',
    rowHeader: true,
    style: (row) => ({ paddingInlineStart: `${0.6 + row.depth}rem` }),
    cell: (row) => <code className="parameter-name">{row.name}</code>,
  },
  { header: 'Type', label: 'Type', cell: (row) => <code className="type">{row.type}</code> },
  { header: 'Required', label: 'Required', cell: (row) => <RequiredCell required={row.required} /> },
  {
    header: 'Default',
    label: 'Default',
    cell: (row) =>
      row.defaultValue !== undefined ? <code>{row.defaultValue}</code> : <span className="muted">—</span>,
  },
  {
    header: 'Constraints',
    label: 'Constraints',
    cell: (row) =>
      row.constraints.length > 0 ? (
        <ul className="constraint-list">
          {row.constraints.map((constraint) => (
            <li key={constraint}>
              <code className={constraint.length <= SHORT_CONSTRAINT ? 'constraint-short' : undefined}>
                {constraint}
              </code>
            </li>
          ))}
        </ul>
      ) : (
        <span className="muted">—</span>
      ),
  },
  {
    header: 'Description',
    label: 'Description',
    className: 'parameter-description',
    cell: (row) => row.description || <span className="muted">—</span>,
  },
];

/** `output` shows the tool's output schema (the fields of structuredContent) in the same table. */
export function ParameterTable({ tool, output = false }: { tool: ToolDefinition; output?: boolean }) {
  const rows = parameterRows(output ? (tool.outputSchema ?? {}) : tool.inputSchema);
  if (rows.length === 0)
    return (
      <p className="muted">{output ? 'The output schema declares no fields.' : 'This tool takes no parameters.'}</p>
    );
  return (
    <DataTable
      label={output ? 'Output fields table' : 'Parameters table'}
      className="parameter-table"
      testId={output ? 'output-table' : 'parameter-table'}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.name}
      rowProps={(row) => ({ 'data-parameter': row.name })}
    />
  );
}
