import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createValidator } from '../validation/validator';
import { importToolset } from './import';
import { nameFromFileName, serverNameOf } from './server-name';

const githubCapture = readFileSync(new URL('../audit/corpus/server-github.json', import.meta.url), 'utf8');
const tools = [
  {
    name: 'echo',
    description: 'Echoes.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'What to echo.' } } },
  },
];

describe('the toolset is named after the server the text names, or the file', () => {
  it('reads serverInfo of an initialize result, bare or in a JSON-RPC response, title before name', () => {
    expect(serverNameOf({ serverInfo: { name: 'weather', version: '1' } })).toBe('weather');
    expect(
      serverNameOf({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'weather', title: 'Weather Service' } } }),
    ).toBe('Weather Service');
    expect(serverNameOf({ tools })).toBeNull();
    expect(serverNameOf([1, 2])).toBeNull();
    expect(serverNameOf({ serverInfo: { name: '  ' } })).toBeNull();
  });

  it('names the GitHub capture after its server, not after the format', () => {
    const result = importToolset(githubCapture, { validator: createValidator() });
    expect(result.toolset.tools.length).toBeGreaterThan(20);
    expect(result.toolset.manifest.name).toBe('github-mcp-server');
    expect(result.toolset.manifest.id).toBe('github-mcp-server');
  });

  it('uses the source name when the text names no server, and a name typed wins over both', () => {
    const text = JSON.stringify({ tools });
    expect(importToolset(text, { validator: createValidator(), sourceName: 'my-tools' }).toolset.manifest.name).toBe(
      'my-tools',
    );
    expect(importToolset(text, { validator: createValidator() }).toolset.manifest.name).toBe(
      'Imported MCP tools/list result',
    );
    const named = JSON.stringify({ serverInfo: { name: 'echo-server' }, tools });
    expect(importToolset(named, { validator: createValidator(), sourceName: 'file' }).toolset.manifest.name).toBe(
      'echo-server',
    );
    expect(importToolset(named, { validator: createValidator(), toolsetName: 'Mine' }).toolset.manifest.name).toBe(
      'Mine',
    );
  });

  it("takes a file's name without its folder and its .json ending", () => {
    expect(nameFromFileName('servers/github-tools.json')).toBe('github-tools');
    expect(nameFromFileName('C:\\x\\Tools.JSON')).toBe('Tools');
    expect(nameFromFileName('list')).toBe('list');
  });
});
