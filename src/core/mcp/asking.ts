/**
 * What a connection asks the person (an elicitation form, a page to open, a sampling request to approve), and the
 * calls each question belongs to: a question is withdrawn once it stops mattering, and a call's clock (call-limit.ts)
 * does not run while one is open. On a 2025-era session the call's request stays open while the person answers; a
 * form filled in for a minute must not end it at the 30-second limit.
 */
import type { AskContext, ClientAnswers } from './input';

export class Asking {
  private open = 0;
  private readonly calls = new Set<AbortController>();
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

  /**
   * A call in flight on this connection, until the returned function is called. A question the server asks meanwhile
   * belongs to the calls in flight when it arrives: it is withdrawn once every one of them has been stopped, and
   * the person may stop them from the question itself. On a 2025-era session the server's request names no call,
   * so with one call in flight (the usual case) this is exact, and with several it is every one of them.
   */
  begin(call: AbortController): () => void {
    this.calls.add(call);
    return () => void this.calls.delete(call);
  }

  /**
   * What a question is asked with: a signal aborted with an `AskWithdrawn` saying why once its request ends (the
   * server cancelled it, the connection closed) or its calls are stopped, and `stop`, which stops those calls.
   */
  private contextFor(request: AskContext | undefined): AskContext {
    const owners = [...this.calls];
    const withdrawn = new AbortController();
    const end = () => {
      if (withdrawn.signal.aborted) return;
      const stopped = owners.filter((owner) => owner.signal.aborted);
      if (stopped.length > 0 && stopped.length === owners.length)
        withdrawn.abort(new AskWithdrawn(whyWithdrawn(stopped.at(-1)!.signal.reason, 'call')));
      else if (request?.signal?.aborted && stopped.length === 0)
        withdrawn.abort(new AskWithdrawn(whyWithdrawn(request.signal.reason, 'request')));
    };
    for (const owner of owners) owner.signal.addEventListener('abort', end, { once: true });
    request?.signal?.addEventListener('abort', end, { once: true });
    end();
    const stop = owners.length > 0 ? () => owners.forEach((owner) => owner.abort(new CallStopped())) : request?.stop;
    return { signal: withdrawn.signal, ...(stop ? { stop } : {}) };
  }

  /** The answers with each question to the person counted while it is open, and told when it stops mattering. */
  track(answers: ClientAnswers): ClientAnswers {
    const { elicitor, sampler } = answers;
    return {
      ...answers,
      ...(elicitor
        ? {
            elicitor: {
              form: (request, context) => this.during(() => elicitor.form(request, this.contextFor(context))),
              url: (request, context) => this.during(() => elicitor.url(request, this.contextFor(context))),
            },
          }
        : {}),
      ...(sampler
        ? { sampler: (request, raw, context) => this.during(() => sampler(request, raw, this.contextFor(context))) }
        : {}),
    };
  }
}

/** The person stopped the call from the question it asked. */
export class CallStopped extends Error {
  constructor() {
    super('The call was stopped.');
    this.name = 'CallStopped';
  }
}

/** A question to the person that stopped mattering before it was answered; the message says why. */
export class AskWithdrawn extends Error {
  constructor(readonly why: string) {
    super(`The question was withdrawn: ${why}.`);
    this.name = 'AskWithdrawn';
  }
}

/**
 * Why a question stopped mattering, from the reason its call's signal (`call`) or the server's request (`request`)
 * was aborted with. A request aborted with no reason of its own was cancelled by the server.
 */
export function whyWithdrawn(reason: unknown, source: 'call' | 'request'): string {
  if (reason instanceof CallStopped) return 'the call was stopped';
  if (reason instanceof TimeLimitReached) return `the call reached its time limit (${reason.limitMs} ms)`;
  if (reason instanceof Error && /connection closed/i.test(reason.message)) return 'the connection closed';
  const aborted = reason instanceof DOMException && reason.name === 'AbortError';
  if (source === 'call') return aborted || !(reason instanceof Error) ? 'the call was stopped' : reason.message;
  if (typeof reason === 'string' && reason.trim()) return `the server cancelled it (${reason.trim().slice(0, 200)})`;
  if (aborted || reason === undefined) return 'the server cancelled it';
  return reason instanceof Error ? reason.message : String(reason);
}

/** The error a call ends with when its limit runs out: classified as the SDK's own timeout (code -32001). */
export class TimeLimitReached extends Error {
  readonly code = -32001;
  constructor(readonly limitMs: number) {
    super('Request timed out');
  }
}
