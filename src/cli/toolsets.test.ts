import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collection, bundle } from '../core/toolset/bundle';
import { runCli } from './run';

const FIXTURES = new URL('../core/import/fixtures/', import.meta.url);
const files: Record<string, string> = {
  'mcp.json': readFileSync(new URL('mcp-tools-list.json', FIXTURES), 'utf8'),
  'openai.json': readFileSync(new URL('openai-chat.json', FIXTURES), 'utf8'),
  'broken.json':
    '{ "tools": [ { "type": "function", "function": { "name": "", "parameters": { "type": "object" } } } ] }',
};
const readFile = (path: string): string => {
  const text = files[path];
  if (text === undefined) throw new Error(`ENOENT: no such file '${path}'`);
  return text;
};
const cli = (command: string, stdin?: string) =>
  runCli(command.split(' ').filter(Boolean), { bundle, toolsets: collection.toolsets, readFile, stdin });

describe('--toolset and list --toolsets', () => {
  it('lists the bundled toolsets with their ids', async () => {
    const result = await cli('list --toolsets --json');
    expect(JSON.parse(result.stdout)).toEqual([
      { id: 'acode-core', name: 'Acode core tools', version: '1.0.0', tools: 17, categories: 5 },
      { id: 'prfactory-agent-tools', name: 'PRFactory.AgentTools', version: '1.0.0', tools: 26, categories: 7 },
    ]);
  });

  it('works on a bundled toolset chosen by id, for list, show, validate, lint and export', async () => {
    expect((await cli('list --count --toolset prfactory-agent-tools')).stdout).toBe('26\n');
    expect((await cli('show ReadFile --toolset=prfactory-agent-tools')).stdout).toContain('filePath');
    const invalid = await cli('validate GetJiraTicket --toolset prfactory-agent-tools', '{"ticketKey": "proj-1"}');
    expect(invalid.exitCode).toBe(1);
    expect(invalid.stdout).toContain('[pattern_mismatch]');
    expect((await cli('lint --toolset prfactory-agent-tools --strict')).exitCode).toBe(0);
    expect(
      JSON.parse((await cli('export WebFetch --format mcp --toolset prfactory-agent-tools')).stdout),
    ).toMatchObject({ name: 'WebFetch' });
    // Without --toolset, Acode stays the default.
    expect((await cli('show ReadFile')).exitCode).toBe(2);
  });

  it('reads a definitions file in any import format, saying what it refused', async () => {
    const listed = await cli('list --json --toolset mcp.json');
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout).toolset.name).toBe('mcp');
    const refused = await cli('list --toolset broken.json');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("no usable tool definitions in 'broken.json'");
    expect(refused.stderr).toContain('refused at /tools/0/name (empty_name): Tool #1 has an empty name');
    expect((await cli('list --toolset missing.json')).stderr).toContain("'missing.json' could not be read");
    expect((await cli('list --toolset nonesuch')).stderr).toContain('bundled: acode-core, prfactory-agent-tools');
  });
});

describe('import <file> --to <format>', () => {
  it('converts between formats and reads standard input', async () => {
    const toMcp = await cli('import openai.json --to mcp');
    expect(toMcp.exitCode).toBe(0);
    const converted = JSON.parse(toMcp.stdout) as { tools: { name: string; inputSchema: unknown }[] };
    expect(converted.tools.length).toBeGreaterThan(0);
    expect(converted.tools[0]).toHaveProperty('inputSchema');
    expect(toMcp.stderr).toMatch(/^Read OpenAI/);
    const back = await cli('import - --to openai-chat', toMcp.stdout);
    const names = (tools: { function: { name: string; parameters: unknown } }[]) =>
      tools.map((tool) => [tool.function.name, tool.function.parameters]);
    expect(names(JSON.parse(back.stdout))).toEqual(names(JSON.parse(files['openai.json']!).tools));
  });

  it('fails with the refusals when nothing converts, and names unknown formats', async () => {
    const result = await cli('import broken.json --to anthropic');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('Nothing to convert.');
    expect((await cli('import openai.json --to yaml')).stderr).toContain("Unknown format 'yaml'");
  });
});
