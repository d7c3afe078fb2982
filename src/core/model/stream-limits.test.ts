/** Bounds on a model's stream, against the provider emulator on loopback: endless arguments and 10,000 calls. */
import { describe, expect, it } from 'vitest';
import { PROVIDERS, useEmulatedRequests } from './emulated-requests.test-support';
import { streamModel } from './http';
import { PROVIDER_ADAPTERS } from './providers';
import type { StreamPart } from './spec';
import { limitStream } from './stream-limits';

const requestFor = useEmulatedRequests();

describe("a model's stream, bounded as it arrives", () => {
  it('stops endless argument deltas at the bound, says so, and reads no further', async () => {
    let deltaChars = 0;
    const outcome = await streamModel(PROVIDER_ADAPTERS['openai-chat'], requestFor('openai-chat', '[endless] write'), {
      onPart: (part) => {
        if (part.type === 'tool-call-delta') deltaChars += part.argumentsDelta.length;
      },
    });
    expect(outcome.error).toEqual({
      code: 'too_large',
      message:
        'Stopped: the arguments of the call to write_file passed 2,000,000 characters, the most one call may carry here. That call is left out; what arrived before it is kept.',
    });
    expect(outcome.result?.toolCalls).toEqual([]);
    // Every delta up to the bound reached the page, none past it: not the 256 MB the emulator would send.
    expect(deltaChars).toBeGreaterThan(1_980_000);
    expect(deltaChars).toBeLessThanOrEqual(2_000_000);
  });

  it.each(PROVIDERS)('%s: keeps the first 100 of 10,000 calls and says the rest were not read', async (id) => {
    const parts: StreamPart[] = [];
    const outcome = await streamModel(PROVIDER_ADAPTERS[id], requestFor(id, '[many-calls] read them all'), {
      onPart: (part) => parts.push(part),
    });
    expect(outcome.error?.code).toBe('too_large');
    expect(outcome.error?.message).toBe(
      'Stopped: the model asked for more than 100 tool calls in one response, the most one response may carry here. The first 100 are kept; the rest were not read.',
    );
    expect(outcome.result?.toolCalls.map((call) => JSON.parse(call.argumentsText) as unknown)).toEqual(
      Array.from({ length: 100 }, (_, index) => ({ path: `f${index}.txt` })),
    );
    expect(parts.filter((part) => part.type === 'tool-call-start')).toHaveLength(100);
  });

  it('on Stop keeps every call another followed, whole, and leaves out the one being written', async () => {
    const abort = new AbortController();
    let starts = 0;
    const closed: string[] = [];
    const outcome = await streamModel(
      PROVIDER_ADAPTERS['openai-chat'],
      requestFor('openai-chat', '[trickle] read them'),
      {
        signal: abort.signal,
        onPart: (part) => {
          if (part.type === 'tool-call') closed.push(part.call.argumentsText);
          if (part.type === 'tool-call-start' && ++starts === 4) abort.abort();
        },
      },
    );
    expect(outcome.error?.code).toBe('cancelled');
    const expected = Array.from({ length: 3 }, (_, index) => `{"path": "src/file-${index}.txt"}`);
    expect(closed).toEqual(expected);
    expect(outcome.result?.toolCalls.map((call) => call.argumentsText)).toEqual(expected);
  });

  it('passes a stream within its bounds untouched', () => {
    const parts: StreamPart[] = [
      { type: 'tool-call-start', index: 0, id: 'a', name: 'read_file' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"path": "x"}' },
      { type: 'tool-call', index: 0, call: { id: 'a', name: 'read_file', argumentsText: '{"path": "x"}' } },
    ];
    const limited = limitStream(
      { push: () => parts, end: () => [] },
      { maxArgumentChars: 100, maxTotalArgumentChars: 100, maxToolCalls: 1 },
    );
    expect(limited.push({ data: '' })).toEqual(parts);
    expect(limited.stopped()).toBeNull();
  });

  it('bounds the arguments of all calls together', () => {
    const delta = (index: number): StreamPart[] => [
      { type: 'tool-call-start', index, id: `c${index}`, name: 'write_file' },
      { type: 'tool-call-delta', index, argumentsDelta: 'x'.repeat(60) },
    ];
    const limited = limitStream(
      { push: (event) => delta(Number(event.data)), end: () => [] },
      { maxArgumentChars: 100, maxTotalArgumentChars: 100, maxToolCalls: 10 },
    );
    expect(limited.push({ data: '0' })).toHaveLength(2);
    const second = limited.push({ data: '1' });
    expect(second.at(-2)).toEqual({
      type: 'tool-call',
      index: 0,
      call: { id: 'c0', name: 'write_file', argumentsText: 'x'.repeat(60) },
    });
    expect(second.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'too_large', message: expect.stringMatching(/passed 100 characters together/) },
    });
    expect(limited.push({ data: '2' })).toEqual([]);
  });
});
