// The workspace shell's loops beside just-bash alone (`new Bash()` over its own in-memory file system): a
// 1,000-iteration `for` over `seq` and a 1,000-iteration counting `while`, each printing every number. The
// workspace shell adds the protected file system, the time limit's check in every loop body and the cancel
// signal. Outputs are compared before anything is timed; the two run in turn, round by round, and the figure
// is the ratio of medians of this process's CPU time, which a busy machine moves less than the wall clock.
// Run alone with `tsx scripts/bench-shell-loops.ts`.
import { pathToFileURL } from 'node:url';
import { Bash } from 'just-bash';
import { createWorkspace } from '../src/core/workspace/workspace';

/** The workspace shell's loop against just-bash's own, CPU time: its check and protections, at most double. */
const RATIO_AIM = 2;
const ROUNDS = 7;

const LOOPS = {
  forSeq: 'for i in $(seq 1000); do echo $i; done',
  whileCount: 'i=0; while [ $i -lt 1000 ]; do i=$((i+1)); echo $i; done',
};

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number) => Number(value.toFixed(1));

/** The CPU and wall milliseconds `action` takes. */
async function measured(action: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await action();
  const used = process.cpuUsage(cpuBefore);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - started };
}

export async function benchShellLoops(): Promise<object> {
  const workspace = await createWorkspace();
  const ours = (script: string) => workspace.runShell(script, { cwd: '/workspace', timeoutMs: 120_000 });
  const theirs = (script: string) => new Bash().exec(script);
  const loops: Record<string, object> = {};
  for (const [name, script] of Object.entries(LOOPS)) {
    const [mine, reference] = [await ours(script), await theirs(script)];
    if (mine.stdout !== reference.stdout || mine.exitCode !== reference.exitCode) {
      throw new Error(`${name}: the workspace shell and just-bash give different output; nothing timed`);
    }
    const samples = { ours: [] as { cpu: number; wall: number }[], justBash: [] as { cpu: number; wall: number }[] };
    for (let index = 0; index < ROUNDS; index += 1) {
      samples.ours.push(await measured(() => ours(script)));
      samples.justBash.push(await measured(() => theirs(script)));
    }
    const of = (list: { cpu: number; wall: number }[], key: 'cpu' | 'wall') => median(list.map((item) => item[key]));
    const ratio = of(samples.ours, 'cpu') / of(samples.justBash, 'cpu');
    loops[name] = {
      script,
      oursCpuMs: round(of(samples.ours, 'cpu')),
      justBashCpuMs: round(of(samples.justBash, 'cpu')),
      oursWallMs: round(of(samples.ours, 'wall')),
      justBashWallMs: round(of(samples.justBash, 'wall')),
      cpuRatio: Number(ratio.toFixed(2)),
      withinAim: ratio <= RATIO_AIM,
    };
  }
  return { aim: `CPU time at most ${RATIO_AIM}× just-bash alone`, rounds: ROUNDS, ...loops };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchShellLoops(), null, 2));
}
