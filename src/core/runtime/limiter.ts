/**
 * The limit on concurrent executions (MaxConcurrentExecutions, 3): a call beyond it waits
 * in order for a free slot, and says it is waiting, so the page can show it queued.
 */
export const DEFAULT_MAX_CONCURRENT = 3;

export interface ExecutionLimiter {
  readonly limit: number;
  /** Calls running now. */
  running(): number;
  /** Calls waiting for a slot. */
  waiting(): number;
  /**
   * Resolves with the release function once a slot is free; `onQueued` is called at once if the call
   * must wait (with its place in the queue). A signal aborted while waiting rejects with its reason.
   */
  acquire(onQueued?: (position: number) => void, signal?: AbortSignal): Promise<() => void>;
}

export function createExecutionLimiter(limit = DEFAULT_MAX_CONCURRENT): ExecutionLimiter {
  const slots = Math.max(1, Math.floor(limit));
  let active = 0;
  const queue: { grant: () => void }[] = [];

  const release = (): void => {
    active -= 1;
    queue.shift()?.grant();
  };
  const releaseOnce = (): (() => void) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  };

  return {
    limit: slots,
    running: () => active,
    waiting: () => queue.length,
    acquire(onQueued, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (active < slots) {
        active += 1;
        return Promise.resolve(releaseOnce());
      }
      return new Promise((resolve, reject) => {
        const entry = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            active += 1;
            resolve(releaseOnce());
          },
        };
        const onAbort = (): void => {
          const index = queue.indexOf(entry);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(entry);
        onQueued?.(queue.length);
      });
    },
  };
}
