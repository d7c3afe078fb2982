import { describe, expect, it } from 'vitest';
import { describeElicitation, describeSampling, type FormRequest, type UrlRequest } from '../../../core/mcp/input';
import { createAskQueue } from './asks';

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
    expect(published).toBe(4);
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
