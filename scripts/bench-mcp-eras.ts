// MCP connect-to-catalog in each protocol era, against a reference: the SDK v2 test server with 200 tools, in its
// default serving and modern-only; ours is connect, every page of tools/list and the live toolset (import checks);
// the reference is the SDK v2 client alone doing server/discover or initialize and a paged tools/list.
import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { startMcpV2Server } from '../e2e/servers/mcp-v2-server';
import { connectHttp, type McpEra } from '../src/core/mcp/client';
import { toolsetFromTools } from '../src/core/mcp/to-toolset';
import { createCompilingValidator } from '../src/core/validation/compile';

const validator = createCompilingValidator();
const GENERATED = 200;
const RUNS = 7;
const AIM = 1.3;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function ours(url: string, era: McpEra): Promise<{ ms: number; tools: number; era: string }> {
  validator.reset();
  const started = performance.now();
  const outcome = await connectHttp({ url }, { era });
  if (!outcome.ok) throw new Error(`ours (${era}): ${outcome.failure.message}`);
  const listed = await outcome.value.listTools();
  if (!listed.ok) throw new Error(`ours (${era}): ${listed.failure.message}`);
  const live = toolsetFromTools(listed.value, outcome.value.serverInfo, validator);
  const ms = performance.now() - started;
  await outcome.value.close();
  return { ms, tools: live.toolset.tools.length, era: outcome.value.era };
}

async function reference(url: string, era: McpEra): Promise<{ ms: number; tools: number; era: string }> {
  const started = performance.now();
  const client = new Client(
    { name: 'bench-reference', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : era } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  const ms = performance.now() - started;
  const spoken = client.getProtocolEra() ?? 'legacy';
  await client.close();
  return { ms, tools: tools.length, era: spoken };
}

export async function benchMcpEras(): Promise<unknown> {
  const cases: { name: string; modernOnly: boolean; era: McpEra }[] = [
    { name: 'modern era (modern-only serving, era auto)', modernOnly: true, era: 'auto' },
    { name: 'modern era (default serving, era auto)', modernOnly: false, era: 'auto' },
    { name: 'legacy era (default serving, era legacy)', modernOnly: false, era: 'legacy' },
  ];
  const rows = [];
  for (const entry of cases) {
    const server = await startMcpV2Server({ modernOnly: entry.modernOnly, extraTools: GENERATED });
    try {
      // The verdict before the timing: both sides list every tool, in the same era, and ours keeps them all.
      const [mine, theirs] = [await ours(server.url, entry.era), await reference(server.url, entry.era)];
      if (theirs.tools < GENERATED || mine.tools !== theirs.tools || mine.era !== theirs.era)
        throw new Error(
          `${entry.name}: ours listed ${mine.tools} tools (${mine.era}), the reference ${theirs.tools} (${theirs.era})`,
        );
      const oursMs: number[] = [];
      const referenceMs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Alternated, so a slow moment of a shared machine falls on both.
        oursMs.push((await ours(server.url, entry.era)).ms);
        referenceMs.push((await reference(server.url, entry.era)).ms);
      }
      const ratio = median(oursMs) / median(referenceMs);
      rows.push({
        case: entry.name,
        era: mine.era,
        tools: mine.tools,
        oursMedianMs: Math.round(median(oursMs)),
        referenceMedianMs: Math.round(median(referenceMs)),
        ratio: Number(ratio.toFixed(2)),
        aim: AIM,
        met: ratio <= AIM,
      });
    } finally {
      await server.close();
    }
  }
  return { connectToCatalogByEra: rows };
}
