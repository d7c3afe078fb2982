// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdLeaving, LEAVE_LIMIT_MS, settleHolds } from './leaveHolds';
import { createPage, PageContext, type Page } from './page';
import { navigate, useRoute } from './router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Shown() {
  const route = useRoute();
  return <h1>{route.page === 'tool' ? route.name : route.page}</h1>;
}

/** A hold the test settles by hand. */
function manualHold(page: Page): { release: () => void; settle: () => void; calls: () => number } {
  let settle: () => void = () => undefined;
  let calls = 0;
  const release = holdLeaving(page.route, () => {
    calls += 1;
    return new Promise<void>((resolve) => (settle = resolve));
  });
  return { release, settle: () => settle(), calls: () => calls };
}

describe('a change of page waits for what holds leaving', () => {
  let root: Root;
  let container: HTMLElement;
  let page: Page;
  const shown = () => container.textContent;

  beforeEach(async () => {
    window.history.replaceState(null, '', '/tools/read_file/');
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    page = createPage();
    await act(async () =>
      root.render(
        <PageContext value={page}>
          <Shown />
        </PageContext>,
      ),
    );
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  it('goes at once with nothing held', async () => {
    await act(async () => navigate('/tools/git_commit/'));
    expect([window.location.pathname, shown()]).toEqual(['/tools/git_commit/', 'git_commit']);
  });

  it('shows another page only once the hold settles, then the newest address asked for', async () => {
    const hold = manualHold(page);
    await act(async () => navigate('/import/'));
    await act(async () => navigate('/tools/git_commit/'));
    // The address changes at once; the page shown stays until the hold settles.
    expect([window.location.pathname, shown(), hold.calls()]).toEqual(['/tools/git_commit/', 'read_file', 1]);
    await act(async () => hold.settle());
    expect([window.location.pathname, shown()]).toEqual(['/tools/git_commit/', 'git_commit']);
    hold.release();
  });

  it('does not hold an address of the same page, such as its shared link taken off', async () => {
    const hold = manualHold(page);
    await act(async () => navigate('/tools/read_file/#args=e30', { replace: true }));
    expect([window.location.hash, hold.calls()]).toEqual(['#args=e30', 0]);
    hold.release();
  });

  it('keeps showing the page on the back button until the hold settles', async () => {
    await act(async () => navigate('/tools/git_commit/'));
    const hold = manualHold(page);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect([window.location.pathname, shown(), hold.calls()]).toEqual(['/tools/read_file/', 'git_commit', 1]);
    await act(async () => hold.settle());
    expect(shown()).toBe('read_file');
    hold.release();
  });

  it('goes at the limit when a hold never settles, and past a hold that fails', async () => {
    vi.useFakeTimers();
    const never = holdLeaving(page.route, () => new Promise<never>(() => undefined));
    const failing = holdLeaving(page.route, () => Promise.reject(new Error('gone')));
    let settled = false;
    void settleHolds(page.route).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(LEAVE_LIMIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    never();
    failing();
  });
});
