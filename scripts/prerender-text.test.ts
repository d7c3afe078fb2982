import { describe, expect, it } from 'vitest';
import { collection } from '../src/core/toolset/bundle';
import { toolMarkdown } from '../src/site/markdown';
import { agentTextFiles, SITE_TEXT } from './prerender-text';
import { staticPages } from './prerender';

const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;
const prfactory = collection.toolsets.find((toolset) => toolset.manifest.id === 'prfactory-agent-tools')!;

describe('the text files the build writes for agents', () => {
  it('a Markdown twin beside every tool page, and a default-toolset tool at its toolset-scoped address too', () => {
    const files = agentTextFiles(collection.toolsets, null);
    const readFile = acode.tools.find((tool) => tool.name === 'read_file')!;
    expect(files.get('tools/read_file/index.md')).toBe(toolMarkdown(acode, readFile));
    expect(files.get('toolsets/acode-core/tools/read_file/index.md')).toBe(toolMarkdown(acode, readFile));
    const readFileTool = prfactory.tools.find((tool) => tool.name === 'ReadFile')!;
    expect(files.get('toolsets/prfactory-agent-tools/tools/ReadFile/index.md')).toBe(
      toolMarkdown(prfactory, readFileTool),
    );
    // Every prerendered tool page has its twin in the same folder.
    for (const page of staticPages(collection.toolsets).filter((entry) => entry.route.page === 'tool'))
      expect(files.has(page.file.replace(/index\.html$/, 'index.md'))).toBe(true);
  });

  it('llms.txt links each twin below the base, or absolutely with a site URL; llms-full.txt is beside it', () => {
    const relative = agentTextFiles(collection.toolsets, null, '/docs/').get('llms.txt')!;
    expect(relative.startsWith(`# ${SITE_TEXT.title}\n`)).toBe(true);
    expect(relative).toContain('- [read_file](/docs/tools/read_file/index.md): ');
    expect(relative).toContain('- [ReadFile](/docs/toolsets/prfactory-agent-tools/tools/ReadFile/index.md): ');
    expect(relative).toContain(`[${prfactory.manifest.name}](/docs/toolsets/prfactory-agent-tools/): `);
    const absolute = agentTextFiles(collection.toolsets, 'https://tools.example/docs/').get('llms.txt')!;
    expect(absolute).toContain('- [read_file](https://tools.example/docs/tools/read_file/index.md): ');
    const full = agentTextFiles(collection.toolsets, null).get('llms-full.txt')!;
    for (const toolset of collection.toolsets)
      for (const tool of toolset.tools) expect(full).toContain(`### \`${tool.name}\`\n`);
  });
});
