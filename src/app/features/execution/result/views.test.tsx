import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolData } from '../../../../core/runtime/types';
import { DataView } from './DataView';
import type { DataOf, ResultKind } from './kind';
import { resultViews, type ResultViews } from './views';
import { createPage, PageContext } from '../../../lib/page';
import { createServices, ServicesContext } from '../../../services/Services';

const location = { file: 'src/app.ts', line: 3, column: 1, kind: 'function', name: 'main', text: 'function main() {}' };

/** One sample of every kind: a mapped type again, so a new kind needs a sample here too. */
const samples: { [K in ResultKind]: DataOf<K> } = {
  file_content: {
    kind: 'file_content',
    path: 'src/app.ts',
    content: 'const a = 1;\n',
    encoding: 'utf8',
    startLine: 1,
    endLine: 1,
    totalLines: 1,
  },
  write: { kind: 'write', path: 'notes.md', bytesWritten: 12, created: true },
  listing: {
    kind: 'listing',
    path: '/',
    truncated: false,
    entries: [
      { path: 'src', type: 'directory', depth: 0 },
      { path: 'src/app.ts', type: 'file', depth: 1, size: 14 },
    ],
  },
  search_hits: {
    kind: 'search_hits',
    query: 'main',
    filesSearched: 4,
    truncated: false,
    hits: [
      { file: 'src/app.ts', line: 3, column: 10, text: 'function main() {}' },
      { file: 'src/app.ts', line: 9, column: 1, text: 'main();' },
    ],
  },
  delete: { kind: 'delete', path: 'old.txt' },
  move: { kind: 'move', source: 'a.txt', destination: 'b.txt', overwritten: true },
  command_output: {
    kind: 'command_output',
    command: 'ls',
    workingDirectory: '/',
    stdout: 'README.md\n',
    stderr: 'warning: odd\n',
    exitCode: 2,
  },
  semantic_hits: {
    kind: 'semantic_hits',
    query: 'entry point',
    hits: [{ file: 'src/app.ts', startLine: 1, endLine: 4, score: 0.87654, snippet: 'main()' }],
  },
  symbols: { kind: 'symbols', symbol: 'main', definitions: [location], references: [] },
  definition: { kind: 'definition', symbol: 'main', definition: null },
  git_status: {
    kind: 'git_status',
    branch: 'main',
    clean: false,
    files: [
      { path: 'gone.txt', index: ' ', workdir: 'D', status: 'deleted' },
      { path: 'new.txt', index: '?', workdir: '?', status: 'untracked' },
    ],
  },
  diff: { kind: 'diff', patch: '', files: [] },
  log: {
    kind: 'log',
    commits: [
      {
        oid: '0123456789abcdef',
        message: 'First line\nsecond paragraph',
        author: 'Ada',
        email: 'ada@example.com',
        date: 'not a date',
      },
    ],
  },
  commit: { kind: 'commit', oid: 'fedcba9876543210', message: 'Add notes\n\nWhy', files: ['notes.md'] },
  answer: { kind: 'answer', question: 'Which branch?', answer: 'main' },
  confirmation: { kind: 'confirmation', action: 'Delete build/', confirmed: false },
  output: { kind: 'output', text: 'done', language: 'plaintext', facts: [{ label: 'Files', value: '3' }] },
  mock: { kind: 'mock', source: 'json', value: { ok: true } },
};

// A file path opens in the page's workspace explorer and code is highlighted as the page allows: the views read
// the page and its services.
const page = createPage();
const services = createServices({ page });
const render = (data: ToolData) =>
  renderToStaticMarkup(
    <PageContext value={page}>
      <ServicesContext value={services}>
        <DataView data={data} />
      </ServicesContext>
    </PageContext>,
  );

describe('the result views', () => {
  it('has a view for every kind, and each draws its own kind', () => {
    const kinds = Object.keys(samples) as ResultKind[];
    expect(Object.keys(resultViews).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) expect(render(samples[kind])).toContain(`data-kind="${kind}"`);
  });

  it('fails to compile when a kind has no view', () => {
    const { mock: _mock, ...withoutMock } = resultViews;
    // @ts-expect-error — the map must name every kind of ToolData.
    const incomplete: ResultViews = withoutMock;
    expect(Object.keys(incomplete)).not.toContain('mock');
  });

  it('draws the data of each kind', () => {
    expect(render(samples.write)).toContain('Created');
    expect(render(samples.move)).toContain('(overwrote the destination)');
    expect(render(samples.command_output)).toContain('exit 2');
    expect(render(samples.command_output)).toContain('warning: odd');
    expect(render(samples.semantic_hits)).toContain('score 0.877');
    expect(render(samples.search_hits)).toContain('2 hits for <q>main</q> in 1 files (4 searched)');
    expect(render(samples.definition)).toContain('No definition of main found.');
    expect(render(samples.diff)).toContain('No differences.');
    expect(render(samples.confirmation)).toContain('✗ Declined');
    expect(render(samples.commit)).toContain('<q>Add notes</q>');
  });

  it('draws a huge mock value as a bounded window with a download, never whole', () => {
    const value = { rows: Array.from({ length: 100_000 }, (_, index) => ({ index })) };
    const whole = JSON.stringify(value, null, 2).length;
    const html = render({ kind: 'mock', source: 'json', value });
    expect(whole).toBeGreaterThan(2_000_000);
    expect(html.length).toBeLessThan(100_000);
    expect(html).toContain('Download all');
    expect(html).toContain('data-testid="hidden-lines"');
  });

  it('draws as many lines as the caption counts: a range ending in a line break has no empty line after it', () => {
    const content = 'one\ntwo\nthree\nfour\nfive\n';
    const html = render({
      kind: 'file_content',
      path: 'notes.txt',
      content,
      encoding: 'utf8',
      startLine: 1,
      endLine: 5,
      totalLines: 38,
    });
    expect(html).toContain('lines 1–5 of 38');
    expect(html.match(/class="line"/g)).toHaveLength(5);
    const crlf = render({
      kind: 'file_content',
      path: 'notes.txt',
      content: 'one\r\ntwo\r\n',
      encoding: 'utf8',
      startLine: 1,
      endLine: 2,
      totalLines: 2,
    });
    expect(crlf.match(/class="line"/g)).toHaveLength(2);
    // A last line with no line break is still drawn.
    const open = render({
      kind: 'file_content',
      path: 'notes.txt',
      content: 'one\ntwo',
      encoding: 'utf8',
      startLine: 1,
      endLine: 2,
      totalLines: 2,
    });
    expect(open.match(/class="line"/g)).toHaveLength(2);
  });

  it('draws git status and log rows through the table, keeping each row’s mark and the short commit', () => {
    const status = render(samples.git_status);
    expect(status).toContain('<tr class="exec-mark-deleted">');
    expect(status).toContain('<tr class="exec-mark-new">');
    // A deleted file is no link: there is nothing to open.
    expect(status).toContain('<code>gone.txt</code>');
    const log = render(samples.log);
    expect(log).toContain('>0123456<');
    expect(log).toContain('First line');
    expect(log).not.toContain('second paragraph');
    expect(log).toContain('not a date');
  });

  it('shows an empty reference list as None', () => {
    expect(render(samples.symbols)).toContain('None.');
    expect(render(samples.symbols)).toContain('function main() {}');
  });

  it('lays out only a window of a long output and of a long text answer, naming what is not shown', () => {
    const lines = Array.from({ length: 999_999 }, (_, index) => String(index + 1)).join('\n');
    const html = render({ ...samples.command_output, stdout: `${lines}\n`, stderr: '' });
    expect(html).toContain('>1\n2\n3\n');
    expect(html).toContain('999999\n</pre>');
    expect(html).not.toContain('\n500000\n');
    expect(html).toContain('999,749 lines not shown');
    expect(html).toContain('Download all (6.9 MB)');
    expect(html.length).toBeLessThan(10_000);

    const text = render({ kind: 'output', text: 'z'.repeat(3_000_000), language: 'json' });
    expect(text).toContain('characters not shown');
    expect(text.length).toBeLessThan(40_000);
  });
});
