import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { importToolset } from '../../../core/import';
import { listChange, liveRecord } from './liveToolset';
import { createCompilingValidator } from '../../../core/validation/compile';

// The validator of these tests: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const importer = async (text: string) => importToolset(text, { validator });
const server = { name: 'docs-server', version: '2.1.0' };
const search: Tool = {
  name: 'search',
  description: 'Searches the docs.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const broken = {
  name: 'broken',
  description: 'Has a schema that does not compile.',
  inputSchema: { type: 'object', properties: { n: { type: 'nonsense' } } },
} as unknown as Tool;

describe('a live toolset', () => {
  it('is an imported toolset flagged live, under the id given, with the server as its version', async () => {
    const { record, problems } = await liveRecord(
      [search],
      server,
      'http://127.0.0.1:9/mcp',
      'mcp-docs-server',
      importer,
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(record.toolset.manifest).toMatchObject({ id: 'mcp-docs-server', name: 'docs-server', version: '2.1.0' });
    expect(record.toolset.tools.map((tool) => tool.name)).toEqual(['search']);
    expect(record.live).toEqual({ url: 'http://127.0.0.1:9/mcp', serverName: 'docs-server', serverVersion: '2.1.0' });
  });

  it('refuses a tool whose schema does not compile, by pointer and rule, and keeps the rest', async () => {
    const { record, problems } = await liveRecord(
      [search, broken],
      server,
      'http://127.0.0.1:9/mcp',
      'mcp-docs-server',
      importer,
    );
    expect(record.toolset.tools.map((tool) => tool.name)).toEqual(['search']);
    expect(problems.filter((problem) => problem.severity === 'error')).toMatchObject([
      { toolName: 'broken', rule: 'unknown_type' },
    ]);
  });

  it('names the tools its server shows to its apps only, which the Models page never offers a model', async () => {
    const refresh: Tool = {
      name: 'refresh',
      description: 'Reloads the view.',
      inputSchema: { type: 'object' },
      _meta: { ui: { resourceUri: 'ui://docs/app.html', visibility: ['app'] } },
    };
    const { record } = await liveRecord(
      [search, refresh],
      server,
      'http://127.0.0.1:9/mcp',
      'mcp-docs-server',
      importer,
    );
    expect(record.toolset.tools.map((tool) => tool.name)).toEqual(['search', 'refresh']);
    expect(record.live?.appOnly).toEqual(['refresh']);
  });

  it('keeps the icons each tool may show, and none the icon rule refuses', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const webp = 'data:image/webp;base64,UklGRg==';
    const iconed: Tool = {
      ...search,
      name: 'iconed',
      icons: [
        { src: 'https://example.org/icon.png' },
        { src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
        { src: png, mimeType: 'image/png', sizes: ['16x16'], theme: 'light' },
        { src: webp, theme: 'dark' },
      ],
    };
    const refusedOnly: Tool = { ...search, name: 'plain', icons: [{ src: 'javascript:alert(1)' }] };
    const { record } = await liveRecord(
      [search, iconed, refusedOnly],
      server,
      'http://127.0.0.1:9/mcp',
      'mcp-docs-server',
      importer,
    );
    expect(record.live?.icons).toEqual({
      iconed: [
        { src: png, mimeType: 'image/png', sizes: ['16x16'], theme: 'light' },
        { src: webp, theme: 'dark' },
      ],
    });
  });

  it('is an empty toolset for a server with no tools', async () => {
    const { record, problems } = await liveRecord([], server, 'http://127.0.0.1:9/mcp', 'mcp-docs-server', importer);
    expect(record.toolset.tools).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('a tool list change', () => {
  it('classes an added tool minor and a changed description word by word', async () => {
    const changed: Tool = { ...search, description: 'Searches the docs and the web.' };
    const added: Tool = { name: 'fetch', inputSchema: { type: 'object' } };
    const report = await listChange([search], [changed, added], server);
    const byName = Object.fromEntries(report.tools.map((tool) => [tool.name, tool]));
    expect(byName.fetch).toMatchObject({ status: 'added', class: 'minor' });
    expect(
      byName
        .search!.description!.filter((part) => part.kind === 'added')
        .map((part) => part.text)
        .join(''),
    ).toContain('web');
  });
});
