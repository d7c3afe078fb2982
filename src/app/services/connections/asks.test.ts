import { describe, expect, it, vi } from 'vitest';
import { AskWithdrawn } from '../../../core/mcp/asking';
import { describeSampling, type FormRequest, type UrlRequest } from '../../../core/mcp/input';
import { describeElicitation } from '../../../core/mcp/input/elicitation';
import { createAskQueue, WITHDRAWN_KEPT } from './asks';

const form = describeElicitation({
  mode: 'form',
  message: 'Delete?',
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
}) as FormRequest;
const link = describeElicitation({
  mode: 'url',
  message: 'Sign in',
  url: 'https://auth.example.com/x',
  elicitationId: 'e',
}) as UrlRequest;
const samplingParams = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }],
  maxTokens: 5,
};

describe('the queue of what servers ask', () => {
  it('holds each request until the person answers it, oldest first, and hands the answer to the connection', async () => {
    const queue = createAskQueue();
    let published = 0;
    queue.subscribe(() => published++);
    const first = queue.elicitorFor('http://a/mcp').form(form);
    const second = queue.elicitorFor('http://b/mcp').url(link);
    expect(queue.snapshot().map(({ url, kind }) => ({ url, kind }))).toEqual([
      { url: 'http://a/mcp', kind: 'form' },
      { url: 'http://b/mcp', kind: 'url' },
    ]);
    const [formAsk, urlAsk] = queue.snapshot();
    queue.answerForm(formAsk!.id, { action: 'accept', content: { confirm: true } });
    expect(await first).toEqual({ action: 'accept', content: { confirm: true } });
    expect(queue.snapshot()).toEqual([urlAsk]);
    queue.answerUrl(urlAsk!.id, 'decline');
    expect(await second).toBe('decline');
    expect(queue.snapshot()).toEqual([]);
    // The answers went on their way first; the listeners hear of them in the next task.
    expect(published).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(published).toBe(4);
  });

  it('hands an answer to the connection before its listeners hear the question is gone', async () => {
    const queue = createAskQueue();
    const order: string[] = [];
    const answer = queue
      .elicitorFor('http://a/mcp')
      .form(form)
      .then(() => void order.push('answer'));
    queue.subscribe(() => void order.push(`listeners, ${queue.snapshot().length} waiting`));
    queue.answerForm(queue.snapshot()[0]!.id, { action: 'accept', content: { confirm: true } });
    expect(queue.snapshot()).toEqual([]);
    await answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['answer', 'listeners, 0 waiting']);
  });

  it('takes one answer per request, of its own kind', async () => {
    const queue = createAskQueue();
    const answer = queue.samplerFor('http://a/mcp')(describeSampling(samplingParams), samplingParams);
    const [ask] = queue.snapshot();
    expect(ask).toMatchObject({
      kind: 'sampling',
      request: { messages: [{ role: 'user', text: 'Hi' }], maxTokens: 5 },
    });
    queue.answerForm(ask!.id, { action: 'cancel' });
    expect(queue.snapshot()).toHaveLength(1);
    queue.answerSampling(ask!.id, 'decline');
    queue.answerSampling(ask!.id, { role: 'assistant', content: { type: 'text', text: 'late' }, model: 'm' });
    expect(await answer).toBe('decline');
  });

  it('a connection that closes withdraws its requests: forms and links cancelled, sampling declined; others stay', async () => {
    const queue = createAskQueue();
    const formAnswer = queue.elicitorFor('http://a/mcp').form(form);
    const linkAnswer = queue.elicitorFor('http://a/mcp').url(link);
    const sampled = queue.samplerFor('http://a/mcp')(describeSampling(samplingParams), samplingParams);
    void queue.elicitorFor('http://b/mcp').form(form);
    queue.withdraw('http://a/mcp');
    expect(await formAnswer).toEqual({ action: 'cancel' });
    expect(await linkAnswer).toBe('cancel');
    expect(await sampled).toBe('decline');
    expect(queue.snapshot().map((ask) => ask.url)).toEqual(['http://b/mcp']);
  });
});

describe('a request that stops mattering', () => {
  it('leaves at once when its signal is aborted, with a line saying why, and takes no answer after', async () => {
    const queue = createAskQueue();
    const request = new AbortController();
    const answer = queue.elicitorFor('http://a/mcp').form(form, { signal: request.signal });
    const [ask] = queue.snapshot();
    expect(ask).toMatchObject({ kind: 'form', stoppable: false });
    request.abort(new AskWithdrawn('the call was stopped'));
    await expect(answer).rejects.toBeInstanceOf(AskWithdrawn);
    expect(queue.snapshot()).toEqual([]);
    expect(queue.withdrawn()).toEqual([
      { id: ask!.id, url: 'http://a/mcp', kind: 'form', message: 'Delete?', why: 'the call was stopped' },
    ]);
    let published = 0;
    queue.subscribe(() => published++);
    queue.answerForm(ask!.id, { action: 'accept', content: { confirm: true } });
    expect(published).toBe(0);
    queue.dismiss(ask!.id);
    expect(queue.withdrawn()).toEqual([]);
  });

  it('is never shown when its signal is already aborted', async () => {
    const queue = createAskQueue();
    const request = new AbortController();
    request.abort(new AskWithdrawn('the server cancelled it'));
    await expect(
      queue.samplerFor('http://a/mcp')(describeSampling(samplingParams), samplingParams, request),
    ).rejects.toThrow('the server cancelled it');
    expect(queue.snapshot()).toEqual([]);
  });

  it('stops the call it belongs to from its dialog; a request with no call offers no stop', async () => {
    const queue = createAskQueue();
    const call = new AbortController();
    const stop = vi.fn(() => call.abort(new AskWithdrawn('the call was stopped')));
    const answer = queue.elicitorFor('http://a/mcp').url(link, { signal: call.signal, stop });
    const [ask] = queue.snapshot();
    expect(ask).toMatchObject({ kind: 'url', stoppable: true });
    queue.stop(ask!.id);
    expect(stop).toHaveBeenCalledOnce();
    await expect(answer).rejects.toThrow('the call was stopped');
    expect(queue.withdrawn().map((line) => [line.kind, line.message, line.why])).toEqual([
      ['url', 'Sign in', 'the call was stopped'],
    ]);
  });

  it('says the connection closed for the requests it withdraws, and keeps only the latest lines', async () => {
    const queue = createAskQueue();
    const answers = Array.from({ length: WITHDRAWN_KEPT + 1 }, () => queue.elicitorFor('http://a/mcp').form(form));
    queue.withdraw('http://a/mcp');
    await Promise.all(answers);
    expect(queue.withdrawn()).toHaveLength(WITHDRAWN_KEPT);
    expect(new Set(queue.withdrawn().map((line) => line.why))).toEqual(new Set(['the connection closed']));
    expect(queue.withdrawn().at(-1)!.id).toBe(queue.withdrawn()[0]!.id + WITHDRAWN_KEPT - 1);
  });
});
