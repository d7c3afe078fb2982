import { describe, expect, it } from 'vitest';
import { progressParts } from './progress';

describe('progressParts', () => {
  it('says items, percent, time left and the operation at hand', () => {
    expect(
      progressParts({
        fraction: 0.25,
        message: 'Searching',
        itemsProcessed: 10,
        totalItems: 40,
        estimatedRemainingMs: 3_400,
        currentOperation: 'Searching src/a.ts',
      }),
    ).toEqual({
      message: 'Searching',
      items: '10 of 40',
      percent: '25%',
      remaining: 'about 3 s left',
      operation: 'Searching src/a.ts',
    });
  });

  it('leaves out what the report does not know, and the time left once done', () => {
    expect(progressParts({ fraction: null, message: 'Parsing' })).toEqual({
      message: 'Parsing',
      items: null,
      percent: null,
      remaining: null,
      operation: null,
    });
    expect(progressParts({ fraction: 1, message: 'Done', estimatedRemainingMs: 0 }).remaining).toBeNull();
  });
});
