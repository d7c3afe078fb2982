/**
 * A call's time limit counts the server's time, not the person's (asking.ts): the SDK's own limit is set out of
 * reach, and this clock keeps the real one, held while a question is open and started again by each progress
 * notification; when it runs out the request is aborted (the SDK tells the server) and fails as a timeout.
 */
import { CallStopped, TimeLimitReached, type Asking } from './asking';

/** The longest delay a timer takes (2^31 − 1 ms): the SDK's own limit is set to it, and this clock keeps the real one. */
export const NO_SDK_LIMIT_MS = 2_147_483_647;

/** A call's options, as far as the clock reads them: each progress notification starts the limit again. */
interface Progressing {
  onProgress?: (progress: Progress) => void;
}

type Progress = { progress: number; total?: number; message?: string };

/**
 * A time limit that does not run out while the person is asked: when it falls due during a question, it starts
 * again, whole, once the question is answered; `reset` starts it again too (a progress notification).
 */
function pausableLimit(limitMs: number, asking: Asking, onExpire: () => void): { reset(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const start = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      if (stopped) return;
      if (asking.busy) void asking.idle().then(start);
      else onExpire();
    }, limitMs);
  };
  start();
  return {
    reset: start,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs a request under a time limit that does not count the time the person is asked (asking.ts), started again by
 * each progress notification as the SDK's own limit is; when it runs out the request is aborted (the SDK tells the
 * server) and fails as a timeout.
 */
export async function withPausableLimit<T, O extends Progressing>(
  limitMs: number,
  asking: Asking,
  signal: AbortSignal,
  callOptions: O,
  run: (inner: AbortSignal, limited: O) => Promise<T>,
): Promise<T> {
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const limit = pausableLimit(limitMs, asking, () => inner.abort(new TimeLimitReached(limitMs)));
  const done = asking.begin(inner);
  const { onProgress } = callOptions;
  const limited: O = {
    ...callOptions,
    onProgress: (update: Progress) => {
      limit.reset();
      onProgress?.(update);
    },
  };
  try {
    return await run(inner.signal, limited);
  } catch (error) {
    const reason: unknown = inner.signal.reason;
    throw reason instanceof TimeLimitReached || reason instanceof CallStopped ? reason : error;
  } finally {
    done();
    limit.stop();
    signal.removeEventListener('abort', onAbort);
  }
}
