import { describe, expect, it } from 'vitest';
import { readResults, writeResults, type WrittenRun } from './results-file';

const RUNS: WrittenRun[] = [
  {
    case: 'read-readme',
    model: 'anthropic:claude',
    toolsetVersion: '1.2.0',
    repetition: 1,
    calls: [{ tool: 'read_file', arguments: { path: 'README.md' } }],
    usage: { inputTokens: 120, outputTokens: 30, latencyMs: 850, costUsd: 0.0004 },
  },
  {
    case: 'read-readme',
    model: 'openai:gpt',
    repetition: 2,
    // Arguments as the JSON text some providers send, and a call after it: order and form are kept.
    calls: [
      { tool: 'read_file', arguments: '{"path":"README.md"}' },
      { tool: 'list_directory', arguments: {} },
    ],
  },
  { case: 'no-call', model: 'gemini:flash', repetition: 1, calls: [], error: 'The provider answered 503' },
];

describe('writeResults', () => {
  it('writes runs that read back equal, one a line in order', () => {
    const text = writeResults(RUNS);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(RUNS.length);
    const { records, problems } = readResults(text);
    expect(problems).toEqual([]);
    expect(records).toEqual(RUNS.map((run, index) => ({ ...run, line: index + 1 })));
  });

  it('reads back a single run written alone', () => {
    const { records, problems } = readResults(writeResults([RUNS[2]!]));
    expect(problems).toEqual([]);
    expect(records).toEqual([{ ...RUNS[2], line: 1 }]);
  });

  it('leaves a run’s grade out: scoring the file grades it again', () => {
    const graded = { ...RUNS[0]!, grade: { pass: true, score: 1, reason: 'matched' } } as WrittenRun;
    expect(JSON.parse(writeResults([graded]).trim())).not.toHaveProperty('grade');
  });
});
