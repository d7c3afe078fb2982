import { describe, expect, it } from 'vitest';
import { extractCalls } from './extract';

const brief = (value: unknown) =>
  extractCalls(value).calls.map((call) => [call.format, call.tool, call.arguments, call.id]);

describe('calls out of every shape', () => {
  it('an OpenAI Chat request export: messages with tool_calls, tool turns skipped, the legacy function_call read', () => {
    expect(
      brief({
        model: 'gpt-4.1',
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: null, function_call: { name: 'git_status', arguments: '{}' } },
          {
            role: 'assistant',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'git_log', arguments: { count: 3 } } }],
          },
          { role: 'tool', tool_call_id: 'call_1', name: 'git_log', content: 'abc' },
        ],
      }),
    ).toEqual([
      ['openai-chat', 'git_status', '{}', undefined],
      ['openai-chat', 'git_log', { count: 3 }, 'call_1'],
    ]);
  });

  it('an OpenAI Responses input list: function_call items among messages and outputs', () => {
    expect(
      brief({
        input: [
          { role: 'user', content: 'go' },
          { type: 'function_call', call_id: 'call_9', name: 'git_diff', arguments: '{"staged":true}' },
          { type: 'function_call_output', call_id: 'call_9', output: '' },
        ],
      }),
    ).toEqual([['openai-responses', 'git_diff', '{"staged":true}', 'call_9']]);
  });

  it('Gemini parts in camelCase (REST) and snake_case (SDK dumps); a wrapped response', () => {
    expect(
      brief({
        response: { candidates: [{ content: { parts: [{ functionCall: { name: 'git_log', args: { count: 1 } } }] } }] },
      }),
    ).toEqual([['gemini', 'git_log', { count: 1 }, undefined]]);
    expect(brief({ role: 'model', parts: [{ function_call: { name: 'git_status' } }] })).toEqual([
      ['gemini', 'git_status', {}, undefined],
    ]);
  });

  it('Anthropic blocks with and without a message around them', () => {
    expect(brief([{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a' } }])).toEqual([
      ['anthropic', 'read_file', { path: 'a' }, 'toolu_1'],
    ]);
  });

  it('MCP: only tools/call requests; numeric ids kept as text', () => {
    expect(
      brief([
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'git_status' } },
        { jsonrpc: '2.0', id: 2, result: { content: [] } },
      ]),
    ).toEqual([['mcp', 'git_status', {}, '2']]);
  });

  it('calls without a usable name are reported as broken, not dropped', () => {
    const extraction = extractCalls([
      { type: 'function_call', arguments: '{}' },
      { tool: 42, arguments: {} },
      { role: 'assistant', tool_calls: ['nonsense'] },
    ]);
    expect(extraction.calls).toEqual([]);
    expect(extraction.broken).toEqual([
      { format: 'openai-responses', reason: 'the call has no tool name' },
      { format: 'plain', reason: 'the tool name is not a non-empty string' },
      { format: 'openai-chat', reason: 'a tool_calls entry has no function object' },
    ]);
  });

  it('JSON that holds no call yields nothing, however deep', () => {
    let deep: unknown = { tool: 'read_file', arguments: {} };
    for (let level = 0; level < 40; level++) deep = [deep];
    expect(extractCalls(deep)).toEqual({ calls: [], broken: [] });
    expect(extractCalls({ role: 'user', content: 'hello' })).toEqual({ calls: [], broken: [] });
    expect(extractCalls(42)).toEqual({ calls: [], broken: [] });
  });
});
