import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replaySse } from '../replay';
import type { ProviderAdapter } from '../spec';
import { anthropic, gemini, openAiChat, openAiCompatible, openAiResponses } from '.';

const fixture = (folder: string, name: string): string =>
  readFileSync(fileURLToPath(new URL(`./${folder}/__fixtures__/${name}`, import.meta.url)), 'utf8');

const cases: [string, ProviderAdapter, string][] = [
  ['OpenAI Chat Completions', openAiChat, 'openai-chat'],
  ['OpenAI-compatible (Chat Completions wire)', openAiCompatible, 'openai-chat'],
  ['OpenAI Responses', openAiResponses, 'openai-responses'],
  ['Anthropic Messages', anthropic, 'anthropic'],
  ['Gemini streamGenerateContent', gemini, 'gemini'],
];

describe.each(cases)('%s stream', (_label, adapter, folder) => {
  const text = fixture(folder, 'tool-calls.sse');

  it.each([1, 7, 64, 100_000])(
    'gives the same two calls, arguments exactly as sent, in chunks of %i bytes',
    async (chunkSize) => {
      const { result, error } = await replaySse(adapter, text, chunkSize);
      expect(error).toBeUndefined();
      expect(result.toolCalls.map((call) => call.name)).toEqual(['read_file', 'list_directory']);
      const [first, second] = result.toolCalls;
      expect(JSON.parse(first!.argumentsText)).toEqual({ path: 'README.md' });
      // The second call's arguments are not JSON (OpenAI and Anthropic wire carry text): kept as sent.
      if (adapter !== gemini) expect(second!.argumentsText).toBe('{"path": "src"');
      expect(result.finishReason).toBe('tool-calls');
      expect(result.usage.inputTokens).toBe(812);
      expect(result.usage.outputTokens).toBe(41);
    },
  );

  it('streams argument deltas that add up to the final arguments', async () => {
    const { parts, result } = await replaySse(adapter, text, 5);
    const deltas = parts.filter(
      (part) =>
        part.type === 'tool-call-delta' &&
        part.index === parts.find((start) => start.type === 'tool-call-start')?.index,
    );
    const joined = deltas.map((part) => (part.type === 'tool-call-delta' ? part.argumentsDelta : '')).join('');
    expect(joined).toBe(result.toolCalls[0]!.argumentsText);
  });

  it('reports a stream cut before the end marker, keeping what arrived', async () => {
    const cut = text.slice(0, Math.floor(text.length * 0.6));
    const { error, parts } = await replaySse(adapter, cut, 11);
    expect(error?.code).toBe('stream_cut');
    expect(parts.some((part) => part.type === 'tool-call-start' || part.type === 'text-delta')).toBe(true);
  });
});

describe('provider specifics', () => {
  it('Anthropic text deltas arrive as text; Gemini keeps its parts (thought signatures) to echo back', async () => {
    const claude = await replaySse(anthropic, fixture('anthropic', 'tool-calls.sse'));
    expect(claude.result.text).toBe('Reading the files.');
    const google = await replaySse(gemini, fixture('gemini', 'tool-calls.sse'));
    expect(google.result.text).toBe('Reading the files.');
    expect(JSON.stringify(google.result.providerItems)).toContain('"thoughtSignature":"CiQB0e2Kb6"');
  });

  it('an OpenAI stream that reports an error object mid-stream ends with that error', async () => {
    const { error } = await replaySse(
      openAiChat,
      'data: {"error":{"message":"The server had an error","type":"server_error"}}\n\n',
    );
    expect(error).toMatchObject({ code: 'server_error', providerMessage: 'The server had an error' });
  });

  it('an Anthropic overloaded error event mid-stream is a server error', async () => {
    const { error } = await replaySse(
      anthropic,
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    );
    expect(error).toMatchObject({ code: 'server_error', providerMessage: 'overloaded_error: Overloaded' });
  });
});
