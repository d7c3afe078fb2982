// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRetirement, framesMoveRunning, TEARDOWN_LIMIT_MS, type Retiring } from './retireFrame';

const retireFrame = (frame: HTMLIFrameElement, host: Retiring, limitMs?: number) =>
  createRetirement(frame, host, limitMs).retire();

function mounted(): { view: HTMLElement; frame: HTMLIFrameElement } {
  const view = document.createElement('section');
  const frame = document.createElement('iframe');
  view.append(frame);
  document.body.append(view);
  return { view, frame };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('an app frame removed only after its app is told', () => {
  it('waits for the answer to the teardown request, then closes the bridge and removes the frame', async () => {
    const { frame } = mounted();
    let answer: () => void = () => undefined;
    const order: string[] = [];
    const host = {
      teardown: vi.fn((limit: number) => {
        order.push(`teardown ${limit}`);
        return new Promise<void>((resolve) => (answer = resolve));
      }),
      close: vi.fn(async () => void order.push(`close, frame attached: ${frame.isConnected}`)),
    };
    // A browser with Element.moveBefore moves the frame, running, out of the view: the view can go at once.
    const moved = vi.fn(function (this: HTMLElement, node: Node) {
      this.append(node);
    });
    Object.defineProperty(HTMLElement.prototype, 'moveBefore', { value: moved, configurable: true });
    const retired = retireFrame(frame, host);
    delete (HTMLElement.prototype as { moveBefore?: unknown }).moveBefore;
    await Promise.resolve();
    expect(host.close).not.toHaveBeenCalled();
    expect(moved).toHaveBeenCalledOnce();
    expect(frame.closest('section')).toBeNull();
    expect(frame.closest('#mcp-app-retiring')?.getAttribute('aria-hidden')).toBe('true');
    answer();
    await retired;
    expect(order).toEqual([`teardown ${TEARDOWN_LIMIT_MS}`, 'close, frame attached: true']);
    expect(frame.isConnected).toBe(false);
  });

  it('removes the frame at the limit when the app never answers, and when the request fails', async () => {
    vi.useFakeTimers();
    const { frame } = mounted();
    const silent = { teardown: () => new Promise<never>(() => undefined), close: vi.fn(async () => undefined) };
    const retired = retireFrame(frame, silent, 200);
    await vi.advanceTimersByTimeAsync(199);
    // Without moveBefore the frame waits hidden where it is.
    expect([frame.isConnected, frame.hidden, frame.closest('section') !== null]).toEqual([true, true, true]);
    await vi.advanceTimersByTimeAsync(1);
    await retired;
    expect(silent.close).toHaveBeenCalledOnce();
    expect(frame.isConnected).toBe(false);

    const other = mounted().frame;
    await retireFrame(other, { teardown: () => Promise.reject(new Error('gone')), close: async () => undefined });
    expect(other.isConnected).toBe(false);
  });

  it('tells the app once, whether the page is left first or the view goes first', async () => {
    const { frame } = mounted();
    const host = { teardown: vi.fn(async () => undefined), close: vi.fn(async () => undefined) };
    const retirement = createRetirement(frame, host);
    await retirement.tell();
    // Told before its view went: the frame is still in place, running.
    expect([frame.isConnected, frame.hidden, host.close.mock.calls.length]).toEqual([true, false, 0]);
    await retirement.retire();
    expect(host.teardown).toHaveBeenCalledOnce();
    expect(host.close).toHaveBeenCalledOnce();
    expect(frame.isConnected).toBe(false);
  });

  it('knows whether the browser moves a frame running', () => {
    expect(framesMoveRunning(document)).toBe(false);
    Object.defineProperty(HTMLElement.prototype, 'moveBefore', { value: () => undefined, configurable: true });
    expect(framesMoveRunning(document)).toBe(true);
    delete (HTMLElement.prototype as { moveBefore?: unknown }).moveBefore;
  });
});
