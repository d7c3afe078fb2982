import { describe, expect, it } from 'vitest';
import { bundle } from '../../../core/toolset/bundle';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { createMemoryToolsetStorage } from '../../lib/importedToolsets.test-support';
import { createToolsets } from '../../services/toolsets';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import { createPage } from '../../lib/page';
import { createPageValidator } from '../../lib/pageValidator';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { createSchemaChecks } from '../../lib/schemaWorker';
import { judgeFor, toolsetOf } from './modelRun';

const imported: ToolsetBundle = {
  manifest: {
    id: 'weather',
    name: 'Weather tools',
    version: '1.0.0',
    description: 'Imported',
    categories: [{ id: 'imported', name: 'Imported', description: 'Imported', tools: ['get_weather'] }],
  },
  tools: [
    {
      name: 'get_weather',
      title: 'get_weather',
      description: 'The weather',
      version: '1.0.0',
      category: 'imported',
      riskLevel: 'safe',
      tags: [],
      inputSchema: { type: 'object', required: ['location'], properties: { location: { type: 'string' } } },
      examples: [],
      invalidExamples: [],
    },
  ],
};

describe('toolsetOf', () => {
  it('reads an imported toolset from its entry, and loads a bundled one', async () => {
    const toolsets = createToolsets({
      storage: createMemoryToolsetStorage([
        { toolset: imported, format: 'MCP tools/list result', importedAt: 1, mocks: {} },
      ]),
    });
    await toolsets.loadImported();
    expect((await toolsetOf(toolsets, 'weather'))?.tools.map((tool) => tool.name)).toEqual(['get_weather']);
    expect((await toolsetOf(toolsets, bundle.manifest.id))?.tools.length).toBe(bundle.tools.length);
    expect(await toolsetOf(toolsets, 'no-such-toolset')).toBeNull();
  });
});

describe('toolsetOf a live server', () => {
  it('leaves out the tools its server shows to its apps only', async () => {
    const refresh = { ...imported.tools[0]!, name: 'refresh_view' };
    const live = {
      toolset: {
        ...imported,
        manifest: { ...imported.manifest, id: 'mcp-weather' },
        tools: [imported.tools[0]!, refresh],
      },
      format: 'live MCP server',
      importedAt: 1,
      mocks: {},
      live: { url: 'http://127.0.0.1:9/mcp', serverName: 'weather', serverVersion: '1.0.0', appOnly: ['refresh_view'] },
    };
    const toolsets = createToolsets({ storage: createMemoryToolsetStorage([live]) });
    await toolsets.loadImported();
    expect((await toolsetOf(toolsets, 'mcp-weather'))?.tools.map((tool) => tool.name)).toEqual(['get_weather']);
  });
});

describe('judgeFor', () => {
  it("loads the bundled tools' generated validators into the validator it is given, which then judges their calls here", async () => {
    const validator = createPageValidator();
    const page = createPage();
    const tools = bundle.tools.slice(0, 2);
    expect(
      await judgeFor(
        validator,
        page.part(createSchemaChecks),
        page.part(createPrecompiledLoads),
        tools,
        PROVIDER_ADAPTERS.anthropic,
      ),
    ).toBeUndefined();
    for (const tool of tools) expect(validator.hasPrecompiled(tool.inputSchema), tool.name).toBe(true);
    expect(createPageValidator().hasPrecompiled(tools[0]!.inputSchema)).toBe(false);
  });
});
