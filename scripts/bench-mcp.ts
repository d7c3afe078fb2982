// MCP: connect-to-catalog time for a server with 200 tools (initialize, paged tools/list, the import checks and
// schema compiles that make the live toolset), what our validation adds to each tools/call, and an elicitation
// round trip against a call without one, by the client alone and as a person meets it in the built page
// (bench-mcp-page.ts); then connect-to-catalog in each protocol era against the SDK v2 client alone
// (bench-mcp-eras.ts), and the page weights without the SDK (bench-mcp-weights.ts).
import { existsSync } from 'node:fs';
import { startMcpTestServer } from '../e2e/servers/mcp-test-server';
import { startMcpV2Server } from '../e2e/servers/mcp-v2-server';
import { checkWith } from '../src/core/mcp/input';
import { createAskQueue } from '../src/app/services/connections/asks';
import { benchMcpEras } from './bench-mcp-eras';
import { benchMcpPage } from './bench-mcp-page';
import { benchMcpWeights } from './bench-mcp-weights';
import { connectHttp } from '../src/core/mcp/client';
import { readResult } from '../src/core/mcp/results';
import { toolsetFromTools } from '../src/core/mcp/to-toolset';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const TOOLS = 200;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * An elicitation round trip by the client alone, through the page's ask queue but with no page: the server asks
 * (`input_required`), the request waits in the queue, the answer is taken at once (everything but the person's
 * typing), checked by the project's validator, and sent with the retry; the tool's result arrives. Against a call
 * on the same server with no round (`add`).
 */
async function clientElicitationRoundTrip(era: 'modern' | 'legacy'): Promise<Record<string, number | string>> {
  // The 2025 era asks the client on a session (`elicitation/create`), which the default serving keeps none of.
  const server = await startMcpV2Server(era === 'legacy' ? { legacySessions: true } : {});
  const asks = createAskQueue();
  asks.subscribe(() => {
    for (const ask of asks.snapshot())
      if (ask.kind === 'form') asks.answerForm(ask.id, { action: 'accept', content: { confirm: true } });
  });
  const outcome = await connectHttp(
    { url: server.url },
    { era, answers: { elicitor: asks.elicitorFor(server.url), check: checkWith(validator) } },
  );
  if (!outcome.ok) throw new Error(outcome.failure.message);
  const connection = outcome.value;
  try {
    const timed = async (name: string, args: Record<string, unknown>): Promise<number> => {
      const started = performance.now();
      const called = await connection.callTool(name, args);
      if (!called.ok) throw new Error(`${name}: ${called.failure.message}`);
      return performance.now() - started;
    };
    for (let run = 0; run < 5; run += 1)
      await Promise.all([timed('add', { a: 1, b: 2 }), timed('delete_file', { path: 'warm.txt' })]);
    // The verdict first: the answer reached the server, so the round below is the one timed.
    const answer = server.state.answers.at(-1) ?? 'nothing';
    if (!answer.startsWith('delete_file: accept {"confirm":true'))
      throw new Error(`The ${era} era's answer reached the server as ${answer}: it would time the wrong path.`);
    const plain: number[] = [];
    const round: number[] = [];
    for (let run = 0; run < 30; run += 1) {
      plain.push(await timed('add', { a: run, b: 1 }));
      round.push(await timed('delete_file', { path: `f${run}.txt` }));
    }
    const withRound = median(round);
    const without = median(plain);
    if (connection.era !== era) throw new Error(`asked for the ${era} era, connected in the ${connection.era} one`);
    return {
      era,
      roundTripMedianMs: Number(withRound.toFixed(2)),
      callWithoutRoundMedianMs: Number(without.toFixed(2)),
      ratio: Number((withRound / without).toFixed(2)),
      aim: '≤ 1.5×',
    };
  } finally {
    await connection.close();
    await server.close();
  }
}

export async function benchMcp(): Promise<unknown> {
  const server = await startMcpTestServer({ extraTools: TOOLS - 8 });
  try {
    const connectTimes: number[] = [];
    const importTimes: number[] = [];
    let usable = 0;
    for (let run = 0; run < 5; run += 1) {
      validator.reset();
      const started = performance.now();
      const outcome = await connectHttp({ url: server.url });
      if (!outcome.ok) throw new Error(`run ${run}: ${outcome.failure.message.slice(0, 80)}`);
      const listed = await outcome.value.listTools();
      if (!listed.ok) throw new Error(listed.failure.message);
      const listedAt = performance.now();
      const live = toolsetFromTools(listed.value, outcome.value.serverInfo, validator);
      importTimes.push(performance.now() - listedAt);
      connectTimes.push(performance.now() - started);
      usable = live.toolset.tools.length;
      await outcome.value.close();
    }
    const outcome = await connectHttp({ url: server.url });
    if (!outcome.ok) throw new Error(outcome.failure.message);
    const listed = await outcome.value.listTools();
    const live = toolsetFromTools(listed.ok ? listed.value : [], outcome.value.serverInfo, validator);
    const add = live.toolset.tools.find((tool) => tool.name === 'add')!;
    const callTimes: number[] = [];
    let last: unknown;
    for (let run = 0; run < 30; run += 1) {
      const started = performance.now();
      const called = await outcome.value.callTool('add', { a: run, b: 1 });
      callTimes.push(performance.now() - started);
      last = called.ok ? called.value : null;
    }
    await outcome.value.close();
    const iterations = 2000;
    const started = performance.now();
    for (let run = 0; run < iterations; run += 1) {
      validator.validate(add, { a: run, b: 1 });
      readResult(last, add, validator);
    }
    const overheadMs = (performance.now() - started) / iterations;
    const connectMs = median(connectTimes);
    const callMs = median(callTimes);
    const elicitation = {
      modern: await clientElicitationRoundTrip('modern'),
      legacy: await clientElicitationRoundTrip('legacy'),
    };
    // The same round in the built page (needs npm run build): form shown, answer sent, result shown.
    const elicitationInPage = existsSync('dist/index.html')
      ? { modern: await benchMcpPage('modern'), legacy: await benchMcpPage('legacy') }
      : { error: 'not measured: no built site (npm run build)' };
    const eras = await benchMcpEras();
    return {
      ...(eras as object),
      // The MCP SDK's place in the built site: in no page's up-front JavaScript (needs npm run build).
      ...(existsSync('dist/index.html')
        ? (benchMcpWeights() as object)
        : { pageWeights: 'not measured: no built site (npm run build)' }),
      // importMs: the part after tools/list arrived (import checks; plain schemas compile on first use).
      connectToCatalog: {
        tools: TOOLS,
        usable,
        medianMs: Math.round(connectMs),
        importMs: Math.round(median(importTimes)),
        aimMs: 1000,
        ratio: Number((connectMs / 1000).toFixed(2)),
      },
      elicitationRoundTripClient: elicitation,
      elicitationRoundTripInPage: elicitationInPage,
      callOverhead: {
        validationPerCallMs: Number(overheadMs.toFixed(4)),
        loopbackCallMedianMs: Number(callMs.toFixed(2)),
        shareOfCall: Number((overheadMs / callMs).toFixed(4)),
        aimMs: 1,
        ratio: Number(overheadMs.toFixed(4)),
      },
    };
  } finally {
    await server.close();
  }
}
