import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { ToolsetAuditReport } from './ToolsetAuditReport';

const many = {
  manifest: { id: 'many', name: 'Many tools', version: '1.0.0', description: 'Generated.', categories: [] },
  tools: Array.from({ length: 400 }, (_, index) => ({ name: `tool_${index}`, description: `Reads the file number ${index} from the workspace and returns its content.`, inputSchema: { type: 'object' } })),
} as unknown as ToolsetBundle;

vi.mock('../../lib/toolset', () => ({
  toolsetEntries: () => [],
  loadToolset: (id: string) => Promise.resolve(id === 'many' ? many : null),
}));

const html = async (): Promise<string> => {
  const { prelude } = await prerender(<ToolsetAuditReport toolsetId="many" />);
  return (await new Response(prelude).text()).replace(/<!-- -->/g, '');
};

describe('the audit across tools on the page', () => {
  it('draws the first 500 findings of nearly 2,000, says how many there are, and offers the rest', async () => {
    const page = await html();
    expect((page.match(/<tr/g) ?? []).length).toBe(501);
    expect(page).toMatch(/The first 500 of 1,9\d\d findings, most severe first\./);
    expect(page).toMatch(/<button type="button" class="button button-small">Show all 1,9\d\d<\/button>/);
  });
});
