/**
 * Refreshes the corpus of real published tool definitions (src/core/audit/corpus/*.json): starts each MCP server
 * over stdio from an npm install, asks tools/list, and saves the answer with its provenance. Run by hand, never in
 * tests (it starts other people's programs):
 *
 *   mkdir scratch && cd scratch && npm init -y && npm install --ignore-scripts <the packages below>
 *   npx tsx scripts/capture-mcp-corpus.ts --modules <scratch>/node_modules [--only <package>]
 *
 * Servers that need the network or a key just to list their tools are left out; dummy keys are given to servers
 * that only check one is present at start-up (they never reach their service while listing).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

interface Server {
  /** The fixture's file name. */
  id: string;
  package: string;
  args?: (scratch: string) => string[];
  /** Placeholder values only: the server checks the variable is set, listing tools never uses it. */
  env?: Record<string, string>;
}

const SERVERS: Server[] = [
  { id: 'server-filesystem', package: '@modelcontextprotocol/server-filesystem', args: (scratch) => [scratch] },
  { id: 'server-memory', package: '@modelcontextprotocol/server-memory' },
  { id: 'server-sequential-thinking', package: '@modelcontextprotocol/server-sequential-thinking' },
  { id: 'server-everything', package: '@modelcontextprotocol/server-everything', args: () => ['stdio'] },
  { id: 'playwright-mcp', package: '@playwright/mcp', args: () => ['--headless'] },
  { id: 'context7-mcp', package: '@upstash/context7-mcp' },
  {
    id: 'server-github',
    package: '@modelcontextprotocol/server-github',
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'placeholder' },
  },
  { id: 'notion-mcp-server', package: '@notionhq/notion-mcp-server' },
  { id: 'firecrawl-mcp', package: 'firecrawl-mcp', env: { FIRECRAWL_API_KEY: 'placeholder' } },
  { id: 'server-puppeteer', package: '@modelcontextprotocol/server-puppeteer' },
];

const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

async function capture(server: Server, modules: string, out: string): Promise<void> {
  const directory = join(modules, server.package);
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
    version: string;
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`${server.package} has no bin`);
  const environment: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...server.env,
  };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(directory, bin), ...(server.args?.(resolve(modules, '..')) ?? [])],
    env: environment,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'tool-schemas-corpus', version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    const fixture = {
      provenance: {
        package: server.package,
        version: manifest.version,
        captured: new Date().toISOString().slice(0, 10),
        how: `npm install ${server.package}@${manifest.version}; started over stdio (${['node', bin, ...(server.args?.('<scratch>') ?? [])].join(' ')})${server.env ? ` with placeholder ${Object.keys(server.env).join(', ')}` : ''}; tools/list through the MCP SDK's Client and StdioClientTransport (scripts/capture-mcp-corpus.ts)`,
        server: client.getServerVersion() ?? null,
      },
      tools,
    };
    writeFileSync(join(out, `${server.id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
    console.log(`${server.id}: ${server.package}@${manifest.version}, ${tools.length} tools`);
  } finally {
    await client.close();
  }
}

const modules = option('modules');
if (!modules) {
  console.error(
    'Usage: tsx scripts/capture-mcp-corpus.ts --modules <node_modules of a scratch install> [--only <package>]',
  );
  process.exit(2);
}
const out = resolve('src/core/audit/corpus');
mkdirSync(out, { recursive: true });
const only = option('only');
for (const server of SERVERS.filter((entry) => !only || entry.package === only)) {
  try {
    await Promise.race([
      capture(server, resolve(modules), out),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no tools/list answer within 30 s')), 30_000).unref(),
      ),
    ]);
  } catch (error) {
    console.error(`${server.id}: skipped (${(error as Error).message})`);
  }
}
process.exit(0);
