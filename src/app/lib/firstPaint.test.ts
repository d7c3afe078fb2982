// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { afterFirstPaint, afterPaintStylesheets } from './firstPaint';

/** A page's frame and timer queues, run by hand. */
function fakePage(visibilityState = 'visible') {
  const frames: (() => void)[] = [];
  const timers: { delay: number; run: () => void }[] = [];
  return {
    frames,
    timers,
    scope: {
      document: { visibilityState },
      requestAnimationFrame: ((callback: FrameRequestCallback) =>
        frames.push(() => callback(0))) as typeof requestAnimationFrame,
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

  it('runs at once when boot.js says the page is painted already (it started the entry after the first frame)', () => {
    const page = fakePage();
    let runs = 0;
    afterFirstPaint(() => (runs += 1), { ...page.scope, __paintedFirst: true });
    expect(runs).toBe(1);
    expect(page.frames).toEqual([]);
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

describe('afterPaintStylesheets', () => {
  /** Links as the prerender writes them, in a document of their own (jsdom fetches no stylesheet). */
  async function page(html: string) {
    const document = window.document.implementation.createHTMLDocument('page');
    document.head.innerHTML = html;
    return document;
  }

  it('enables each stylesheet held back for after the paint and resolves once each has loaded or failed', async () => {
    const document = await page(
      '<link rel="stylesheet" disabled data-after-paint href="/a.css"><link rel="stylesheet" disabled data-after-paint href="/b.css"><link rel="stylesheet" disabled href="/c.css">',
    );
    const [first, second, other] = [...document.querySelectorAll('link')];
    let resolved = false;
    const done = afterPaintStylesheets(document, () => undefined).then(() => (resolved = true));
    expect(first!.hasAttribute('disabled')).toBe(false);
    expect(second!.hasAttribute('disabled')).toBe(false);
    // A disabled link the prerender did not mark (the bundler's loader is told it is there) stays as it is.
    expect(other!.hasAttribute('disabled')).toBe(true);
    first!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(resolved).toBe(false);
    second!.dispatchEvent(new Event('error'));
    await done;
    expect(resolved).toBe(true);
    expect(document.querySelectorAll('[data-after-paint]')).toHaveLength(0);
  });

  it('does not wait for ever on a stylesheet that never answers', async () => {
    const document = await page('<link rel="stylesheet" disabled data-after-paint href="/slow.css">');
    const waits: { run: () => void; ms: number }[] = [];
    const done = afterPaintStylesheets(document, (run, ms) => waits.push({ run, ms }));
    expect(waits).toHaveLength(1);
    expect(waits[0]!.ms).toBeGreaterThan(0);
    waits[0]!.run();
    await done;
  });

  it('resolves at once on a page with nothing held back', async () => {
    await afterPaintStylesheets(await page('<link rel="stylesheet" href="/a.css">'), () => undefined);
  });
});
