import { describe, expect, it } from 'vitest';
import { collection } from '../src/core/toolset/bundle';
import { renderToolPage, staticToolPath } from './prerender';

const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;
const readFile = acode.tools.find((tool) => tool.name === 'read_file')!;

describe('static docs pages', () => {
  it('live under tools/ for the default toolset and under toolsets/<id>/ for the others', () => {
    expect(staticToolPath('acode-core', 'read_file')).toBe('tools/read_file/');
    expect(staticToolPath('prfactory-agent-tools', 'ReadFile')).toBe('toolsets/prfactory-agent-tools/tools/ReadFile/');
  });

  it('carry the title, description, canonical URL, Open Graph tags, parameters and examples', () => {
    const html = renderToolPage(acode, readFile, ['assets/styles.css'], 'https://tools.example/');
    expect(html).toContain('<title>read_file · Acode core tools · Tool Schema Playground</title>');
    expect(html).toContain('<link rel="canonical" href="https://tools.example/tools/read_file/" />');
    expect(html).toContain('<meta property="og:url" content="https://tools.example/tools/read_file/" />');
    expect(html).toContain('<link rel="stylesheet" href="../../assets/styles.css" />');
    expect(html).toContain('href="../../#/toolsets/acode-core/tools/read_file"');
    expect(html).toContain('data-testid="parameter-table"');
    expect(html.match(/data-testid="static-example"/g)).toHaveLength(readFile.examples.length);
  });

  it('escapes what a definition says, in the head and the body', () => {
    const hostile = { ...readFile, name: 'x"><script>alert(1)</script>', description: '<img src=x onerror=alert(1)> Reads.' };
    const html = renderToolPage(acode, hostile, [], null);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
