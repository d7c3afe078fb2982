/**
 * What live servers ask of the person (an elicitation form, a URL to open, a sampling request), held as a queue the
 * page's dialogs read: each connection's elicitor and sampler put a request here and wait for the person's answer.
 * The queue belongs to the value createConnections makes; nothing is kept at module level.
 */
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/client';
import { AskWithdrawn } from '../../../core/mcp/asking';
import type {
  AskContext,
  ElicitAction,
  Elicitor,
  FormAnswer,
  FormRequest,
  Sampler,
  SamplingRequest,
  UrlRequest,
} from '../../../core/mcp/input';

/** `stoppable`: the call the request belongs to can be stopped from its dialog. */
export type PendingAsk = { id: number; url: string; stoppable: boolean } & (
  | { kind: 'form'; request: FormRequest }
  | { kind: 'url'; request: UrlRequest }
  | { kind: 'sampling'; request: SamplingRequest; raw: CreateMessageRequest['params'] }
);

/** A request that went away unanswered, and why: shown as a line where its dialog was. */
export interface WithdrawnAsk {
  id: number;
  url: string;
  kind: PendingAsk['kind'];
  /** The request's own message (a sampling request's first message), for the person to recognise it. */
  message: string;
  why: string;
}

/** The most recent withdrawn requests kept for their lines. */
export const WITHDRAWN_KEPT = 3;

type SamplingAnswer = CreateMessageResult | 'decline';

export interface AskQueue {
  /** The requests waiting for the person, oldest first; one array per change. */
  snapshot(): readonly PendingAsk[];
  subscribe(listener: () => void): () => void;
  answerForm(id: number, answer: FormAnswer): void;
  answerUrl(id: number, action: ElicitAction): void;
  answerSampling(id: number, answer: SamplingAnswer): void;
  /** Stops the call a request belongs to; the request is then withdrawn, and nothing is sent for it. */
  stop(id: number): void;
  /** The requests that went away unanswered, newest last; one array per change. */
  withdrawn(): readonly WithdrawnAsk[];
  dismiss(id: number): void;
  /** The elicitor a connection to `url` asks through. */
  elicitorFor(url: string): Elicitor;
  /** The sampler a connection to `url` asks through. */
  samplerFor(url: string): Sampler;
  /** A connection closed: its open requests are answered as cancelled (elicitation) or declined (sampling), and withdrawn. */
  withdraw(url: string): void;
}

type Answer = FormAnswer | ElicitAction | SamplingAnswer;
type Waiting = { ask: PendingAsk; settle: (answer: Answer) => void; stop: (() => void) | undefined };

const messageOf = (ask: PendingAsk): string =>
  ask.kind === 'sampling' ? (ask.request.messages[0]?.text ?? '') : ask.request.message;

export function createAskQueue(): AskQueue {
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  let snapshot: readonly PendingAsk[] = [];
  let withdrawn: readonly WithdrawnAsk[] = [];
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of listeners) listener();
  };
  const publish = (): void => {
    snapshot = [...waiting.values()].map((entry) => entry.ask);
    notify();
  };
  const note = (gone: readonly PendingAsk[], why: string): void => {
    const lines = gone.map((ask) => ({ id: ask.id, url: ask.url, kind: ask.kind, message: messageOf(ask), why }));
    withdrawn = [...withdrawn, ...lines].slice(-WITHDRAWN_KEPT);
  };

  function ask<T extends Answer>(
    make: (id: number, stoppable: boolean) => PendingAsk,
    context: AskContext | undefined,
  ): Promise<T> {
    const signal = context?.signal;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const pending = make(nextId++, context?.stop !== undefined);
      const onAbort = () => {
        if (waiting.get(pending.id)?.ask !== pending) return;
        waiting.delete(pending.id);
        const reason: unknown = signal?.reason;
        note([pending], reason instanceof AskWithdrawn ? reason.why : 'the request was cancelled');
        publish();
        reject(reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.set(pending.id, {
        ask: pending,
        stop: context?.stop,
        settle: (answer) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(answer as T);
        },
      });
      publish();
    });
  }

  function settle(id: number, kind: PendingAsk['kind'], answer: Answer): void {
    const entry = waiting.get(id);
    if (!entry || entry.ask.kind !== kind) return;
    waiting.delete(id);
    snapshot = [...waiting.values()].map((item) => item.ask);
    entry.settle(answer);
    // The answer leaves before the page redraws without the question: listeners (the page's dialogs, which React
    // redraws at once) hear of it in the next task, after the connection has sent the answer on its way.
    setTimeout(notify, 0);
  }

  return {
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    answerForm: (id, answer) => settle(id, 'form', answer),
    answerUrl: (id, action) => settle(id, 'url', action),
    answerSampling: (id, answer) => settle(id, 'sampling', answer),
    stop: (id) => waiting.get(id)?.stop?.(),
    withdrawn: () => withdrawn,
    dismiss(id) {
      if (!withdrawn.some((line) => line.id === id)) return;
      withdrawn = withdrawn.filter((line) => line.id !== id);
      publish();
    },
    elicitorFor: (url) => ({
      form: (request, context) =>
        ask<FormAnswer>((id, stoppable) => ({ id, url, stoppable, kind: 'form', request }), context),
      url: (request, context) =>
        ask<ElicitAction>((id, stoppable) => ({ id, url, stoppable, kind: 'url', request }), context),
    }),
    samplerFor: (url) => (request, raw, context) =>
      ask<SamplingAnswer>((id, stoppable) => ({ id, url, stoppable, kind: 'sampling', request, raw }), context),
    withdraw(url) {
      const gone = [...waiting.values()].filter((entry) => entry.ask.url === url);
      if (gone.length === 0) return;
      for (const entry of gone) waiting.delete(entry.ask.id);
      note(
        gone.map((entry) => entry.ask),
        'the connection closed',
      );
      publish();
      for (const entry of gone)
        entry.settle(
          entry.ask.kind === 'sampling' ? 'decline' : entry.ask.kind === 'form' ? { action: 'cancel' } : 'cancel',
        );
    },
  };
}
