import type { SymbolLocation } from '../../../../../core/runtime/types';
import { DataTable, type Column } from '../../../../components/DataTable';
import { FileLink } from '../FileLink';

const COLUMNS: Column<SymbolLocation>[] = [
  { header: 'Location', cell: (location) => <FileLink path={location.file} line={location.line} /> },
  { header: 'Kind', cell: (location) => location.kind },
  { header: 'Source', cell: (location) => <code>{location.text}</code>, className: 'exec-cell-wide' },
];

/** Where a symbol is defined or used: location, kind and the source line. */
export function SymbolTable({ locations, label }: { locations: SymbolLocation[]; label: string }) {
  if (locations.length === 0) return <p className="exec-muted">None.</p>;
  return (
    <DataTable
      label={label}
      className="exec-table"
      wrapClassName="exec-table-wrap"
      columns={COLUMNS}
      rows={locations}
      rowKey={(location, index) => `${location.file}-${location.line}-${location.column}-${index}`}
    />
  );
}
