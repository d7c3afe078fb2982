import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { base64Bytes, boundResult, readResult, resultToText } from './results';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tool = {
  name: 'weather',
  outputSchema: { type: 'object', properties: { celsius: { type: 'number', maximum: 60 } }, required: ['celsius'] },
};

describe('readResult', () => {
  it('validates structuredContent with the project validator and its error codes', () => {
    expect(readResult({ content: [], structuredContent: { celsius: 21 } }, tool, validator).structured).toEqual({
      status: 'valid',
    });
    const invalid = readResult({ content: [], structuredContent: { celsius: 'warm' } }, tool, validator).structured;
    expect(invalid).toMatchObject({ status: 'invalid', errors: [{ parameter: 'celsius', code: 'type_mismatch' }] });
    const range = readResult({ content: [], structuredContent: { celsius: 99 } }, tool, validator).structured;
    expect(range).toMatchObject({ status: 'invalid', errors: [{ parameter: 'celsius', code: 'out_of_range' }] });
  });

  it('says a successful result of a tool with an output schema lacks structuredContent; an error result need not have it', () => {
    expect(readResult({ content: [{ type: 'text', text: '21' }] }, tool, validator).structured).toEqual({
      status: 'missing',
    });
    expect(readResult({ isError: true, content: [{ type: 'text', text: 'no' }] }, tool, validator)).toMatchObject({
      isError: true,
      structured: { status: 'none' },
    });
  });

  it('reads unknown blocks without losing them and summarises binary ones for a terminal', () => {
    const read = readResult({
      content: [
        { type: 'hologram', x: 1 },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      ],
    });
    expect(read.blocks[0]).toEqual({ kind: 'unknown', type: 'hologram', raw: { type: 'hologram', x: 1 } });
    expect(resultToText(read)).toBe("[unknown content type 'hologram']\n[image image/png, 3 bytes]");
  });

  it('counts the bytes a base64 block decodes to, padding and line breaks aside', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 70, 1000]) {
      const data = Buffer.alloc(bytes, 7).toString('base64');
      expect(base64Bytes(data)).toBe(bytes);
      expect(base64Bytes(`${data.slice(0, 4)}\n${data.slice(4)}`)).toBe(bytes);
    }
  });
});

describe('boundResult', () => {
  it('cuts a structuredContent whose JSON is longer than the window to that window, saying how long it was', () => {
    const huge = { rows: Array.from({ length: 5_000 }, (_, index) => ({ index, name: `row ${index}` })) };
    const bounded = boundResult(
      readResult({ content: [{ type: 'text', text: 'ok' }], structuredContent: huge }),
      10_000,
    );
    expect(bounded.structuredContent).toBeUndefined();
    expect(bounded.structuredWindow?.text).toBe(JSON.stringify(huge, null, 2).slice(0, 10_000));
    expect(bounded.structuredWindow?.fullLength).toBe(JSON.stringify(huge, null, 2).length);
    expect(bounded.blocks).toEqual([{ kind: 'text', text: 'ok' }]);
  });

  it('leaves a structuredContent that fits as it is', () => {
    const read = readResult({ content: [], structuredContent: { temperature: 21 } });
    expect(boundResult(read, 10_000)).toBe(read);
  });
});
