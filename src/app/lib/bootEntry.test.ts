// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The project's root is the working directory (jsdom gives this module an http: URL).
const bootScript = readFileSync(resolve('public/boot.js'), 'utf8');

/** The head of a prerendered page as scripts/paint-first.ts writes it: the entry inert, boot.js run as the head runs it. */
function runBoot(): void {
  document.head.innerHTML =
    '<script type="text/plain" data-entry src="/assets/index-1.js"></script><link data-preload-after-paint href="/assets/page-1.js"><link data-preload-after-paint href="/assets/editor-1.js">';
  new Function(bootScript)();
}

const modules = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
const painted = () => (window as unknown as { __paintedFirst?: boolean }).__paintedFirst;

describe("public/boot.js starts a prerendered page's entry once the page is painted", () => {
  afterEach(() => {
    (window as unknown as { __releaseEarlyEvents?: (() => unknown) | null }).__releaseEarlyEvents?.();
    delete (window as unknown as { __paintedFirst?: boolean }).__paintedFirst;
    document.head.innerHTML = '';
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('where paint entries are not reported, after the first frame, not before: once, as a module script from the same address', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    runBoot();
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual([]);
    expect(preloads()).toEqual([]);
    expect(painted()).toBeUndefined();
    frames.shift()!(0);
    expect(modules()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual(['/assets/index-1.js']);
    // The page's chunks beside it, in the page's order.
    expect(preloads()).toEqual(['/assets/page-1.js', '/assets/editor-1.js']);
    expect(document.head.querySelector<HTMLScriptElement>('script[type="module"]')!.crossOrigin).toBe('');
    expect(painted()).toBe(true);
    vi.advanceTimersByTime(200);
    expect(modules()).toHaveLength(1);
    expect(preloads()).toHaveLength(2);
  });

  it('leaves out a chunk whose media query the screen does not match, and starts one whose query it matches', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => callback(0));
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 600px)' }));
    document.head.innerHTML =
      '<script type="text/plain" data-entry src="/assets/index-1.js"></script><link data-preload-after-paint href="/assets/page-1.js"><link data-preload-after-paint href="/assets/wide-1.js" media="(min-width: 901px)"><link data-preload-after-paint href="/assets/narrow-1.js" media="(min-width: 600px)">';
    new Function(bootScript)();
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual(['/assets/index-1.js']);
    expect(preloads()).toEqual(['/assets/page-1.js', '/assets/narrow-1.js']);
  });

  it('where paint entries are reported, once the first contentful paint is on screen rather than at the frame callback', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const observers: { report: (names: string[]) => void; options: unknown; disconnected: boolean }[] = [];
    class PaintObserver {
      static supportedEntryTypes = ['mark', 'paint'];
      constructor(callback: (list: { getEntriesByName(name: string): unknown[] }, observer: PaintObserver) => void) {
        const state = {
          report: (names: string[]) =>
            callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, this),
          options: undefined as unknown,
          disconnected: false,
        };
        observers.push(state);
      }
      observe(options: unknown) {
        observers.at(-1)!.options = options;
      }
      disconnect() {
        observers.at(-1)!.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    runBoot();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    expect(frames).toHaveLength(0);
    observers[0]!.report(['first-paint']);
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual([]);
    observers[0]!.report(['first-contentful-paint']);
    expect(observers[0]!.disconnected).toBe(true);
    expect(modules()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual(['/assets/index-1.js']);
    expect(preloads()).toEqual(['/assets/page-1.js', '/assets/editor-1.js']);
    vi.advanceTimersByTime(1000);
    expect(modules()).toHaveLength(1);
  });

  it('after a second at the latest when no frame comes', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', () => 0);
    runBoot();
    vi.advanceTimersByTime(999);
    expect(modules()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(modules()).toEqual(['/assets/index-1.js']);
  });

  it("not before the head is whole: a hidden tab's timer before the body waits for the document", () => {
    vi.useFakeTimers();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const body = document.body;
    body.remove();
    runBoot();
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual([]);
    document.documentElement.append(body);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(modules()).toEqual(['/assets/index-1.js']);
    expect(preloads()).toEqual(['/assets/page-1.js', '/assets/editor-1.js']);
    visibility.mockRestore();
  });

  it('at once in a hidden tab, which gets no frames', () => {
    vi.useFakeTimers();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runBoot();
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual(['/assets/index-1.js']);
    visibility.mockRestore();
  });
});
