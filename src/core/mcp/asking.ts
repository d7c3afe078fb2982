/**
 * A call's time limit counts the server's time, not the person's: while the client asks the person something for a
 * connection (an elicitation form, a page to open, a sampling request to approve), the limit of a call waiting on it
 * does not run out. On a 2025-era session the call's request stays open while the person answers; a form filled in
 * for a minute must not end it at the 30-second limit.
 */
import type { ClientAnswers } from './input';

/** The longest delay a timer takes (2^31 − 1 ms): the SDK's own limit is set to it, and this clock keeps the real one. */
export const NO_SDK_LIMIT_MS = 2_147_483_647;

export class Asking {
  private open = 0;
  private readonly waiting = new Set<() => void>();

  get busy(): boolean {
    return this.open > 0;
  }

  /** Resolves once nothing is being asked. */
  idle(): Promise<void> {
    return this.busy ? new Promise((resolve) => this.waiting.add(resolve)) : Promise.resolve();
  }

  private async during<T>(ask: () => Promise<T>): Promise<T> {
    this.open += 1;
    try {
      return await ask();
    } finally {
      this.open -= 1;
      if (this.open === 0) {
        for (const resolve of this.waiting) resolve();
        this.waiting.clear();
      }
    }
  }

  /** The answers with each question to the person counted while it is open. */
  track(answers: ClientAnswers): ClientAnswers {
    const { elicitor, sampler } = answers;
    return {
      ...answers,
      ...(elicitor
        ? {
            elicitor: {
              form: (request) => this.during(() => elicitor.form(request)),
              url: (request) => this.during(() => elicitor.url(request)),
            },
          }
        : {}),
      ...(sampler ? { sampler: (request, raw) => this.during(() => sampler(request, raw)) } : {}),
    };
  }
}

/** The error a call ends with when its limit runs out: classified as the SDK's own timeout (code -32001). */
export class TimeLimitReached extends Error {
  readonly code = -32001;
  constructor(readonly limitMs: number) {
    super('Request timed out');
  }
}

/**
 * A time limit that does not run out while the person is asked: when it falls due during a question, it starts
 * again, whole, once the question is answered; `reset` starts it again too (a progress notification).
 */
export function pausableLimit(limitMs: number, asking: Asking, onExpire: () => void): { reset(): void; stop(): void } {
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
