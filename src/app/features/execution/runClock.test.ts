import { describe, expect, it } from 'vitest';
import { elapsedMs, pauseClock, resumeClock, startClock } from './runClock';

describe('the run clock', () => {
  it('counts from the start while the call runs', () => {
    expect(elapsedMs(startClock(1000), 3500)).toBe(2500);
  });

  it('stands still while a dialog waits for an answer, and goes on from there once answered', () => {
    const paused = pauseClock(startClock(1000), 2000);
    expect(elapsedMs(paused, 2000)).toBe(1000);
    expect(elapsedMs(paused, 60_000)).toBe(1000);
    const resumed = resumeClock(paused, 60_000);
    expect(elapsedMs(resumed, 60_000)).toBe(1000);
    expect(elapsedMs(resumed, 61_500)).toBe(2500);
  });

  it('adds up several dialogs, and ignores a second pause or a resume that has nothing to resume', () => {
    let clock = startClock(0);
    clock = pauseClock(clock, 100);
    clock = pauseClock(clock, 5000);
    clock = resumeClock(clock, 1100);
    clock = resumeClock(clock, 9999);
    clock = pauseClock(clock, 1500);
    clock = resumeClock(clock, 2500);
    expect(elapsedMs(clock, 3000)).toBe(1000);
  });
});
