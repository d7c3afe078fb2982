/**
 * A call's running time as the panel shows it: the time spent waiting for the person to answer a dialog (an approval,
 * a question) is not the call's, so the clock stops while one is open and goes on from where it stopped.
 */
export interface RunClock {
  startedAt: number;
  /** When the open dialog appeared; null while the call runs. */
  pausedAt: number | null;
  /** Time spent in dialogs already answered. */
  pausedMs: number;
}

export const startClock = (at: number): RunClock => ({ startedAt: at, pausedAt: null, pausedMs: 0 });

export function elapsedMs(clock: RunClock, now: number): number {
  return Math.max(0, (clock.pausedAt ?? now) - clock.startedAt - clock.pausedMs);
}

export function pauseClock<T extends RunClock>(clock: T, at: number): T {
  return clock.pausedAt === null ? { ...clock, pausedAt: at } : clock;
}

export function resumeClock<T extends RunClock>(clock: T, at: number): T {
  return clock.pausedAt === null
    ? clock
    : { ...clock, pausedAt: null, pausedMs: clock.pausedMs + Math.max(0, at - clock.pausedAt) };
}
