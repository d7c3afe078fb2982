import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../core/model/agent/trace';
import { draftToCase } from './caseDraft';
import { callsOfRun, caseFromRunCall } from './fromRun';

const run = {
  id: 'run-1',
  createdAt: '2026-11-26T04:00:00.000Z',
  provider: 'openai-chat',
  baseUrl: 'http://127.0.0.1/v1',
  model: 'emulated-large',
  system: 'You test tools.',
  userMessage: 'Read the readme',
  toolNames: ['read_file'],
  toolChoice: { type: 'auto' },
  messages: [],
  steps: [
    {
      step: 1,
      text: '',
      calls: [
        {
          call: { id: 'c1', name: 'read_file', argumentsText: '{"path":"README.md","limit":20}' },
          verdict: { status: 'valid' },
        },
      ],
    },
  ],
} as unknown as RunRecord;

describe('expect this call', () => {
  it('lists the calls of a run and makes a case expecting the chosen one exactly', () => {
    const calls = callsOfRun(run);
    expect(calls).toEqual([
      {
        runId: 'run-1',
        step: 1,
        index: 0,
        name: 'read_file',
        argumentsText: '{"path":"README.md","limit":20}',
        status: 'valid',
      },
    ]);
    const made = draftToCase(caseFromRunCall(run, calls[0]!, 'readme'));
    expect(made).toMatchObject({
      case: {
        id: 'readme',
        messages: [
          { role: 'system', content: 'You test tools.' },
          { role: 'user', content: 'Read the readme' },
        ],
        expect: { calls: [{ tool: 'read_file', arguments: { path: { equals: 'README.md' }, limit: { equals: 20 } } }] },
      },
    });
  });
});
