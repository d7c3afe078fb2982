// The workspace's `node`: time to create a QuickJS context, boot the prelude and run `console.log(1)`
// (the figure every `node` command pays), against a bare context as the reference, and what the first
// `require` of each bundled built-in adds. Run alone with `tsx scripts/bench-node-start.ts`.
import { pathToFileURL } from 'node:url';
import { NODE_LIBRARIES } from '../src/generated/node-libraries.js';
import { NODE_PRELUDE } from '../src/core/workspace/shell/node-prelude';
import { loadQuickJs, runNodeProgram } from '../src/core/workspace/shell/node-runtime';
import { createWorkspace } from '../src/core/workspace/workspace';

const ROUNDS = 41;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const round = (value: number) => Number(value.toFixed(2));

export async function benchNodeStart(): Promise<object> {
  const quickJs = await loadQuickJs();
  const workspace = await createWorkspace();
  const run = (code: string) =>
    runNodeProgram({
      program: { kind: 'eval', code, print: false, filename: '[eval]' },
      args: [],
      cwd: '/workspace',
      env: {},
      fs: workspace.fs,
      deadline: Date.now() + 10_000,
    });
  const medianOf = async (action: () => Promise<unknown> | unknown): Promise<number> => {
    await action();
    const samples: number[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      const started = performance.now();
      await action();
      samples.push(performance.now() - started);
    }
    return round(median(samples));
  };

  const bareContextMs = await medianOf(() => {
    const runtime = quickJs.newRuntime();
    const context = runtime.newContext();
    context.unwrapResult(context.evalCode('1')).dispose();
    context.dispose();
    runtime.dispose();
  });
  const consoleLogMs = await medianOf(() => run('console.log(1)'));
  const requireMs: Record<string, number> = {};
  for (const name of ['path', 'events', 'util', 'assert']) {
    requireMs[name] = round((await medianOf(() => run(`require('${name}'); console.log(1)`))) - consoleLogMs);
  }
  return {
    note: `median of ${ROUNDS} runs; require figures are the extra time over console.log(1)`,
    bareContextMs,
    consoleLogMs,
    preludeOverBareContextMs: round(consoleLogMs - bareContextMs),
    firstRequireMs: requireMs,
    preludeChars: NODE_PRELUDE.length,
    bundledLibraryChars: Object.fromEntries(Object.entries(NODE_LIBRARIES).map(([name, text]) => [name, text.length])),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchNodeStart(), null, 2));
}
