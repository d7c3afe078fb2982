import { describe, expect, it } from 'vitest';
import { afterFirstPaint } from './firstPaint';

/** A page's frame and timer queues, run by hand. */
function fakePage(visibilityState = 'visible') {
  const frames: (() => void)[] = [];
  const timers: { delay: number; run: () => void }[] = [];
  return {
    frames,
    timers,
    scope: {
      document: { visibilityState },
      requestAnimationFrame: ((callback: FrameRequestCallback) => frames.push(() => callback(0))) as typeof requestAnimationFrame,
      setTimeout: ((run: () => void, delay = 0) => timers.push({ delay, run })) as unknown as typeof setTimeout,
    },
  };
}

describe('afterFirstPaint', () => {
  it('runs the task after the next frame has been drawn, once', () => {
    const page = fakePage();
    let runs = 0;
    afterFirstPaint(() => (runs += 1), page.scope);
    expect(runs).toBe(0);
    page.frames.shift()!();
    expect(runs).toBe(0);
    const afterFrame = page.timers.find((timer) => timer.delay === 0)!;
    afterFrame.run();
    expect(runs).toBe(1);
    // The fallback timer comes too late to run it again.
    for (const timer of page.timers) timer.run();
    expect(runs).toBe(1);
  });

  it('does not wait for a frame that may never come', () => {
    const page = fakePage();
    let runs = 0;
    afterFirstPaint(() => (runs += 1), page.scope);
    page.timers.find((timer) => timer.delay > 0)!.run();
    expect(runs).toBe(1);
  });

  it('runs at once in a hidden page, which gets no frames', () => {
    const page = fakePage('hidden');
    let runs = 0;
    afterFirstPaint(() => (runs += 1), page.scope);
    expect(runs).toBe(1);
    expect(page.frames).toHaveLength(0);
  });
});
