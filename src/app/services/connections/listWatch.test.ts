import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import type { LogEntry } from '../../../core/mcp/log';
import { describeFreshness, headerAnnotationFault, ListWatch } from './listWatch';

let sequence = 0;
const sent = (id: number, method: string, params: Record<string, unknown> = {}): LogEntry => ({
  sequence: ++sequence,
  direction: 'sent',
  at: 0,
  time: '',
  method,
  id,
  message: { jsonrpc: '2.0', id, method, params },
});
const received = (id: number, result: Record<string, unknown>): LogEntry => ({
  sequence: ++sequence,
  direction: 'received',
  at: 0,
  time: '',
  method: 'response',
  id,
  message: { jsonrpc: '2.0', id, result },
});

const tool = (name: string, properties: Record<string, unknown> = {}) =>
  ({ name, inputSchema: { type: 'object' as const, properties } }) as unknown as Tool;

describe('ListWatch', () => {
  it("keeps the first page's ttlMs and cacheScope of each list", () => {
    const watch = new ListWatch();
    watch.observe(sent(1, 'tools/list'));
    watch.observe(received(1, { tools: [], ttlMs: 5000, cacheScope: 'public', nextCursor: 'b' }));
    watch.observe(sent(2, 'tools/list', { cursor: 'b' }));
    watch.observe(received(2, { tools: [], ttlMs: 1 }));
    watch.observe(sent(3, 'prompts/list'));
    watch.observe(received(3, { prompts: [] }));
    expect(watch.freshness.tools).toEqual({ ttlMs: 5000, cacheScope: 'public' });
    expect(watch.freshness.prompts).toEqual({});
    expect(describeFreshness(watch.freshness.tools)).toBe('fresh for 5 s, cache scope public');
    expect(describeFreshness(watch.freshness.prompts)).toBeUndefined();
  });

  it('names the tools the server listed that the client left out, with the broken rule', () => {
    const watch = new ListWatch();
    watch.observe(sent(1, 'tools/list'));
    watch.observe(
      received(1, {
        tools: [tool('good'), tool('spaced', { region: { type: 'string', 'x-mcp-header': 'my region' } })],
        nextCursor: 'x',
      }),
    );
    watch.observe(sent(2, 'tools/list', { cursor: 'x' }));
    watch.observe(received(2, { tools: [tool('object', { filter: { type: 'object', 'x-mcp-header': 'Filter' } })] }));
    expect(watch.excluded([tool('good')])).toEqual([
      {
        name: 'spaced',
        reason:
          "region: x-mcp-header 'my region' is not a valid header name (no spaces, control characters or delimiters)",
      },
      {
        name: 'object',
        reason: 'filter: x-mcp-header is allowed only on a string, integer or boolean property; this one is object',
      },
    ]);
    // A new listing starts over.
    watch.observe(sent(3, 'tools/list'));
    watch.observe(received(3, { tools: [tool('good')] }));
    expect(watch.excluded([tool('good')])).toEqual([]);
  });
});

describe('headerAnnotationFault', () => {
  it('accepts primitive properties with unique header names', () => {
    expect(
      headerAnnotationFault({
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          n: { type: 'integer', 'x-mcp-header': 'N' },
        },
      }),
    ).toBeUndefined();
  });
  it('refuses names equal ignoring case, a number property, and an annotation under items', () => {
    expect(
      headerAnnotationFault({
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Region' },
          b: { type: 'string', 'x-mcp-header': 'region' },
        },
      }),
    ).toBe("b: x-mcp-header 'region' repeats 'Region' (header names are compared ignoring case)");
    expect(
      headerAnnotationFault({ type: 'object', properties: { a: { type: 'number', 'x-mcp-header': 'A' } } }),
    ).toMatch(/this one is number/);
    expect(
      headerAnnotationFault({
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } },
      }),
    ).toMatch(/^list.<items>: x-mcp-header is allowed only on a property reached through "properties"/);
  });
});
