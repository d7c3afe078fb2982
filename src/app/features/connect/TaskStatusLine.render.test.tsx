// @vitest-environment jsdom
// The task status line's times, on a fake clock: elapsed counts from when the call was sent, a status that comes
// between two ticks shows with its own time, and a finished task's line stands at the status that ended it.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskState } from '../../../core/mcp/task-support';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';
import { TaskStatusLine } from './TaskStatusLine';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const T = Date.UTC(2026, 0, 1);
const mounted = mountRootPerTest();
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T);
});
afterEach(() => {
  vi.useRealTimers();
});

const task = (status: TaskState['status'], seenAt: number, message?: string): TaskState => ({
  taskId: 't1',
  status,
  ...(message ? { message } : {}),
  startedAt: T - 2_000,
  seenAt,
  ttlMs: 60_000,
  expiresAt: T + 58_000,
  pollIntervalMs: 100,
});

const elapsed = () => mounted.container.querySelector('[data-testid="task-elapsed"]')?.textContent;
const line = () => mounted.container.querySelector('[data-testid="task-status"]')?.textContent;

describe('the task status line', () => {
  it('counts the time elapsed from when the call was sent, and moves on while the task runs', () => {
    act(() => mounted.root.render(<TaskStatusLine task={task('working', T, 'Step 1 of 4')} running />));
    expect(elapsed()).toBe('2.0 s elapsed');
    expect(line()).toContain('Working — Step 1 of 4');
    expect(line()).toContain('expires in 58.0 s');
    act(() => vi.advanceTimersByTime(1_000));
    expect(elapsed()).toBe('3.0 s elapsed');
  });

  it('shows a status seen between two ticks with the time it was seen, not the last tick', () => {
    act(() => mounted.root.render(<TaskStatusLine task={task('working', T, 'Step 1 of 4')} running />));
    vi.setSystemTime(T + 450);
    act(() => mounted.root.render(<TaskStatusLine task={task('working', T + 450, 'Step 4 of 4')} running />));
    expect(line()).toContain('Step 4 of 4');
    expect(elapsed()).toBe('2.5 s elapsed');
  });

  it('stands still once the task ended, at the status that ended it', () => {
    act(() =>
      mounted.root.render(<TaskStatusLine task={task('completed', T + 1_200, 'Report ready')} running={false} />),
    );
    expect(elapsed()).toBe('3.2 s elapsed');
    expect(mounted.container.querySelector('progress')).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    expect(elapsed()).toBe('3.2 s elapsed');
  });

  it('says how the status reaches the page: pushed by the server, or polled at its interval', () => {
    const followed = () => mounted.container.querySelector('[data-testid="task-followed"]')?.textContent;
    act(() =>
      mounted.root.render(<TaskStatusLine task={{ ...task('working', T), followedBy: 'notifications' }} running />),
    );
    expect(followed()).toBe(' · status pushed by the server');
    act(() => mounted.root.render(<TaskStatusLine task={{ ...task('working', T), followedBy: 'polling' }} running />));
    expect(followed()).toBe(' · status polled every 100 ms');
    // A 2025-11-25 task is always polled, and says nothing of it.
    act(() => mounted.root.render(<TaskStatusLine task={task('working', T)} running />));
    expect(followed()).toBeUndefined();
  });
});
