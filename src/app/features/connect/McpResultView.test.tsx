import type { CallToolResult } from '@modelcontextprotocol/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markMalformedBlocks } from '../../../core/mcp/result-blocks';
import { readResult } from '../../../core/mcp/results';
import { McpResultView } from './McpResultView';

const render = (raw: CallToolResult, durationMs = 12) =>
  renderToStaticMarkup(<McpResultView result={readResult(raw)} raw={raw} durationMs={durationMs} tool="add" />);

describe('a live tool result with the tabs of any result', () => {
  it('heads the result with its status, first line and duration, and offers the model text and raw JSON', () => {
    const html = render({ content: [{ type: 'text', text: '5\nsecond line' }], structuredContent: { sum: 5 } });
    const header = /<header class="exec-result-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
    expect(header).toContain('✓ Success');
    expect(header).toContain('>5<');
    expect(header).toContain('12 ms');
    expect(html).toMatch(/role="tab"[^>]*>Result</);
    expect(html).toMatch(/role="tab"[^>]*>LLM text</);
    expect(html).toMatch(/role="tab"[^>]*>Raw JSON</);
    // The Result tab is open: the blocks as drawn, in the result's own element.
    expect(html).toContain('data-testid="mcp-result"');
  });

  it('says isError in the status, and keeps a malformed block to its one line', () => {
    // As the transport passes it on: a block that breaks the rules is marked, the rest kept.
    const raw = markMalformedBlocks({
      isError: true,
      content: [
        { type: 'text', text: 'boom' },
        { type: 'image', data: '%%%', mimeType: 'image/png' },
      ],
    }) as CallToolResult;
    const html = render(raw);
    expect(html).toContain('✗ isError');
    expect(html).toContain('The tool reported an error (isError).');
    expect(html).toContain(
      '<p class="field-error" data-testid="mcp-malformed-block">content[1] (image): data must be base64: the block was left out.</p>',
    );
  });
});
