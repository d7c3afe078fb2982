import { describe, expect, it } from 'vitest';
import { nextSort, sortByColumn, sortRows } from './sortRows';

const rows = [
  { name: 'file10', size: 3 },
  { name: 'file2', size: 10 },
  { name: 'File1', size: 3 },
];

describe('sortRows', () => {
  it('orders text by numeric collation, both ways', () => {
    expect(sortRows(rows, (row) => row.name, 'ascending').map((row) => row.name)).toEqual(['File1', 'file2', 'file10']);
    expect(sortRows(rows, (row) => row.name, 'descending').map((row) => row.name)).toEqual([
      'file10',
      'file2',
      'File1',
    ]);
  });

  it('orders numbers as numbers and keeps equal rows in their given order', () => {
    expect(sortRows(rows, (row) => row.size, 'ascending').map((row) => row.name)).toEqual(['file10', 'File1', 'file2']);
    expect(sortRows(rows, (row) => row.size, 'descending').map((row) => row.name)).toEqual([
      'file2',
      'file10',
      'File1',
    ]);
  });

  it('puts numbers before text and leaves the input untouched', () => {
    const mixed = ['b', 2, 'a', 1];
    expect(sortRows(mixed, (value) => value, 'ascending')).toEqual([1, 2, 'a', 'b']);
    expect(mixed).toEqual(['b', 2, 'a', 1]);
  });
});

describe('nextSort', () => {
  it('sorts a newly clicked column ascending and flips the sorted one', () => {
    expect(nextSort(undefined, 'Name')).toEqual({ column: 'Name', direction: 'ascending' });
    expect(nextSort({ column: 'Name', direction: 'ascending' }, 'Name')).toEqual({
      column: 'Name',
      direction: 'descending',
    });
    expect(nextSort({ column: 'Name', direction: 'descending' }, 'Name')).toEqual({
      column: 'Name',
      direction: 'ascending',
    });
    expect(nextSort({ column: 'Name', direction: 'descending' }, 'Size')).toEqual({
      column: 'Size',
      direction: 'ascending',
    });
  });
});

describe('sortByColumn', () => {
  const columns = [{ header: 'Name', sortValue: (row: (typeof rows)[number]) => row.name }, { header: 'Note' }];

  it('sorts by the column the sort names', () => {
    expect(sortByColumn(rows, columns, { column: 'Name', direction: 'ascending' }).map((row) => row.name)).toEqual([
      'File1',
      'file2',
      'file10',
    ]);
  });

  it('keeps the given order without a sort, or for a column that cannot sort', () => {
    expect(sortByColumn(rows, columns, undefined)).toBe(rows);
    expect(sortByColumn(rows, columns, { column: 'Note', direction: 'ascending' })).toBe(rows);
  });
});
