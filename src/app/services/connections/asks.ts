/**
 * What live servers ask of the person (an elicitation form, a URL to open, a sampling request), held as a queue the
 * page's dialogs read: each connection's elicitor and sampler put a request here and wait for the person's answer.
 * The queue belongs to the value createConnections makes; nothing is kept at module level.
 */
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/client';
import type {
  ElicitAction,
  Elicitor,
  FormAnswer,
  FormRequest,
  Sampler,
  SamplingRequest,
  UrlRequest,
} from '../../../core/mcp/input';

export type PendingAsk =
  | { id: number; url: string; kind: 'form'; request: FormRequest }
  | { id: number; url: string; kind: 'url'; request: UrlRequest }
  | { id: number; url: string; kind: 'sampling'; request: SamplingRequest; raw: CreateMessageRequest['params'] };

type SamplingAnswer = CreateMessageResult | 'decline';

export interface AskQueue {
  /** The requests waiting for the person, oldest first; one array per change. */
  snapshot(): readonly PendingAsk[];
  subscribe(listener: () => void): () => void;
  answerForm(id: number, answer: FormAnswer): void;
  answerUrl(id: number, action: ElicitAction): void;
  answerSampling(id: number, answer: SamplingAnswer): void;
  /** The elicitor a connection to `url` asks through. */
  elicitorFor(url: string): Elicitor;
  /** The sampler a connection to `url` asks through. */
  samplerFor(url: string): Sampler;
  /** A connection closed: its open requests are answered as cancelled (elicitation) or declined (sampling). */
  withdraw(url: string): void;
}

type Waiting = { ask: PendingAsk; settle: (answer: FormAnswer | ElicitAction | SamplingAnswer) => void };

export function createAskQueue(): AskQueue {
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  let snapshot: readonly PendingAsk[] = [];
  const listeners = new Set<() => void>();
  const publish = (): void => {
    snapshot = [...waiting.values()].map((entry) => entry.ask);
    for (const listener of listeners) listener();
  };

  function ask<T extends FormAnswer | ElicitAction | SamplingAnswer>(make: (id: number) => PendingAsk): Promise<T> {
    return new Promise<T>((resolve) => {
      const pending = make(nextId++);
      waiting.set(pending.id, { ask: pending, settle: (answer) => resolve(answer as T) });
      publish();
    });
  }

  function settle(id: number, kind: PendingAsk['kind'], answer: FormAnswer | ElicitAction | SamplingAnswer): void {
    const entry = waiting.get(id);
    if (!entry || entry.ask.kind !== kind) return;
    waiting.delete(id);
    publish();
    entry.settle(answer);
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
    elicitorFor: (url) => ({
      form: (request) => ask<FormAnswer>((id) => ({ id, url, kind: 'form', request })),
      url: (request) => ask<ElicitAction>((id) => ({ id, url, kind: 'url', request })),
    }),
    samplerFor: (url) => (request, raw) => ask<SamplingAnswer>((id) => ({ id, url, kind: 'sampling', request, raw })),
    withdraw(url) {
      const gone = [...waiting.values()].filter((entry) => entry.ask.url === url);
      if (gone.length === 0) return;
      for (const entry of gone) waiting.delete(entry.ask.id);
      publish();
      for (const entry of gone)
        entry.settle(
          entry.ask.kind === 'sampling' ? 'decline' : entry.ask.kind === 'form' ? { action: 'cancel' } : 'cancel',
        );
    },
  };
}
