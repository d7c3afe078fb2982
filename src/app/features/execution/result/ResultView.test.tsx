import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../../core/runtime/types';
import { createPage, PageContext } from '../../../lib/page';
import { createServices, ServicesContext } from '../../../services/Services';
import { ResultView } from './ResultView';

const page = createPage();
const services = createServices({ page });
const render = (result: ToolResult) =>
  renderToStaticMarkup(
    <PageContext value={page}>
      <ServicesContext value={services}>
        <ResultView result={result} tool="Grep" />
      </ServicesContext>
    </PageContext>,
  );

const hit = 'src/app.ts:3:function main() {}';

describe('ResultView', () => {
  it('says each hit once: the header keeps the message’s first line when the data below draws the rest', () => {
    const html = render({
      success: true,
      message: `Found 1 match for /main/ in 4 files\n${hit}`,
      data: {
        kind: 'search_hits',
        query: 'main',
        filesSearched: 4,
        truncated: false,
        hits: [{ file: 'src/app.ts', line: 3, column: 10, text: 'function main() {}' }],
      },
      artifacts: [],
      durationMs: 3,
    });
    const header = /<header class="exec-result-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
    expect(header).toContain('Found 1 match for /main/ in 4 files');
    expect(header).not.toContain(hit);
    // The whole message is still what the model is told.
    expect(html.split('function main() {}').length - 1).toBeGreaterThanOrEqual(1);
  });

  it('keeps a message with no data whole', () => {
    const html = render({ success: true, message: 'Done\nsecond line', artifacts: [], durationMs: 1 });
    expect(html).toContain('second line');
  });
});
