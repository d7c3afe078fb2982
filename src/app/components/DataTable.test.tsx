import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './DataTable';

interface Row {
  name: string;
  size: number;
}

const rows: Row[] = [
  { name: 'b.txt', size: 20 },
  { name: 'a.txt', size: 100 },
];
const columns: Column<Row>[] = [
  { header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name },
  { header: 'Size', cell: (row) => row.size, sortValue: (row) => row.size, label: 'Size', className: 'num' },
  { header: 'Note', cell: () => '–' },
];

const render = (extra: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(
    <DataTable label="Files" className="files" columns={columns} rows={rows} rowKey={(row) => row.name} {...extra} />,
  );

const order = (html: string) => [...html.matchAll(/<td[^>]*>([a-z]\.txt)<\/td>/g)].map((match) => match[1]);

describe('DataTable', () => {
  it('keeps the rows in their own order without a sort, in a labelled scrollable region', () => {
    const html = render();
    expect(order(html)).toEqual(['b.txt', 'a.txt']);
    expect(html).toContain('<div class="table-scroll" role="region" aria-label="Files" tabindex="0">');
    expect(html).toContain('<td class="num" data-label="Size">');
  });

  it('marks sortable headers as buttons with aria-sort, plain headers as text', () => {
    const html = render();
    expect(html).toContain('<th scope="col" aria-sort="none"><button type="button" class="table-sort">Name');
    expect(html).toContain('<th scope="col">Note</th>');
  });

  it('shows the rows in the initial sort, and says so on the header', () => {
    expect(order(render({ initialSort: { column: 'Name', direction: 'ascending' } }))).toEqual(['a.txt', 'b.txt']);
    const bySize = render({ initialSort: { column: 'Size', direction: 'descending' } });
    expect(order(bySize)).toEqual(['a.txt', 'b.txt']);
    expect(bySize).toContain('aria-sort="descending"');
  });

  it('under a sort the caller holds, shows its rows in the order given and the sort on the header', () => {
    const html = render({ sortControl: { sort: { column: 'Size', direction: 'ascending' }, onSort: () => undefined } });
    // The caller sorts (all its rows, before it cuts them): the table does not sort again.
    expect(order(html)).toEqual(['b.txt', 'a.txt']);
    expect(html).toContain('<th scope="col" aria-sort="ascending"><button type="button" class="table-sort">Size');
  });

  it('ignores a sort on a column that cannot sort', () => {
    expect(order(render({ initialSort: { column: 'Note', direction: 'ascending' } }))).toEqual(['b.txt', 'a.txt']);
  });

  it('draws a caption, row classes and the wrapper class it is given', () => {
    const html = render({
      caption: 'Two files',
      rowClassName: (row) => (row.size > 50 ? 'big' : undefined),
      wrapClassName: 'inner',
    });
    expect(html).toContain('<caption>Two files</caption>');
    expect(html).toContain('<tr class="big">');
    expect(html).toContain('<div class="inner"');
  });
});

describe('DataTable cells and rows', () => {
  it('draws row headers, per-row classes and styles, and row data attributes', () => {
    const html = renderToStaticMarkup(
      <DataTable
        label="Files"
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (row: Row) => row.name,
            style: (row) => ({ paddingInlineStart: `${row.size / 10}rem` }),
          },
          {
            header: 'Size',
            headerClassName: 'numeric',
            className: (row) => (row.size > 50 ? 'big' : undefined),
            cell: (row) => row.size,
          },
        ]}
        rows={rows}
        rowKey={(row) => row.name}
        rowProps={(row) => ({ 'data-name': row.name })}
      />,
    );
    expect(html).toContain('<th scope="row" style="padding-inline-start:2rem">b.txt</th>');
    expect(html).toContain('<th scope="col" class="numeric">Size</th>');
    expect(html).toContain(
      '<tr data-name="a.txt"><th scope="row" style="padding-inline-start:10rem">a.txt</th><td class="big">100</td></tr>',
    );
  });

  it('without a region, adds no tab stop; the table keeps its name', () => {
    const html = render({ wrapClassName: null });
    expect(html.startsWith('<table class="files" aria-label="Files">')).toBe(true);
    expect(html).not.toContain('tabindex');
  });
});
