import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createErrorMemos } from '../error-memos';
import { KEYWORD_ERRORS, mapKeywordError } from '.';

const error = (keyword: string, params: Record<string, unknown>, data: unknown): ErrorObject => ({
  keyword,
  params,
  data,
  instancePath: '/x',
  schemaPath: `#/${keyword}`,
});

describe('the keyword table', () => {
  it('maps each keyword in one place only', () => {
    const keywords = KEYWORD_ERRORS.flatMap((entry) => entry.keywords);
    expect(new Set(keywords).size).toBe(keywords.length);
  });

  it('maps a keyword by its own file', () => {
    const mapped = mapKeywordError(error('maxItems', { limit: 2 }, [1, 2, 3]), 'x', createErrorMemos());
    expect(mapped).toMatchObject({
      parameter: 'x',
      code: 'array_too_many',
      expected: 'At most 2 items',
      actual: '3 items',
    });
  });

  it('names a keyword it has no mapping for, as an invalid value', () => {
    const mapped = mapKeywordError(error('x-vendor-rule', {}, 1), 'x', createErrorMemos());
    expect(mapped).toMatchObject({ parameter: 'x', code: 'invalid_value' });
    expect(mapped.message).toContain('(x-vendor-rule)');
  });
});
