import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { checkCallsText } from '../calls/stream';
import { bundle } from '../toolset/bundle';
import { PROVIDER_ADAPTERS } from './providers';
import type { ModelMessage, ProviderId } from './spec';
import { transcriptOf } from './transcript';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const messages: ModelMessage[] = [
  { role: 'user', text: 'Read the readme' },
  {
    role: 'assistant',
    text: 'Reading.',
    toolCalls: [
      { id: 'call_1', name: 'read_file', argumentsText: '{"path":"README.md"}' },
      { id: 'call_2', name: 'read_file', argumentsText: '{"file":"README.md"}' },
    ],
  },
  {
    role: 'tool',
    results: [
      { callId: 'call_1', name: 'read_file', content: 'hello', isError: false },
      { callId: 'call_2', name: 'read_file', content: 'missing path', isError: true },
    ],
  },
];

describe.each(Object.keys(PROVIDER_ADAPTERS) as ProviderId[])('%s transcript', (id) => {
  it('is read by the Check calls page with the same verdicts, and holds no key', async () => {
    const transcript = transcriptOf(PROVIDER_ADAPTERS[id], { model: 'm', system: 'Be brief.', messages });
    const { results, summary } = await checkCallsText(JSON.stringify(transcript), bundle.tools, { validator });
    expect(results.map((result) => [result.tool, result.status])).toEqual([
      ['read_file', 'valid'],
      ['read_file', 'invalid'],
    ]);
    expect(summary.calls).toBe(2);
    expect(JSON.stringify(transcript)).not.toMatch(/authorization|x-api-key|x-goog-api-key/i);
  });
});
