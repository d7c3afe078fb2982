import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { ServicesContext, type Services } from '../../services/Services';
import type { Toolsets } from '../../services/toolsets';
import { ToolsetAuditReport } from './ToolsetAuditReport';

const many = {
  manifest: { id: 'many', name: 'Many tools', version: '1.0.0', description: 'Generated.', categories: [] },
  tools: Array.from({ length: 400 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Reads the file number ${index} from the workspace and returns its content.`,
    inputSchema: { type: 'object' },
  })),
} as unknown as ToolsetBundle;

// Only this toolset, with nothing loaded beside it: what the report reads of the toolsets service.
const cache = new Map<string, Promise<unknown>>();
const toolsets = {
  entries: () => [],
  loadToolset: (id: string) => Promise.resolve(id === 'many' ? many : null),
  cached: <T,>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key) as Promise<T>;
  },
} as unknown as Toolsets;
const services = { toolsets } as unknown as Services;

const html = async (): Promise<string> => {
  const { prelude } = await prerender(
    <ServicesContext value={services}>
      <ToolsetAuditReport toolsetId="many" />
    </ServicesContext>,
  );
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
