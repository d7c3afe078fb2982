/**
 * A misbehaving provider on loopback (the emulator's damaged scenarios), in every provider's wire format:
 * broken JSON mid-stream, an event type nobody documents, events split inside a character, markup in a
 * tool call's arguments. Each run says what was wrong and keeps what arrived.
 */
import { describe, expect, it } from 'vitest';
import { PROVIDERS, useEmulatedRequests } from './emulated-requests.test-support';
import { HTML_CALLS, HTML_TEXT, UNICODE_TEXT } from './emulator/scenarios';
import { streamModel } from './http';
import { PROVIDER_ADAPTERS } from './providers';
import type { ProviderId, StreamPart } from './spec';

const requestFor = useEmulatedRequests();

async function run(id: ProviderId, text: string) {
  const parts: StreamPart[] = [];
  const outcome = await streamModel(PROVIDER_ADAPTERS[id], requestFor(id, text), {
    onPart: (part) => parts.push(part),
  });
  const streamedText = parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
  return { outcome, parts, streamedText };
}

describe.each(PROVIDERS)('%s against a misbehaving provider', (id) => {
  it('an event of broken JSON mid-stream is reported with its text, and what arrived is kept', async () => {
    const { outcome, streamedText } = await run(id, '[malformed] read two things');
    expect(outcome.error?.code).toBe('bad_response');
    expect(outcome.error?.message).toContain('The stream sent an event that is not a JSON object');
    expect(outcome.error?.message).toContain('half an ev');
    expect(streamedText).toBe('Reading two things.');
  });

  it('an event of a type no provider documents is passed over, and the turn completes', async () => {
    const { outcome, streamedText } = await run(id, '[unknown-event] read one thing');
    expect(outcome.error).toBeUndefined();
    expect(streamedText).toBe('Reading one thing.');
    expect(outcome.result?.toolCalls.map((call) => [call.name, JSON.parse(call.argumentsText) as unknown])).toEqual([
      ['read_file', { path: 'README.md' }],
    ]);
  });

  it('events split inside a multi-byte character arrive whole', async () => {
    const { outcome, streamedText } = await run(id, '[unicode] greet');
    expect(outcome.error).toBeUndefined();
    expect(streamedText).toBe(UNICODE_TEXT);
    expect(streamedText).not.toContain('\ufffd');
  });

  it('markup in the text and in the arguments arrives as the characters sent', async () => {
    const { outcome, streamedText } = await run(id, '[html] write the page');
    expect(outcome.error).toBeUndefined();
    expect(streamedText).toBe(HTML_TEXT);
    expect(outcome.result?.toolCalls.map((call) => [call.name, call.argumentsText])).toEqual(
      HTML_CALLS.map((call) => [
        call.name,
        id === 'gemini' ? JSON.stringify(JSON.parse(call.argumentsText)) : call.argumentsText,
      ]),
    );
  });
});
