// Time a child process as the CPU time it used (user + system, its threads included), read from this
// process's account of its waited-for children (Linux /proc); wall time where that is not available.
// On a shared machine wall time also counts the moments a child waits for a core.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name: state is field 3; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

export interface TimedRun {
  run: SpawnSyncReturns<string>;
  milliseconds: number;
  clock: 'cpu' | 'wall';
}

export function timedSpawn(command: string, args: readonly string[]): TimedRun {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  const wall = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  if (cpuBefore !== null && cpuAfter !== null) return { run, milliseconds: cpuAfter - cpuBefore, clock: 'cpu' };
  return { run, milliseconds: wall, clock: 'wall' };
}
