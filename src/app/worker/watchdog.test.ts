import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pauseWatchdog, restartWatchdog, resumeWatchdog, type PendingCall } from './watchdog';

function pendingCall(timeoutMs: number): PendingCall {
  return {
    id: 'call-1',
    tool: 'read_file',
    args: {},
    summary: 'read_file',
    risk: null,
    startedAt: Date.now(),
    timeoutMs,
    timeoutFixed: false,
    remainingMs: timeoutMs,
    runningSince: null,
    timer: null,
    cancelTimer: null,
    pauses: new Set(),
    resolve: () => undefined,
  };
}

// Fake timers: the clock moves only when the test moves it, so no assertion depends on the machine's speed.
describe('the call watchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('expires once the call has run its time', () => {
    const call = pendingCall(1000);
    const expire = vi.fn();
    resumeWatchdog(call, expire);
    vi.advanceTimersByTime(999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledWith(call);
  });

  it('does not count time spent paused, and resumes only when every pause is over', () => {
    const call = pendingCall(1000);
    const expire = vi.fn();
    resumeWatchdog(call, expire);
    vi.advanceTimersByTime(400);
    pauseWatchdog(call, 'dialog');
    pauseWatchdog(call, 'runtime:python');
    expect(call.remainingMs).toBe(600);
    vi.advanceTimersByTime(5000);
    call.pauses.delete('dialog');
    resumeWatchdog(call, expire);
    vi.advanceTimersByTime(5000);
    expect(expire).not.toHaveBeenCalled();
    call.pauses.delete('runtime:python');
    resumeWatchdog(call, expire);
    vi.advanceTimersByTime(599);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('a second resume while running starts no second timer', () => {
    const call = pendingCall(1000);
    const expire = vi.fn();
    resumeWatchdog(call, expire);
    resumeWatchdog(call, expire);
    vi.advanceTimersByTime(2000);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('counts the whole limit again from the start of the call, and keeps a paused call paused', () => {
    const running = pendingCall(1000);
    const expire = vi.fn();
    resumeWatchdog(running, expire);
    vi.advanceTimersByTime(900);
    restartWatchdog(running, 3000, 100, expire);
    expect(running.timeoutMs).toBe(3000);
    vi.advanceTimersByTime(3099);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);

    const paused = pendingCall(1000);
    pauseWatchdog(paused, 'queued');
    restartWatchdog(paused, 500, 100, expire);
    expect(paused.remainingMs).toBe(600);
    expect(paused.timer).toBeNull();
    expect([...paused.pauses]).toEqual(['queued']);
  });
});
