import { describe, expect, it } from 'vitest';
import { blockProblem, markMalformedBlocks } from './result-blocks';
import { boundResult, readResult, resultToText } from './results';

const png = 'iVBORw0KGgo=';

describe('malformed content blocks', () => {
  it('names the rule each kind of block breaks, and passes well-formed ones', () => {
    expect(blockProblem({ type: 'text', text: 'hi' })).toBeNull();
    expect(blockProblem({ type: 'image', mimeType: 'image/png', data: png })).toBeNull();
    expect(blockProblem({ type: 'image', mimeType: 'image/png', data: 'not base64 at all!' })).toBe(
      'data must be base64',
    );
    expect(blockProblem({ type: 'audio', data: png })).toBe('mimeType must be a string');
    expect(blockProblem({ type: 'text', text: 7 })).toBe('text must be a string');
    expect(blockProblem({ type: 'resource', resource: { uri: 'file:///a', blob: '%%' } })).toBe(
      'resource.blob must be base64',
    );
    expect(blockProblem({ type: 'resource', resource: { uri: 'file:///a', text: 'x' } })).toBeNull();
    expect(blockProblem({ type: 'resource_link', uri: 'file:///a' })).toBe('name must be a string');
    expect(blockProblem({ type: 'video' })).toBe(
      "type 'video' is none of text, image, audio, resource_link or resource",
    );
    expect(blockProblem('text')).toBe('a content block must be an object');
  });

  it('leaves a result of good blocks as it is', () => {
    const result = { content: [{ type: 'text', text: 'hi' }] };
    expect(markMalformedBlocks(result)).toBe(result);
  });

  it('reports the one bad block in one line and reads the rest of the result', () => {
    const result = {
      content: [
        { type: 'text', text: 'before' },
        { type: 'image', mimeType: 'image/png', data: '<<not base64>>' },
        { type: 'text', text: 'after' },
      ],
      structuredContent: { ok: true },
    };
    const read = readResult(markMalformedBlocks(result));
    expect(read.blocks).toEqual([
      { kind: 'text', text: 'before' },
      { kind: 'malformed', note: 'content[1] (image): data must be base64' },
      { kind: 'text', text: 'after' },
    ]);
    expect(read.structuredContent).toEqual({ ok: true });
    expect(resultToText(read)).toBe('before\n[content[1] (image): data must be base64: the block was left out]\nafter');
  });
});

describe('a long text result', () => {
  it('is cut to a window the page shows, saying how long it was', () => {
    const read = readResult({
      content: [
        { type: 'text', text: 'a'.repeat(150) },
        { type: 'text', text: 'b'.repeat(100) },
        { type: 'image', mimeType: 'image/png', data: png },
      ],
    });
    const bounded = boundResult(read, 200);
    expect(bounded.blocks[0]).toEqual({ kind: 'text', text: 'a'.repeat(150) });
    expect(bounded.blocks[1]).toEqual({ kind: 'text', text: 'b'.repeat(50), fullLength: 100 });
    expect(bounded.blocks[2]?.kind).toBe('image');
    expect(resultToText(bounded)).toContain('[50 more characters not shown]');
    expect(boundResult(read, 1000)).toBe(read);
  });
});

describe('the transport wrapper', () => {
  it('hands the client a tools/call answer with its malformed block marked, and logs the message as it came', async () => {
    const { LoggedTransport } = await import('./log');
    const inner = {
      start: async () => undefined,
      send: async () => undefined,
      close: async () => undefined,
    } as unknown as import('@modelcontextprotocol/client').Transport;
    const logged: unknown[] = [];
    const wire = new LoggedTransport(inner, (entry) => logged.push(entry.message));
    const received: unknown[] = [];
    wire.onmessage = (message) => received.push(message);
    const answer = {
      jsonrpc: '2.0' as const,
      id: 3,
      result: { content: [{ type: 'image', mimeType: 'image/png', data: '%%' }] },
    };
    // An answer to anything but a tools/call passes untouched.
    inner.onmessage?.(answer);
    await wire.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'draw' } });
    inner.onmessage?.(answer);
    expect(received[0]).toBe(answer);
    expect(received[1]).toEqual({
      ...answer,
      result: {
        content: [
          {
            type: 'text',
            text: '',
            _meta: { 'dev.tool-schemas/malformed-block': 'content[0] (image): data must be base64' },
          },
        ],
      },
    });
    expect(logged.at(-1)).toBe(answer);
  });
});
