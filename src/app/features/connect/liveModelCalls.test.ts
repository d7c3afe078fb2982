import { describe, expect, it } from 'vitest';
import { toLlmContext } from '../../../core/runtime/result';
import { failureToToolResult, mcpResultToToolResult } from './liveModelCalls';

describe('mcpResultToToolResult', () => {
  it('keeps the text blocks and summarises the others by type, MIME type and size', () => {
    const result = mcpResultToToolResult({
      content: [
        { type: 'text', text: 'Sum: 5' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'resource_link', uri: 'file:///notes.md', name: 'notes' },
      ],
    });
    expect(result.success).toBe(true);
    expect(result.message).toBe('Sum: 5\n[image image/png, 3 bytes]\n[resource link file:///notes.md (notes)]');
    expect(result.data).toBeUndefined();
    expect(toLlmContext(result)).toContain('Message: Sum: 5');
  });

  it('fails with the server text when isError is set', () => {
    const result = mcpResultToToolResult({ isError: true, content: [{ type: 'text', text: 'Division by zero' }] });
    expect(result).toMatchObject({ success: false, errorCode: 'execution_failed', error: 'Division by zero' });
    expect(toLlmContext(result)).toContain('Error: Division by zero');
  });

  it('gives the model a bounded part of a huge structuredContent, as of any long data', () => {
    const huge = { rows: Array.from({ length: 100_000 }, (_, index) => ({ index, name: `row ${index}` })) };
    const text = toLlmContext(
      mcpResultToToolResult({ content: [{ type: 'text', text: 'rows' }], structuredContent: huge }),
      20_000,
    );
    expect(JSON.stringify(huge).length).toBeGreaterThan(2_000_000);
    expect(text.length).toBeLessThan(21_000);
    expect(text).toContain('{\\"rows\\":[{\\"index\\":0,\\"name\\":\\"row 0\\"}');
    expect(text).toMatch(/\[truncated, total \d+ chars\]\n$/);
  });

  it('gives the model a bounded part of a huge text result, saying how much is left out', () => {
    const huge = 'x'.repeat(5_000_000);
    const result = mcpResultToToolResult({ content: [{ type: 'text', text: huge }] });
    expect(result.message.length).toBeLessThan(60_000);
    expect(result.message).toContain('[4,950,000 more characters not shown]');
    expect(toLlmContext(result).length).toBeLessThan(60_000);
  });

  it('keeps structuredContent as data the model sees', () => {
    const result = mcpResultToToolResult(
      { content: [{ type: 'text', text: '{"total":5}' }], structuredContent: { total: 5 } },
      12,
    );
    expect(result.durationMs).toBe(12);
    expect(result.data).toMatchObject({ kind: 'output', language: 'json' });
    expect(result.data?.kind === 'output' && JSON.parse(result.data.text)).toEqual({ total: 5 });
    expect(toLlmContext(result)).toMatch(/Data: .*total.*5/);
  });

  it('says so when a successful result has no text', () => {
    expect(mcpResultToToolResult({ content: [] }).message).toBe('(the server returned no text content)');
  });
});

describe('failureToToolResult', () => {
  it('maps a cancelled call to Cancelled and a time limit to Timeout', () => {
    expect(failureToToolResult({ kind: 'cancelled', message: 'stopped' })).toMatchObject({
      success: false,
      errorCode: 'cancelled',
    });
    expect(failureToToolResult({ kind: 'timeout', message: 'no answer in 60 s' })).toMatchObject({
      errorCode: 'timeout',
      error: 'no answer in 60 s',
    });
    expect(failureToToolResult({ kind: 'unreachable', message: 'down' })).toMatchObject({
      errorCode: 'execution_failed',
      error: 'down',
    });
  });
});
