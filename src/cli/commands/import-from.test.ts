import { describe, expect, it } from 'vitest';
import { bundle } from '../../core/toolset/bundle';
import { runCli } from '../run';

const definitions = JSON.stringify([
  {
    name: 'good',
    description: 'Reads.',
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path.' } } },
  },
  {
    name: 'loose',
    description: 'Writes.',
    inputSchema: { type: 'object', properties: { path: { description: 'Path.' } } },
  },
]);

describe('import --from', () => {
  it('--from codegenesis refuses a definition its meta-schema rejects, naming the pointer and the rule', async () => {
    const result = await runCli(['import', '-', '--to', 'anthropic', '--from', 'codegenesis'], {
      bundle,
      stdin: definitions,
    });
    expect(result.exitCode).toBe(1);
    expect((JSON.parse(result.stdout) as { name: string }[]).map((tool) => tool.name)).toEqual(['good']);
    expect(result.stderr).toMatch(/\/1\/inputSchema\/properties\/path\/type/);
    expect(result.stderr).toMatch(/meta_schema/);
  });

  it('refuses a name that would display as something else, naming the character, and never prints it raw', async () => {
    const spoofed = JSON.stringify([
      { name: 'read\u202Efdp.exe', description: 'Reads.', inputSchema: { type: 'object', properties: {} } },
      JSON.parse(definitions)[0],
    ]);
    const result = await runCli(['import', '-', '--to', 'anthropic'], { bundle, stdin: spoofed });
    expect(result.exitCode).toBe(1);
    expect((JSON.parse(result.stdout) as { name: string }[]).map((tool) => tool.name)).toEqual(['good']);
    expect(result.stderr).toContain('/0/name');
    expect(result.stderr).toContain('spoofing_name');
    expect(result.stderr).toContain(
      "'read<U+202E>fdp.exe' is refused as a name: it holds U+202E RIGHT-TO-LEFT OVERRIDE",
    );
    expect(result.stdout + result.stderr).not.toContain('\u202E');
  });

  it('refuses an unknown --from format with the list', async () => {
    const result = await runCli(['import', '-', '--to', 'anthropic', '--from', 'yaml'], { bundle, stdin: definitions });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/Unknown format 'yaml' for --from; use one of openai-chat/);
  });
});

describe('import names the toolset', () => {
  const capture = JSON.stringify({
    serverInfo: { name: 'github-mcp-server', title: 'GitHub MCP Server' },
    tools: JSON.parse(definitions),
  });

  it('after the server the text names, else after its file, unless --name says otherwise', async () => {
    const read = (argv: string[], text: string) =>
      runCli(['import', ...argv, '--to', 'toolset'], { bundle, stdin: text, readFile: () => text });
    expect((await read(['capture.json'], capture)).stdout).toContain('"name": "GitHub MCP Server"');
    expect((await read(['my-tools.json'], definitions)).stdout).toContain('"name": "my-tools"');
    expect((await read(['capture.json', '--name', 'Mine'], capture)).stdout).toContain('"name": "Mine"');
  });
});
