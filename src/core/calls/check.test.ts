// A rejected call's LLM text is written when read, and complete() (the summary alone) counts what the
// results would have: the two ways of reading a check agree.
import { describe, expect, it } from 'vitest';
import { bundle } from '../toolset/bundle';
import { createCompilingValidator } from '../validation/compile';
import { toLlmContext } from '../validation/validator';
import type { ValidationError } from '../validation/types';
import { checkCall, createCheckContext } from './check';
import { checkCallStream } from './stream';
import { suggestedFixOf } from './summary';

const validator = createCompilingValidator();
const readFile = bundle.tools.find((tool) => tool.name === 'read_file')!;

const lines = [
  JSON.stringify({ tool: 'read_file', arguments: { path: 'a.txt' } }),
  JSON.stringify({ tool: 'read_file', arguments: { file: 'a.txt' } }),
  JSON.stringify({ tool: 'read_file', arguments: { path: 'a.txt', encoding: 'utf-32' } }),
  JSON.stringify({ tool: 'read_file', arguments: { path: 7 } }),
  JSON.stringify({ tool: 'read_fil', arguments: {} }),
  JSON.stringify({ tool: 'read_file', arguments: '{"path": ' }),
  'not json',
];

describe('a rejected call’s result', () => {
  it('carries the LLM text of its validation, as an own enumerable key that spreads and clones keep', () => {
    const context = createCheckContext(validator, bundle.tools);
    const call = { tool: 'read_file', arguments: { file: 'a.txt' }, format: 'plain' as const };
    const result = checkCall(call, context, { index: 1, line: 1 });
    const expected = toLlmContext(validator.validate(readFile, { file: 'a.txt' }));
    expect(result.status).toBe('invalid');
    expect(result.llmText).toBe(expected);
    expect(Object.keys(result)).toEqual([
      'index',
      'line',
      'status',
      'format',
      'tool',
      'arguments',
      'errors',
      'llmText',
    ]);
    expect({ ...result }.llmText).toBe(expected);
    expect(structuredClone(result).llmText).toBe(expected);
  });
});

describe('complete() and the results agree', () => {
  it('on counts, codes, parameters and suggested fixes', async () => {
    const read = checkCallStream(lines, bundle.tools, { validator });
    for await (const result of read.results) void result;
    const completed = await checkCallStream(lines, bundle.tools, { validator }).complete();
    expect(completed).toEqual(read.summary());
    expect(completed.fixes.map((fix) => `${fix.from} → ${fix.to}`)).toEqual([
      "encoding = 'utf-32' → encoding = 'utf-8'",
      'file → path',
    ]);
  });
});

describe('suggested fixes', () => {
  it('read only the messages of the two codes that carry a hint', () => {
    let reads = 0;
    const error = {
      parameter: 'count',
      code: 'out_of_range',
      get message(): string {
        reads += 1;
        return "Parameter 'count' is too large. Did you mean 'x'?";
      },
    } as ValidationError;
    expect(suggestedFixOf(error)).toBeUndefined();
    expect(reads).toBe(0);
  });
});
